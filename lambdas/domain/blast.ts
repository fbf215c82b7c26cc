import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { blastDateKey, expiresAtFor, isDigestDay, notificationPreferencesOf } from '../../shared/rules';
import { logger } from '../core/logger';
import { blastsRepository, type BlastRun } from '../data/blasts';
import { listingsRepository } from '../data/listings';
import { fullReadPageSize } from '../data/table';
import { locksRepository } from '../data/locks';
import { usersRepository } from '../data/users';
import { countMetric } from '../core/metrics';
import { enqueueDeliveries } from './delivery/queue';
import { MAX_DELIVERIES, type DeliveryMessage, type DigestRecipient } from './delivery/messages';

export { MAX_DELIVERIES };
import { sendClaimed } from './delivery/send';
import { DigestContext, digestFor, digestSent, type DigestMail } from './digest';
import { matchListing, unmatchListing } from './matching';
import { marketHistoriesAt } from './property-history';
import { refreshDirectory } from './directory';
import { syncListingsMarket } from './market';

/**
 * The weekday digest (PRODUCT.md "Listing lifecycle"): every queued listing goes out once, in the
 * personal digest of each approved broker whose categories it is in (lambdas/domain/digest: matches, saved
 * searches, then the categories' new listings and requirements), then becomes published. Delivered through the
 * delivery queue (docs/DECISIONS.md "The weekday blast and the delivery queue"):
 * - the planner (the scheduled job, `runBlast`) claims the queued listings for a run (queued → processing,
 *   stamped with its runId, named in its RUN item), pages through the active brokers and enqueues, in
 *   batches, every broker whose digest day it is; one planner at a time (a lease, `LOCK#blast`, renewed after
 *   every page). A run starts every time the job runs, listings queued or not: saved searches, matches and
 *   requirements fill digests too;
 * - workers (`sendBlastBatch`) send a batch, paced to SES's send rate; each broker's digest is claimed in the
 *   run's ledger (`SENT#<userId>`) before it is sent and the claim is given back if SES refuses, so a
 *   redelivered batch (a crashed worker, SES failures) sends exactly the digests still missing; a broker with
 *   nothing new gets none;
 * - a batch whose digests keep failing is given up on its last delivery (logged); a batch is counted once
 *   when it is through, and the worker that counts the last one enqueues the run's publishing, a message per
 *   chunk of listings, so every worker publishes (`publishBlastChunk`): the listings become
 *   published after their digests went out; the worker that counts the last chunk marks the run done.
 * The one window left is a hard crash while SES is accepting a mail: that claim stays, so that broker may
 * miss the digest rather than receive it twice.
 *
 * Weekends: the schedule fires Mon–Fri 09:00 America/New_York only; the job itself does not look at the
 * day, so `npm run job -- blast` on a Saturday sends whatever is queued.
 *
 * Memory stays flat in the number of brokers: the planner reads users page by page and enqueues as it
 * goes; a worker holds one batch and the day's new items (a DigestContext per run).
 */

export const BLAST_JOB_ID = 'blast';
/** Renewed after every page of brokers, so it only has to outlive one page; a crashed planner blocks the next this long. */
export const BLAST_LEASE_MS = 5 * 60 * 1000;
/**
 * Brokers per queue message: claimed together, then sent together (a message stays far under SQS's 256 KB).
 * Between two messages a worker's pace goes unused (the batch's last sends, its count, the next one's reads),
 * so a message holds many brokers (the delivery bench measures the effect).
 */
export const DIGEST_BATCH_SIZE = 250;
/**
 * Listings per publishing message: each is matched, indexed and counted in the market, so the workers share
 * them. A page of the run's listings: tests set pages small (QUERY_PAGE_SIZE) to publish in several chunks.
 */
const publishChunkSize = () => fullReadPageSize(50)!;
/** Listings (and directory cards) written at once by one worker. */
const PUBLISH_CONCURRENCY = 25;
const chunkCount = (run: BlastRun) => Math.ceil(run.listingIds.length / publishChunkSize());

export interface BlastOptions {
  now?: Date;
  /** Brokers per queue message. */
  batchSize?: number;
  /** False: the run publishes its listings and mails no digests (the demo's seed: its day's blast counts as sent). */
  digests?: boolean;
}

export interface BlastRunReport {
  runId: string;
  listings: number;
  /** Batches enqueued for the run (null: not planned). */
  batches: number | null;
  state: BlastRun['state'];
}

export interface BlastReport {
  status: 'busy' | 'idle' | 'ran';
  runs: BlastRunReport[];
}

class LeaseLost extends Error {
  constructor() {
    super('blast lease lost to another run');
  }
}

/** The planner: resumes the runs a crash left claiming, planning or publishing, then starts today's. */
export async function runBlast(options: BlastOptions = {}): Promise<BlastReport> {
  const now = options.now ?? new Date();
  const owner = randomUUID();
  if (!(await locksRepository.acquire(BLAST_JOB_ID, BLAST_LEASE_MS, owner))) {
    logger.info('blast: another run holds the lease');
    return { status: 'busy', runs: [] };
  }
  const renewLease = async () => {
    if (!(await locksRepository.acquire(BLAST_JOB_ID, BLAST_LEASE_MS, owner))) throw new LeaseLost();
  };
  try {
    const runs: BlastRunReport[] = [];
    for (const run of await blastsRepository.unfinished()) {
      logger.info('blast: resuming an unfinished run', { runId: run.runId, state: run.state });
      runs.push(await processRun(run, now, options, renewLease));
    }
    const fresh = await startRun(now);
    if (fresh) runs.push(await processRun(fresh, now, options, renewLease));
    logger.info('blast planned', { runs });
    return { status: runs.length ? 'ran' : 'idle', runs };
  } finally {
    await locksRepository.release(BLAST_JOB_ID, owner);
  }
}

/**
 * A new run naming every queued listing. With none queued it still runs, for the day's digests, but only as
 * the day's first run: a schedule that fires twice sends no second digest.
 */
async function startRun(now: Date): Promise<BlastRun | null> {
  const queued = await listingsRepository.idsByStatus('queued');
  const runId = `${blastDateKey(now)}-${randomUUID().slice(0, 8)}`;
  const firstOfDay = await blastsRepository.claimDay(blastDateKey(now), runId);
  if (queued.length === 0 && !firstOfDay) return null;
  return blastsRepository.create({
    runId,
    state: 'claiming',
    listingIds: queued,
    startedAt: now.toISOString(),
    publishedOn: null,
    finishedAt: null,
    sent: 0,
    failed: 0,
    attempts: 0,
  });
}

async function processRun(initial: BlastRun, now: Date, options: BlastOptions, renewLease: () => Promise<void>): Promise<BlastRunReport> {
  let run = initial;
  if (run.state === 'claiming') run = await claimListings(run, now);
  if (run.state === 'planning') run = await planRun(run, options, renewLease);
  // Every batch through (its workers were quick, or the publish message was lost): publish now.
  if (run.state === 'sending' && run.batchesDone >= (run.batches ?? Infinity)) run = await advanceToPublishing(run);
  if (run.state === 'publishing') run = await finishRun(run);
  return { runId: run.runId, listings: run.listingIds.length, batches: run.batches, state: run.state };
}

/** queued → processing for this run; listings deleted or taken meanwhile drop out of the run. */
async function claimListings(run: BlastRun, now: Date): Promise<BlastRun> {
  // In the run's order (its chunks are published in it), 25 claims at a time.
  const results = await pLimit(25).map(run.listingIds, (id) => listingsRepository.claimForRun(id, run.runId));
  const claimed = results.flatMap((record) => (record ? [record.listingId] : []));
  return blastsRepository.advance(run.runId, 'planning', { listingIds: claimed, publishedOn: run.publishedOn ?? now.toISOString() });
}

/**
 * Pages through the active brokers and enqueues, in batches, those whose digest day it is (Profile →
 * Notifications: every weekday, or Mondays); whether they have anything new, the worker finds out.
 * Mail-stopped addresses (a hard bounce or a complaint) receive nothing until the broker resumes. Batches are
 * numbered in page order, so a planner that crashed and plans again enqueues the same numbers (the ledger
 * keeps each broker at one digest).
 */
async function planRun(run: BlastRun, { batchSize = DIGEST_BATCH_SIZE, digests = true }: BlastOptions, renewLease: () => Promise<void>): Promise<BlastRun> {
  const day = digestDayOf(run);
  let batches = 0;
  let recipients: DigestRecipient[] = [];
  let messages: DeliveryMessage[] = [];
  const flush = async (force: boolean) => {
    if (recipients.length && (force || recipients.length >= batchSize)) {
      messages.push({ kind: 'blast-digests', runId: run.runId, batch: batches++, recipients });
      recipients = [];
    }
    if (messages.length && (force || messages.length >= 10)) {
      await enqueueDeliveries(messages);
      messages = [];
      await renewLease();
    }
  };
  for await (const user of digests ? usersRepository.allByStatus('active') : []) {
    if (user.mailStop || !isDigestDay(notificationPreferencesOf(user.notifications).digestFrequency, day)) continue;
    recipients.push({ userId: user.userId, email: user.email });
    await flush(false);
  }
  await flush(true);
  return blastsRepository.advance(run.runId, 'sending', { batches, addAttempt: true });
}

/** The run's digest day: its clock (publishedOn, set when it claimed its listings). */
const digestDayOf = (run: BlastRun) => new Date(run.publishedOn ?? run.startedAt);

/** Every batch is through: publish, unless another worker or planner already moved the run on. */
async function advanceToPublishing(run: BlastRun): Promise<BlastRun> {
  return blastsRepository.advance(run.runId, 'publishing');
}

/**
 * The run's listings published (by the planner resuming it, unless the workers' chunks did), then counted in
 * the market's aggregates and their owners' directory cards refreshed, once for the whole run: a chunk's
 * listings share most of their cells with the other chunks', so adding per chunk wrote each cell once per
 * chunk that touched it (about 4,000 writes, a quarter of the requests publishing 1,000 listings in 20
 * chunks; once per run, about 1,900). Then the run is done. A repeated call adds nothing twice (each
 * listing's market transition is claimed).
 */
async function finishRun(run: BlastRun, { published = false } = {}): Promise<BlastRun> {
  if (!published) await publishListings(run, run.listingIds);
  // Independent writes (the market's cells, the owners' cards), at once: the run waits for the longer.
  await Promise.all([syncListingsMarket(run.listingIds), refreshOwners(run.listingIds)]);
  if (run.failed > 0) logger.error('blast: digests given up on after every delivery failed', { runId: run.runId, failed: run.failed });
  return blastsRepository.advance(run.runId, 'done', { finishedAt: new Date().toISOString() });
}

/** The runs this worker sent batches of lately, with the new items their digests share (one a day, in practice; two when a crash left one). */
const contextsByRun = new Map<string, DigestContext>();

function contextOf(run: BlastRun): DigestContext {
  let context = contextsByRun.get(run.runId);
  if (!context) {
    context = new DigestContext(digestDayOf(run), run);
    contextsByRun.set(run.runId, context);
    for (const runId of [...contextsByRun.keys()].slice(0, -2)) contextsByRun.delete(runId);
  }
  return context;
}

export interface BatchOutcome {
  /** 'retry': some digests failed and the message has deliveries left; the queue delivers it again. */
  outcome: 'done' | 'retry';
  sent: number;
  failed: number;
}

/**
 * A worker's part: one batch of a run's digests, paced to SES's send rate. Digests SES or DynamoDB refused
 * are retried by redelivering the message, until its last delivery (`lastDelivery`), which gives up on them.
 */
export async function sendBlastBatch(
  message: Extract<DeliveryMessage, { kind: 'blast-digests' }>,
  { lastDelivery, concurrency = 10 }: { lastDelivery: boolean; concurrency?: number },
): Promise<BatchOutcome> {
  const run = await blastsRepository.get(message.runId);
  if (!run) {
    logger.error('blast: a batch of an unknown run is dropped', { runId: message.runId, batch: message.batch });
    return { outcome: 'done', sent: 0, failed: 0 };
  }
  const context = contextOf(run);
  // The batch's brokers and their saved searches in BatchGets, moments before their digests are made and sent.
  const userIds = message.recipients.map((r) => r.userId);
  const [records, searches] = await Promise.all([usersRepository.getMany(userIds), context.searchesOf(userIds)]);
  const users = new Map(records.map((user) => [user.userId, user]));
  const mails = new Map<string, DigestMail>();
  const digestOf = async ({ userId }: DigestRecipient) => {
    const mail = await digestFor(userId, context.day, context, { user: users.get(userId) ?? null, searches: searches.get(userId) ?? [] });
    if (mail) mails.set(userId, mail);
    return mail;
  };
  const { sent, skipped, failed } = await sendClaimed(message.recipients, digestOf, {
    claim: (userId, claimedAt) => blastsRepository.claimDelivery(run.runId, userId, claimedAt),
    state: (userId) => blastsRepository.deliveryState(run.runId, userId),
    sent: async (claims) => {
      await blastsRepository.markDelivered(run.runId, claims);
      // Their saved searches' bookkeeping (marks only move forward: a redelivery repeats it harmlessly).
      const at = new Date();
      await Promise.all(
        claims.map(async ({ userId }) => {
          await digestSent(mails.get(userId)!, at);
          mails.delete(userId);
        }),
      );
    },
    release: (userId) => blastsRepository.releaseDelivery(run.runId, userId),
  }, { concurrency });
  countMetric('BlastDigestsSent', sent);
  countMetric('BlastDigestsFailed', failed);
  if (failed > 0 && !lastDelivery) return { outcome: 'retry', sent, failed };
  if (failed > 0) logger.error('blast: giving up on digests that keep failing', { runId: run.runId, batch: message.batch, failed });

  // Sent by this delivery or an earlier one: every recipient with a digest but those given up on.
  const after = await blastsRepository.completeBatch(run.runId, message.batch, message.recipients.length - skipped - failed, failed);
  if (after.state === 'sending' && after.batchesDone >= (after.batches ?? Infinity)) {
    // The run stays `sending` until its last chunk is counted: a delivery of this batch after a crash here enqueues them again.
    const publishing = Array.from({ length: chunkCount(after) }, (_, chunk): DeliveryMessage => ({ kind: 'blast-publish', runId: run.runId, chunk }));
    if (publishing.length === 0) await finishRun(after);
    else await enqueueDeliveries(publishing);
  }
  return { outcome: 'done', sent, failed };
}

/**
 * Every batch of the run is through: one chunk of its listings becomes published (idempotent; repeated
 * deliveries are harmless). The worker that counts the run's last chunk marks it done.
 */
export async function publishBlastChunk(runId: string, chunk: number): Promise<BlastRun | null> {
  const run = await blastsRepository.get(runId);
  if (!run || run.state === 'done') return run;
  const size = publishChunkSize();
  await publishListings(run, run.listingIds.slice(chunk * size, (chunk + 1) * size));
  const after = await blastsRepository.completePublishChunk(runId, chunk);
  if (after.state !== 'done' && after.publishChunksDone >= chunkCount(after)) return finishRun(after, { published: true });
  return after;
}

/**
 * Listings of the run become published with the run's `publishedOn` and appear in the browse index.
 * Idempotent, so a resumed run repeats it safely. A listing deleted meanwhile is skipped; one deleted between
 * the publish and the index write has its index items removed again. Their market figures and their owners'
 * directory cards wait for the run's end (finishRun), once per cell and per owner rather than once per chunk.
 */
async function publishListings(run: BlastRun, listingIds: readonly string[]): Promise<void> {
  const dates = { publishedOn: run.publishedOn!, expiresAt: expiresAtFor(run.publishedOn!) };
  // The run's listings still here (BatchGets), and their properties' histories (days on BISN and the
  // price history continue from the property's last listing), read together rather than one by one.
  const records = (await listingsRepository.getMany(listingIds)).filter((record) => record.runId === run.runId);
  const histories = await marketHistoriesAt(records, () => dates.publishedOn);
  await pLimit(PUBLISH_CONCURRENCY).map(records, async ({ listingId }) => {
    const published = await listingsRepository.markPublished(listingId, run.runId, dates, histories.get(listingId)!);
    if (!published) return;
    await listingsRepository.writeIndex(published);
    await matchListing(published);
    if (!(await listingsRepository.get(listingId))) {
      await unmatchListing(published);
      await listingsRepository.deleteIndex(published);
    }
  });
}

/** Each owner's directory card (their active listings' count and facets), several owners at once. */
async function refreshOwners(listingIds: readonly string[]): Promise<void> {
  await pLimit(PUBLISH_CONCURRENCY).map(await listingsRepository.ownersOf(listingIds), refreshDirectory);
}
