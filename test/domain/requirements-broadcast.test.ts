import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import { sqs } from '../../lambdas/core/aws';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { matchesRepository } from '../../lambdas/data/matches';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { usersRepository } from '../../lambdas/data/users';
import { matchListing } from '../../lambdas/domain/matching';
import { createRequirement } from '../../lambdas/domain/requirements';
import { broadcastRequirements, type BroadcastReport } from '../../lambdas/domain/requirements-broadcast';
import type { PropertyTypeId } from '../../shared/catalog';
import { defaultNotificationPreferences } from '../../shared/api';
import { queueDepth } from '../../lib/local/sqs';
import { drainDeliveries, dynamoRefusing, freshDeliveryQueue, intercept, logsDuring, onQuickQueue, workerDyingAtClaim } from './blast-support';
import { beforeDbRequest, refuseMails, storedListing, storedRequirement, type DbRequest } from './matching-support';
import { broker, mailsTo, requirementInput, type Actor } from './support';

/**
 * The requirement broadcast over this file's own table (it reads every waiting requirement and every
 * active broker) and delivery queue: who is mailed, exactly once whatever SES, a crash, a worker or another
 * run does. Each test's brokers subscribe to one property type's requirements only, and each test leaves
 * nothing waiting, so a run's report and mails are that test's.
 */

let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});
/** The planner (the scheduled job), then the delivery workers until the queue is empty. */
async function broadcast(now?: Date): Promise<BroadcastReport> {
  const report = await broadcastRequirements(now);
  await drainDeliveries(queues);
  return report;
}

const MINUTE_MS = 60_000;
const subscriber = (propertyTypeId: PropertyTypeId, label = 'reader', fields = {}) => broker(label, { subscribed: [`${propertyTypeId}-requirements`], ...fields });
const author = () => broker('author', { subscribed: [] });
const subjectOf = (title: string, typeName: string) => `New ${typeName} requirement: ${title}`;
const copiesOf = async (actor: Actor, subject: string) => (await mailsTo(actor.record.email)).filter((mail) => mail.subject === subject).length;
/** Brokers done with: no later test's broadcast reaches them. */
const retire = (...actors: Actor[]) => Promise.all(actors.map((actor) => usersRepository.update(actor.record.userId, { status: 'disabled' })));
const outcomes = (report: BroadcastReport) => report.requirements;

const isMarkSent = (request: DbRequest) => request.UpdateExpression === 'SET #status = :sent, updatedAt = :now REMOVE gsi2pk, gsi2sk, leaseId';
const isStamp = (request: DbRequest) => !!request.UpdateExpression?.startsWith('SET sentAt = if_not_exists');
const isTransitionTo = (to: string) => (request: DbRequest) =>
  request.ConditionExpression === '#status = :from AND leaseId = :expectLease' && JSON.stringify(request.ExpressionAttributeValues?.[':to']).includes(to);
/** Another run taking the requirement over. */
const takeOver = (requirementId: string) => () => requirementsRepository.transition(requirementId, 'processing', 'processing', { setLeaseId: 'another-run' });

describe('the broadcast', () => {
  it('mails every active broker subscribed to the property type’s requirements at once, except its author, stopped addresses and those who chose the digest or off, then lists and matches it', async () => {
    // The author is subscribed too: being the author alone keeps them off the list.
    const [writer, reader, reader2, officeOnly] = await Promise.all([subscriber('retail', 'author'), subscriber('retail'), subscriber('retail', 'reader2'), subscriber('office', 'office')]);
    const stopped = await subscriber('retail', 'stopped', { mailStop: { reason: 'bounce', at: new Date().toISOString(), detail: 'gone' } });
    const preferring = (requirements: 'digest' | 'off') => subscriber('retail', requirements, { notifications: { ...defaultNotificationPreferences, requirements } });
    const [inDigest, off] = await Promise.all([preferring('digest'), preferring('off')]);
    const [waiting, disabled] = await Promise.all([subscriber('retail', 'waiting', { status: 'awaiting approval' }), subscriber('retail', 'disabled', { status: 'disabled' })]);
    const listing = await storedListing(reader.record, { propertyTypeId: 'retail', marketId: 'sac-south-natomas' });
    await matchListing(listing);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'retail', marketIds: ['sac-south-natomas'] }));

    const report = await broadcast();
    expect(report.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(outcomes(report)).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: 2 }]);
    const subject = subjectOf(requirement.title, 'Retail');
    expect([await copiesOf(reader, subject), await copiesOf(reader2, subject)]).toEqual([1, 1]);
    for (const left of [writer, officeOnly, stopped, waiting, disabled, inDigest, off]) expect(await mailsTo(left.record.email)).toEqual([]);
    const [mail] = await mailsTo(reader.record.email);
    expect(mail!.html).toContain(`/consumer/requirement/${requirement.requirementId}`);
    expect(mail!.headers.some((header) => header.name === 'List-Unsubscribe')).toBe(true);

    const stored = await requirementsRepository.get(requirement.requirementId);
    expect(stored).toMatchObject({ status: 'sent', sentAt: expect.any(String), attempts: 1 });
    expect(stored?.leaseId).toBeUndefined();
    expect((await requirementsRepository.deliveries(requirement.requirementId)).map((entry) => [entry.userId, entry.state]).sort()).toEqual(
      [
        [reader.record.userId, 'sent'],
        [reader2.record.userId, 'sent'],
      ].sort(),
    );
    expect((await requirementsRepository.pageSent({ marketId: 'sac-south-natomas' }, 10)).items.map((row) => row.requirementId)).toEqual([requirement.requirementId]);
    expect((await matchesRepository.ofRequirement(writer.record.userId, requirement.requirementId)).map((side) => side.listingId)).toEqual([listing.listingId]);

    expect(outcomes(await broadcast())).toEqual([]);
    expect(await copiesOf(reader, subject)).toBe(1);
    await retire(writer, reader, reader2, stopped, officeOnly, inDigest, off);
  });

  it('puts its brokers on the queue 50 to a job: one more subscriber than a job holds makes two jobs, each broker in one', async () => {
    const writer = await author();
    const readers = await Promise.all(Array.from({ length: 51 }, (_, i) => subscriber('apartment', `batch${i}`)));
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'apartment' }));
    const jobs: string[][] = [];
    const restore = intercept(sqs(), (command) => {
      for (const entry of (command.input as SendMessageBatchCommandInput).Entries ?? []) {
        const job = JSON.parse(entry.MessageBody!) as { requirementId?: string; recipients: { userId: string }[] };
        if (job.requirementId === requirement.requirementId) jobs.push(job.recipients.map((recipient) => recipient.userId));
      }
    });
    const report = await broadcastRequirements().finally(restore);
    await drainDeliveries(queues);
    expect(outcomes(report)).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: 51 }]);
    expect(jobs.map((job) => job.length).sort((a, b) => a - b)).toEqual([1, 50]);
    expect(jobs.flat().sort()).toEqual(readers.map((reader) => reader.record.userId).sort());
    await retire(writer, ...readers);
  });

  it('retries the brokers SES refused on a later delivery of their batch, mailing the others once', async () => {
    const [writer, reader, refused] = await Promise.all([author(), subscriber('office'), subscriber('office', 'refused')]);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'office' }));
    let refusals = 0;
    const restore = refuseMails((to) => to === refused.record.email && ++refusals <= 2);
    let report;
    try {
      report = await broadcast();
    } finally {
      restore();
    }
    expect(outcomes(report)).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: 2 }]);
    expect(refusals).toBe(3);
    const subject = subjectOf(requirement.title, 'Office');
    expect([await copiesOf(reader, subject), await copiesOf(refused, subject)]).toEqual([1, 1]);
    expect((await requirementsRepository.deliveries(requirement.requirementId)).map((entry) => entry.state)).toEqual(['sent', 'sent']);
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'sent', attempts: 1 });
    await retire(reader, refused);
  });

  it('gives up on a broker SES keeps refusing at the fifth delivery of their batch (logged), never mailing anyone twice', async () => {
    const [writer, reader, refused] = await Promise.all([author(), subscriber('industrial'), subscriber('industrial', 'refused')]);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'industrial' }));
    let refusals = 0;
    const restore = refuseMails((to) => to === refused.record.email && ++refusals > 0);
    let logs;
    try {
      ({ logs } = await logsDuring(() => broadcast()));
    } finally {
      restore();
    }
    expect(refusals).toBe(5);
    expect(logs.filter((line) => line.level === 'ERROR')).toMatchObject([{ message: 'requirement broadcast gave up on some brokers', requirementId: requirement.requirementId, failed: 1 }]);
    const subject = subjectOf(requirement.title, 'Industrial');
    expect([await copiesOf(reader, subject), await copiesOf(refused, subject)]).toEqual([1, 0]);
    expect((await requirementsRepository.deliveries(requirement.requirementId)).map((entry) => entry.userId)).toEqual([reader.record.userId]);
    await retire(reader, refused);
  });

  it('a worker killed mid-batch leaves its message to come back: every broker is mailed once', async () => {
    const writer = await author();
    const readers = await Promise.all(Array.from({ length: 4 }, (_, i) => subscriber('land', `crowd${i}`)));
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'land' }));
    expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: 4 }]);
    const subject = subjectOf(requirement.title, 'Land');
    const counts = () => Promise.all(readers.map((reader) => copiesOf(reader, subject)));

    // The worker dies as it claims its third mail: from then on none of its claims returns.
    const restore = await workerDyingAtClaim(queues, 3);
    try {
      await vi.waitFor(async () => expect((await counts()).reduce((sum, n) => sum + n, 0)).toBe(2), { timeout: 20_000, interval: 200 });
    } finally {
      restore();
    }

    // After the visibility timeout the message comes back to a live worker, which mails the two missing.
    await drainDeliveries(queues);
    expect(await counts()).toEqual([1, 1, 1, 1]);
    await retire(...readers);
  });

  it('SES throttling past the SDK retries: the batch comes back and only the mails still missing are sent', async () => {
    const writer = await author();
    const readers = await Promise.all(Array.from({ length: 3 }, (_, i) => subscriber('office', `throttled${i}`)));
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'office' }));
    // The next 6 sends to them are refused as over the account's rate: the SDK's three tries of the first
    // two mails (the other files' mails on the emulator go through).
    const to = readers.map((reader) => reader.record.email);
    await fetch(`${process.env.AWS_ENDPOINT_URL_SESV2}/throttle`, { method: 'PUT', body: JSON.stringify({ sends: 6, to }) });
    await logsDuring(() => broadcast());
    expect(await Promise.all(readers.map((reader) => copiesOf(reader, subjectOf(requirement.title, 'Office'))))).toEqual([1, 1, 1]);
    await retire(...readers);
  }, 60_000);

  it('a batch whose work keeps failing goes to the dead-letter queue after five deliveries, where the alarm sees it', () =>
    onQuickQueue(async (quick) => {
      const [writer, reader] = await Promise.all([author(), subscriber('retail', 'poisoned')]);
      const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'retail' }));
      expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: 1 }]);
      // The worker cannot read the requirement, delivery after delivery (the batch's message is poison to it).
      let reads = 0;
      const { logs } = await dynamoRefusing(
        (command) => command instanceof GetCommand && JSON.stringify(command.input).includes(requirement.requirementId) && ++reads > 0,
        () => logsDuring(() => drainDeliveries(quick)),
      );
      expect(logs.filter((line) => line.message === 'delivery message failed')).toHaveLength(5);
      expect(await queueDepth(quick.client, quick.deadLetterQueueUrl)).toEqual({ visible: 1, inFlight: 0 });
      expect(await copiesOf(reader, subjectOf(requirement.title, 'Retail'))).toBe(0);
      await retire(reader);
    }), 60_000);

  it('takes over a crashed run’s requirement only after its 2-minute lease, mailing only the brokers it had not reached', async () => {
    const [writer, reached, missed] = await Promise.all([author(), subscriber('land', 'reached'), subscriber('land', 'missed')]);
    const crashedAt = new Date(Date.now() - 10 * MINUTE_MS);
    const requirement = await storedRequirement(writer.record, {
      status: 'processing',
      propertyTypeId: 'land',
      leaseId: 'crashed-run',
      attempts: 1,
      updatedAt: crashedAt.toISOString(),
    });
    const claimedAt = crashedAt.toISOString();
    await requirementsRepository.claimDelivery(requirement.requirementId, reached.record.userId, claimedAt);
    await requirementsRepository.confirmDelivery(requirement.requirementId, [{ userId: reached.record.userId, claimedAt }]);

    expect(outcomes(await broadcast(new Date(crashedAt.getTime() + 2 * MINUTE_MS)))).toEqual([]);
    expect((await requirementsRepository.get(requirement.requirementId))?.leaseId).toBe('crashed-run');
    // Both are enqueued again; the ledger keeps the one reached from a second mail.
    expect(outcomes(await broadcast(new Date(crashedAt.getTime() + 2 * MINUTE_MS + 1)))).toEqual([
      { requirementId: requirement.requirementId, result: 'sent', recipients: 2 },
    ]);
    expect(await mailsTo(reached.record.email)).toEqual([]);
    expect(await mailsTo(missed.record.email)).toHaveLength(1);
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'sent', attempts: 2 });
    await retire(reached, missed);
  });

  it('sends a requirement once when runs overlap', async () => {
    const [writer, reader] = await Promise.all([author(), subscriber('apartment')]);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'apartment' }));
    const reports = await Promise.all([broadcast(), broadcast(), broadcast()]);
    expect(reports.flatMap(outcomes).filter((outcome) => outcome.result === 'sent').map((outcome) => outcome.requirementId)).toEqual([requirement.requirementId]);
    expect(await copiesOf(reader, subjectOf(requirement.title, 'Apartment'))).toBe(1);
    await retire(reader);
  });
});

describe('a broadcast interrupted', () => {
  it('by DynamoDB refusing a broker’s ledger claim counts that broker as not reached, and the batch’s redelivery mails them', async () => {
    const [writer, reader, throttled] = await Promise.all([author(), subscriber('apartment', 'reader'), subscriber('apartment', 'throttled')]);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'apartment' }));
    const undo = beforeDbRequest(
      (request) => JSON.stringify(request.Item?.sk ?? '').includes(`SENT#${throttled.record.userId}`),
      () => Promise.reject(Object.assign(new Error('injected: throttled'), { name: 'ProvisionedThroughputExceededException' })),
    );
    try {
      expect(outcomes(await broadcast())).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: 2 }]);
    } finally {
      undo();
    }
    const subject = subjectOf(requirement.title, 'Apartment');
    expect([await copiesOf(reader, subject), await copiesOf(throttled, subject)]).toEqual([1, 1]);
    await retire(reader, throttled);
  });

  it('by an operator deleting the requirement takes back its browse entries and matches', async () => {
    const [writer, lister] = await Promise.all([author(), broker('lister', { subscribed: [] })]);
    const listing = await storedListing(lister.record, { propertyTypeId: 'speciality', marketId: 'sac-south-sacramento' });
    await matchListing(listing);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'speciality', marketIds: ['sac-south-sacramento'] }));
    const undo = beforeDbRequest(isMarkSent, () => requirementsRepository.delete(requirement.requirementId));
    try {
      expect(outcomes(await broadcast())).toEqual([{ requirementId: requirement.requirementId, result: 'deleted', recipients: 0 }]);
    } finally {
      undo();
    }
    expect(await requirementsRepository.get(requirement.requirementId)).toBeNull();
    expect((await requirementsRepository.pageSent({ marketId: 'sac-south-sacramento' }, 10)).items).toEqual([]);
    expect(await matchesRepository.ofListing(lister.record.userId, listing.listingId)).toEqual([]);
  });

  it('by another run taking it over, before it is stamped, while it renews its lease or as it is marked sent: this run lets go', async () => {
    const [writer, reader] = await Promise.all([author(), subscriber('flex')]);
    for (const moment of [isStamp, isTransitionTo('processing'), isMarkSent]) {
      const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'flex', marketIds: ['placer-lincoln'] }));
      const undo = beforeDbRequest(moment, takeOver(requirement.requirementId));
      try {
        const [outcome] = outcomes(await broadcast());
        expect(outcome).toMatchObject({ requirementId: requirement.requirementId, result: 'lease-lost' });
      } finally {
        undo();
      }
      expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'processing', leaseId: 'another-run' });
      // Let go before it was stamped: nothing of it is browsable.
      if (moment === isStamp) expect((await requirementsRepository.pageSent({ marketId: 'placer-lincoln' }, 10)).items).toEqual([]);
      await requirementsRepository.delete(requirement.requirementId);
    }
    await retire(reader);
  });

  it('by a crash leaves it processing under its lease, and the run goes on', async () => {
    const writer = await author();
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'speciality' }));
    const undo = beforeDbRequest(isMarkSent, () => Promise.reject(new Error('injected: DynamoDB unreachable')));
    try {
      expect(outcomes(await broadcast())).toEqual([{ requirementId: requirement.requirementId, result: 'failed', recipients: 0 }]);
    } finally {
      undo();
    }
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'processing', leaseId: expect.any(String) });
    expect(outcomes(await broadcast())).toEqual([]);
    await requirementsRepository.delete(requirement.requirementId);
  });
});
