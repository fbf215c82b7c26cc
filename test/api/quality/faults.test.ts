import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, ses } from '../../../lambdas/core/aws';
import { env } from '../../../lambdas/core/env';
import { runBlast, type BlastOptions } from '../../../lambdas/domain/blast';
import { blastsRepository } from '../../../lambdas/data/blasts';
import { drainDeliveryQueue } from '../requirements/support';
import { broadcastRequirements } from '../../../lambdas/domain/requirements-broadcast';
import { requirementsRepository } from '../../../lambdas/data/requirements';
import type { Listing, PresignResponse, Requirement, User } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import {
  bucketKeys,
  call,
  createDraft,
  createRequirement,
  expectOk,
  failRequests,
  failS3Requests,
  failSends,
  finalise,
  getListing,
  newApprovedBroker,
  newUser,
  postToS3,
  presign,
  queuedListing,
  readMailStore,
  saveDraft,
  serviceError,
  startStack,
  testImage,
  throttled,
  uploadPhoto,
  validDraft,
  type Broker,
} from './support';

/**
 * Faults injected at the AWS SDK clients of this process (the jobs run here, and the gateway runs the
 * handlers here) and at the network boundary of our S3 requests (`fetch`), never into our own code:
 * - throttling the SDK retries away (the wire fails under the retry middleware): one run still does it all;
 * - an outage that outlasts the retries (the client's `send` fails), at every DynamoDB call of a blast
 *   and of a requirement broadcast in turn: re-runs finish the job, nobody misses it, nobody gets it twice;
 * - an image finalise whose S3 throttling is retried away, or interrupted between its variants (S3 failing
 *   every attempt) or before the listing is updated.
 * SES refusing mail mid-run is covered by test/api/listings/blast.test.ts and test/api/requirements/broadcast.test.ts.
 */

let stack: LocalStack;
let operator: Broker;
let author: Broker;
/** Every approved broker: each is subscribed to every category, so each must get every listing and requirement once. */
let recipients: Broker[];
const undo: (() => void)[] = [];

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  author = await newApprovedBroker(stack, operator, 'author');
  // The author's own listings and requirements are not mailed to the author.
  recipients = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => newApprovedBroker(stack, operator, `reader${i}`)));
}, 120_000);

afterEach(() => {
  for (const restore of undo.splice(0)) restore();
});

afterAll(async () => stack?.stop());

/** How many mails each recipient got that carry the listing (its detail link in the digest). */
async function listingCopies(listing: Pick<Listing, 'listingId'>): Promise<number[]> {
  const mails = await readMailStore(stack);
  const link = `/consumer/listing/${listing.listingId}"`;
  return recipients.map((broker) => mails.filter((m) => m.to.includes(broker.email) && m.html?.includes(link)).length);
}

async function requirementCopies(requirement: Requirement): Promise<number[]> {
  const subject = `New ${requirement.propertyType.name} requirement: ${requirement.title}`;
  const mails = await readMailStore(stack);
  return recipients.map((broker) => mails.filter((m) => m.to.includes(broker.email) && m.subject === subject).length);
}

const once = () => recipients.map(() => 1);

/** `count` drafts of the author, each complete with a small photo, ready to publish (made a few at a time). */
async function completeDrafts(count: number): Promise<string[]> {
  const photo = await testImage('jpeg', 320, 200);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, async () => {
      const draft = await createDraft(stack, author);
      await expectOk(saveDraft(stack, author, draft.listingId, validDraft()));
      await expectOk(uploadPhoto(stack, author, draft.listingId, photo));
      return draft.listingId;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

/** The blast lease of a run that died without releasing it lapses; the next scheduled run then proceeds. */
async function leaseLapses(): Promise<void> {
  await documentClient().send(
    new PutCommand({ TableName: env().TABLE_NAME, Item: { pk: 'LOCK#blast', sk: 'LOCK', owner: 'crashed', expiresAtMs: Date.now() - 1 } }),
  );
}

/** The blast's planner, then its delivery workers until the queue is empty: each run as it ended. */
async function blastAndDeliver(options: BlastOptions) {
  const planned = await runBlast(options);
  await drainDeliveryQueue();
  const runs = await Promise.all(planned.runs.map(async ({ runId }) => (await blastsRepository.get(runId))!));
  return { status: planned.status, runs: runs.map((run) => ({ listings: run.listingIds.length, failed: run.failed, state: run.state })) };
}

/** The broadcast job, then the workers of its mails until the queue is empty. */
async function broadcastAndDeliver(now?: Date) {
  const report = await broadcastRequirements(now);
  await drainDeliveryQueue();
  return report;
}

/** Scheduled blasts (and their workers), as many as it takes (bounded) until nothing is left to do. Small batches: more calls, more places to fail. */
async function blastUntilIdle(): Promise<void> {
  for (let run = 0; run < 6; run++) {
    const report = await blastAndDeliver({ batchSize: 3 });
    if (report.status === 'idle') return;
    if (report.status === 'busy') await leaseLapses();
  }
  throw new Error('the blast never settled');
}

/** Scheduled broadcasts until the requirement is sent (its mails enqueued); each next run comes after the lease of a stopped one lapsed. */
async function broadcastUntilSent(requirementId: string): Promise<void> {
  let clock = Date.now();
  for (let run = 0; run < 6; run++) {
    await broadcastRequirements(new Date(clock)).catch(() => undefined);
    if ((await requirementsRepository.get(requirementId))?.status === 'sent') return;
    clock += 3 * 60_000;
  }
  throw new Error(`requirement ${requirementId} was never sent`);
}

describe('DynamoDB and SES throttling that the SDK retries away', () => {
  it('a blast still sends every digest once and publishes in one run', async () => {
    const listing = await queuedListing(stack, author);
    // Every fifth DynamoDB request and every third SES request is throttled once (bounded, to keep backoff short).
    const db = failRequests(documentClient(), (n) => n % 5 === 2 && n < 25, throttled);
    const mail = failRequests(ses(), (n) => n % 3 === 1 && n < 6, () => serviceError('TooManyRequestsException', 429));
    undo.push(db.restore, mail.restore);

    const report = await blastAndDeliver({ batchSize: 3 });

    expect(db.failed()).toBeGreaterThan(3);
    expect(mail.failed()).toBeGreaterThan(1);
    expect(report).toMatchObject({ status: 'ran', runs: [{ listings: 1, failed: 0, state: 'done' }] });
    expect(await listingCopies(listing)).toEqual(once());
    expect((await expectOk(getListing(stack, author, listing.listingId))).listing.status).toBe('published');
  });

  it('a requirement broadcast still reaches every broker once in one run', async () => {
    const requirement = await createRequirement(stack, author);
    const db = failRequests(documentClient(), (n) => n % 4 === 1 && n < 20, throttled);
    const mail = failRequests(ses(), (n) => n % 3 === 2 && n < 6, () => serviceError('ThrottlingException', 400));
    undo.push(db.restore, mail.restore);

    const report = await broadcastAndDeliver();

    expect(db.failed()).toBeGreaterThan(3);
    expect(report.requirements).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: recipients.length }]);
    expect(await requirementCopies(requirement)).toEqual(once());
  });
});

// Each sweep runs the job once per DynamoDB call it makes (dozens of runs): explicit room for a busy machine.
const SWEEP_TIMEOUT_MS = 480_000;

describe('a DynamoDB outage that outlasts the retries, at every call in turn', () => {
  /** How many DynamoDB calls `run` makes when nothing fails: the sweep then fails each of them in turn. */
  async function callsOf(run: () => Promise<unknown>): Promise<number> {
    const counter = failSends(documentClient(), () => false, throttled);
    try {
      await run();
    } finally {
      counter.restore();
    }
    return counter.calls();
  }

  // The planners' calls, each failed in turn; the workers' faults are the domain tier's (test/domain/blast.test.ts).
  it('blast: re-runs finish it; every broker gets the listing exactly once and it is published', async () => {
    const probe = await queuedListing(stack, author);
    const runCalls = await callsOf(() => runBlast({ batchSize: 3 }));
    await drainDeliveryQueue();
    expect(await listingCopies(probe)).toEqual(once());
    // The planner's calls (claim, page the brokers, enqueue): the sending is the workers'.
    expect(runCalls).toBeGreaterThan(10);

    const drafts = await completeDrafts(runCalls);
    const outcomes: string[] = [];
    for (let failAt = 1; failAt <= runCalls; failAt++) {
      const queued = await expectOk(call<{ listing: Listing }>(stack, author.token, 'publishListing', { params: { listingId: drafts[failAt - 1]! } }));
      const fault = failSends(documentClient(), (n) => n === failAt, throttled);
      undo.push(fault.restore);
      const first = await runBlast({ batchSize: 3 }).then(
        (report) => report.runs[0]?.state ?? report.status,
        (error: Error) => `threw ${error.name}`,
      );
      fault.restore();
      await blastUntilIdle();
      outcomes.push(`call ${failAt}: ${first}`);
      expect(await listingCopies(queued.listing), `fault at DynamoDB call ${failAt} of the run (${first})`).toEqual(once());
      expect((await expectOk(getListing(stack, author, queued.listing.listingId))).listing.status).toBe('published');
    }
    expect(outcomes.some((o) => o.includes('threw'))).toBe(true);
  }, SWEEP_TIMEOUT_MS);

  it('requirement broadcast: re-runs finish it; every broker gets it exactly once and it is sent', async () => {
    const probe = await createRequirement(stack, author);
    const runCalls = await callsOf(() => broadcastRequirements());
    await drainDeliveryQueue();
    expect(await requirementCopies(probe)).toEqual(once());
    expect(runCalls).toBeGreaterThan(10);

    // Each run faulted at one of its calls, then re-run until sent; their mails delivered together at the end.
    const requirements: Requirement[] = [];
    for (let failAt = 1; failAt <= runCalls; failAt++) {
      const requirement = await createRequirement(stack, author);
      requirements.push(requirement);
      const fault = failSends(documentClient(), (n) => n === failAt, throttled);
      undo.push(fault.restore);
      await broadcastRequirements().catch(() => undefined);
      fault.restore();
      await broadcastUntilSent(requirement.requirementId);
      const sent = await requirementsRepository.get(requirement.requirementId);
      expect(sent?.sentAt).toEqual(expect.any(String));
    }
    await drainDeliveryQueue();
    for (const [i, requirement] of requirements.entries()) {
      expect(await requirementCopies(requirement), `fault at DynamoDB call ${i + 1} of the broadcast`).toEqual(once());
    }
  }, SWEEP_TIMEOUT_MS);
});

describe('an interrupted image finalise', () => {
  /** Picks every attempt to store the `nth` variant a finalise writes (a PUT outside `/uploads/`), up to `attempts` of them. */
  function variantPut(nth: number, attempts = Infinity) {
    const variants: string[] = [];
    let picked = 0;
    return ({ method, key }: { method: string; key: string }) => {
      if (method !== 'PUT' || key.includes('/uploads/')) return false;
      if (!variants.includes(key)) variants.push(key);
      return variants.indexOf(key) === nth - 1 && picked++ < attempts;
    };
  }

  async function uploaded(listingId: string): Promise<string> {
    const bytes = await testImage('png', 900, 600);
    const presigned = await expectOk(presign(stack, author, listingId, 'image/png', bytes.byteLength));
    await postToS3(presigned, bytes, 'image/png');
    return presigned.key;
  }

  /** Objects under the listing's prefix that are neither a raw upload nor a variant of an image the listing lists. */
  async function orphans(listing: Listing): Promise<string[]> {
    const listed = new Set(listing.images.flatMap((image) => [image.thumbnail, image.medium, image.large].map((url) => new URL(url).pathname)));
    const keys = await bucketKeys(stack, `listings/${listing.listingId}/`);
    return keys.filter((key) => !key.includes('/uploads/') && ![...listed].some((path) => path.endsWith(`/${key}`)));
  }

  it('S3 throttling a variant once: retried away, the image is stored whole', async () => {
    const draft = await createDraft(stack, author);
    const fault = failS3Requests(stack, variantPut(2, 1), 'SlowDown', 503);
    undo.push(fault.restore);

    const { images } = await expectOk(finalise(stack, author, draft.listingId, await uploaded(draft.listingId)));
    fault.restore();

    expect(fault.failed()).toBe(1);
    expect(images).toHaveLength(1);
    for (const url of [images[0]!.thumbnail, images[0]!.medium, images[0]!.large]) expect((await fetch(url)).status, url).toBe(200);
    expect(await orphans((await expectOk(getListing(stack, author, draft.listingId))).listing)).toEqual([]);
  });

  it('S3 failing on the second variant: the listing keeps only complete images, no variant is left behind, a retry works', async () => {
    const draft = await createDraft(stack, author);
    await expectOk(uploadPhoto(stack, author, draft.listingId, await testImage('jpeg', 800, 600)));
    const key = await uploaded(draft.listingId);
    const fault = failS3Requests(stack, variantPut(2), 'SlowDown', 503);
    undo.push(fault.restore);

    const answer = await finalise(stack, author, draft.listingId, key);
    fault.restore();

    // Every attempt of the request failed: the outage outlasted the retries.
    expect(fault.failed()).toBe(3);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const after = (await expectOk(getListing(stack, author, draft.listingId))).listing;
    expect(after.images).toHaveLength(1);
    expect(await orphans(after)).toEqual([]);
    // The raw upload is still there, so the editor's retry of the same key succeeds.
    const retried = await expectOk(finalise(stack, author, draft.listingId, key));
    expect(retried.images).toHaveLength(2);
    const final = (await expectOk(getListing(stack, author, draft.listingId))).listing;
    expect(await orphans(final)).toEqual([]);
    for (const image of final.images) {
      for (const url of [image.thumbnail, image.medium, image.large]) expect((await fetch(url)).status, url).toBe(200);
    }
  });

  it('DynamoDB failing when the image is attached: nothing of that upload is left and the listing is unchanged', async () => {
    const draft = await createDraft(stack, author);
    const key = await uploaded(draft.listingId);
    const isAttach = (_n: number, command: { input: unknown }) =>
      command instanceof UpdateCommand && String((command.input as { UpdateExpression?: string }).UpdateExpression).includes('images');
    const fault = failSends(documentClient(), isAttach, throttled);
    undo.push(fault.restore);

    const answer = await finalise(stack, author, draft.listingId, key);
    fault.restore();

    expect(fault.failed()).toBe(1);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const after = (await expectOk(getListing(stack, author, draft.listingId))).listing;
    expect(after.images).toEqual([]);
    // The variants were removed again; the raw upload had already been consumed, so the editor uploads anew.
    expect(await bucketKeys(stack, `listings/${draft.listingId}/`)).toEqual([]);
    expect((await finalise(stack, author, draft.listingId, key)).status).toBe(400);
    expect((await expectOk(finalise(stack, author, draft.listingId, await uploaded(draft.listingId)))).images).toHaveLength(1);
  });

  it('a profile image interrupted on its second variant leaves the previous image in place, whole', async () => {
    const broker = recipients[1]!;
    const upload = async () => {
      const bytes = await testImage('jpeg', 600, 600);
      const presigned = await expectOk(
        call<PresignResponse>(stack, broker.token, 'presignProfileImage', {
          params: { userId: broker.userId },
          body: { contentType: 'image/jpeg', size: bytes.byteLength },
        }),
      );
      await postToS3(presigned, bytes, 'image/jpeg');
      return call<{ user: User }>(stack, broker.token, 'finaliseProfileImage', { params: { userId: broker.userId }, body: { key: presigned.key } });
    };
    const previous = (await expectOk(upload())).user.profileImage!;
    const fault = failS3Requests(stack, variantPut(2), 'InternalError', 500);
    undo.push(fault.restore);

    const answer = await upload();
    fault.restore();

    expect(fault.failed()).toBe(3);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const { user } = await expectOk(call<{ user: User }>(stack, broker.token, 'getUserByCognitoId', { params: { cognitoId: broker.userId } }));
    expect(user.profileImage).toEqual(previous);
    for (const url of Object.values(previous)) expect((await fetch(url)).status, url).toBe(200);
    const stored = await bucketKeys(stack, `users/${broker.userId}/profile/`);
    const variants = stored.filter((k) => !k.includes('/uploads/'));
    expect(variants.sort()).toEqual(Object.values(previous).map((url) => new URL(url).pathname.split('/').slice(2).join('/')).sort());
  });
});
