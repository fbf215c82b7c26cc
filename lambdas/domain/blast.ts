import { randomUUID } from 'node:crypto';
import { subscriptionIdFor, type PropertyTypeId } from '../../shared/catalog';
import { blastDateKey, expiresAtFor } from '../../shared/rules';
import { logger } from '../core/logger';
import { blastsRepository, type BlastRun } from '../data/blasts';
import { listingsRepository, type ListingRecord } from '../data/listings';
import { locksRepository } from '../data/locks';
import { usersRepository, type UserRecord } from '../data/users';
import { countMetric } from '../core/metrics';
import { sendMails, type OutgoingMail } from './mail';
import { blastDigestMails, digestEntry, type DigestEntry } from './mail/templates/blast-digest';
import { matchListing, unmatchListing } from './matching';
import { marketHistoryAt, reductionSinceLastListing } from './property-history';
import { refreshDirectory } from './directory';
import { syncListingMarket } from './market';

/**
 * The weekday listings blast (PRODUCT.md "Listing lifecycle"): every queued listing goes out once, in one
 * digest per approved broker holding the listings of the categories they subscribe to, then becomes
 * published. Exactly once, because
 * - one run at a time: a lease (`LOCK#blast`) renewed after every batch; a crashed holder's lease lapses;
 * - a run claims its listings (queued → processing, stamped with its runId) and records them in its RUN
 *   item before anything is sent, so a second run the same day finds nothing queued and sends nothing;
 * - a broker's digest is claimed in the run's ledger (`SENT#<userId>`) before it is sent and the claim is
 *   given back if SES refuses, so a resumed or retried run sends exactly the digests still missing;
 * - a run that stopped (crash, timeout, SES failures) stays unfinished and the next run resumes it first.
 * The one window left is a hard crash while SES is accepting a batch: those claims stay, so those brokers
 * may miss that digest rather than receive it twice (at most one batch).
 *
 * Weekends: the schedule fires Mon–Fri 09:00 America/New_York only; the job itself does not look at the
 * day, so `npm run job -- blast` on a Saturday sends whatever is queued.
 *
 * Memory stays flat in the number of brokers: users are read page by page and mailed in batches; only the
 * run's listings (rendered once) are held.
 */

export const BLAST_JOB_ID = 'blast';
/** Renewed after every batch, so it only has to outlive one batch; a crashed run blocks the next this long. */
export const BLAST_LEASE_MS = 5 * 60 * 1000;
/** Runs whose sends keep failing are given up (and logged) after this many attempts. */
export const MAX_RUN_ATTEMPTS = 5;

export interface BlastOptions {
  now?: Date;
  /** Brokers per batch: claimed together, then sent together. */
  batchSize?: number;
  /** Concurrent SES calls within a batch. */
  concurrency?: number;
}

export interface BlastRunReport {
  runId: string;
  listings: number;
  sent: number;
  failed: number;
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
    logger.info('blast finished', { runs });
    return { status: runs.length ? 'ran' : 'idle', runs };
  } finally {
    await locksRepository.release(BLAST_JOB_ID, owner);
  }
}

/** A new run naming every queued listing, or null when nothing is queued. */
async function startRun(now: Date): Promise<BlastRun | null> {
  const queued = await listingsRepository.idsByStatus('queued');
  if (queued.length === 0) return null;
  return blastsRepository.create({
    runId: `${blastDateKey(now)}-${randomUUID().slice(0, 8)}`,
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

async function processRun(
  initial: BlastRun,
  now: Date,
  options: BlastOptions,
  renewLease: () => Promise<void>,
): Promise<BlastRunReport> {
  let run = initial;
  if (run.state === 'claiming') run = await claimListings(run);

  let sent = 0;
  if (run.state === 'sending') {
    const listings = await runListings(run);
    const result = await sendDigests(run, listings, now, options, renewLease);
    sent = result.sent;
    run = await blastsRepository.advance(run.runId, 'publishing', {
      publishedOn: run.publishedOn ?? now.toISOString(),
      failed: result.failed,
      addSent: result.sent,
      addAttempt: true,
    });
  }
  const { failed } = run;
  if (run.state === 'publishing') {
    await publishListings(run);
    const retry = failed > 0 && run.attempts < MAX_RUN_ATTEMPTS;
    if (failed > 0 && !retry) logger.error('blast: giving up on digests that keep failing', { runId: run.runId, failed });
    // With failed sends the run stays unfinished: the next run sends only the digests still missing.
    run = await blastsRepository.advance(run.runId, retry ? 'sending' : 'done', retry ? {} : { finishedAt: new Date().toISOString() });
  }
  return { runId: run.runId, listings: run.listingIds.length, sent, failed, state: run.state };
}

/** queued → processing for this run; listings deleted or taken meanwhile drop out of the run. */
async function claimListings(run: BlastRun): Promise<BlastRun> {
  const claimed: string[] = [];
  for (const ids of chunks(run.listingIds, 25)) {
    const results = await Promise.all(ids.map((id) => listingsRepository.claimForRun(id, run.runId)));
    for (const record of results) if (record) claimed.push(record.listingId);
  }
  return blastsRepository.advance(run.runId, claimed.length ? 'sending' : 'done', {
    listingIds: claimed,
    ...(claimed.length ? {} : { finishedAt: new Date().toISOString() }),
  });
}

/** The run's listings that still exist (an owner may delete a listing while it is processing). */
async function runListings(run: BlastRun): Promise<ListingRecord[]> {
  const out: ListingRecord[] = [];
  for (const ids of chunks(run.listingIds, 25)) {
    const records = await Promise.all(ids.map((id) => listingsRepository.get(id)));
    for (const record of records) if (record && record.runId === run.runId) out.push(record);
  }
  return out;
}

/** The run's listings grouped by the listings category that receives them, each with its broker's contact. */
async function entriesByCategory(listings: readonly ListingRecord[]): Promise<Map<string, DigestEntry[]>> {
  const ownerIds = [...new Set(listings.map((listing) => listing.userId))];
  const owners = new Map<string, UserRecord | null>();
  for (const ids of chunks(ownerIds, 25)) {
    const records = await Promise.all(ids.map((id) => usersRepository.get(id)));
    ids.forEach((id, i) => owners.set(id, records[i]!));
  }
  const out = new Map<string, DigestEntry[]>();
  const now = new Date().toISOString();
  for (const listing of listings) {
    if (!listing.propertyTypeId) continue;
    const category = subscriptionIdFor(listing.propertyTypeId as PropertyTypeId, 'listings');
    // A property back on BISN cheaper than its last listing is marked in the digest (issue 14).
    const reduced = await reductionSinceLastListing(listing, now);
    out.set(category, [...(out.get(category) ?? []), digestEntry(listing, owners.get(listing.userId) ?? null, reduced)]);
  }
  return out;
}

async function sendDigests(
  run: BlastRun,
  listings: readonly ListingRecord[],
  now: Date,
  { batchSize = 50, concurrency = 10 }: BlastOptions,
  renewLease: () => Promise<void>,
): Promise<{ sent: number; failed: number }> {
  const byCategory = await entriesByCategory(listings);
  let sent = 0;
  let failed = 0;
  if (byCategory.size === 0) return { sent, failed };

  // A broker's own listings are left out of their digest (issue 22).
  const digestFor = (user: UserRecord): DigestEntry[] =>
    user.subscribed.flatMap((category) => byCategory.get(category) ?? []).filter((entry) => entry.ownerId !== user.userId);
  // Most brokers follow the same categories: each distinct digest is rendered once per run.
  const renders = new Map<string, ReturnType<typeof blastDigestMails>>();
  const digestMail = (user: UserRecord, entries: DigestEntry[]) => {
    const key = entries.map((entry) => entry.listingId).join(',');
    if (!renders.has(key)) renders.set(key, blastDigestMails(entries, now));
    return renders.get(key)!.then((mailTo) => mailTo(user.email));
  };

  const flush = async (users: UserRecord[]) => {
    const recipients = users.map((user) => ({ user, entries: digestFor(user) })).filter((r) => r.entries.length > 0);
    // Mails are built before anything is claimed, so a claim is only ever followed by a send attempt.
    const built: OutgoingMail[] = await Promise.all(recipients.map((r) => digestMail(r.user, r.entries)));
    // Settled, not all: a claim that failed (throttled) was not taken and counts as failed, so the run retries
    // that broker; the claims that were taken must still be sent, or those brokers would never get the digest.
    const claims = await Promise.allSettled(recipients.map((r) => blastsRepository.claimDelivery(run.runId, r.user.userId)));
    const taken = claims.map((claim) => claim.status === 'fulfilled' && claim.value);
    const claimed = recipients.filter((_, i) => taken[i]);
    const mails = built.filter((_, i) => taken[i]);
    const report = await sendMails(mails, { concurrency });
    const userIdByEmail = new Map(claimed.map((r) => [r.user.email, r.user.userId]));
    await Promise.all(report.failed.map((f) => blastsRepository.releaseDelivery(run.runId, userIdByEmail.get(f.to)!)));
    countMetric('BlastDigestsSent', report.sent.length);
    countMetric('BlastDigestsFailed', report.failed.length);
    sent += report.sent.length;
    failed += report.failed.length + claims.filter((claim) => claim.status === 'rejected').length;
    await renewLease();
  };

  let batch: UserRecord[] = [];
  for await (const user of usersRepository.allByStatus('active')) {
    // SES stopped this address (a hard bounce or a complaint): it receives nothing until the broker resumes.
    if (user.mailStop) continue;
    batch.push(user);
    if (batch.length >= batchSize) {
      await flush(batch);
      batch = [];
    }
  }
  if (batch.length) await flush(batch);
  return { sent, failed };
}

/**
 * Every listing of the run becomes published with the run's `publishedOn` and appears in the browse
 * index. Idempotent, so a resumed run repeats it safely. A listing deleted meanwhile is skipped; one deleted
 * between the publish and the index write has its index items removed again.
 */
async function publishListings(run: BlastRun): Promise<void> {
  const publishedOn = run.publishedOn!;
  const expiresAt = expiresAtFor(publishedOn);
  for (const ids of chunks(run.listingIds, 10)) {
    await Promise.all(
      ids.map(async (id) => {
        const marked = await listingsRepository.markPublished(id, run.runId, publishedOn, expiresAt);
        if (!marked) return;
        // Days on BISN and the price history continue from the property's last listing (issue 14).
        const history = await marketHistoryAt(marked);
        const published = { ...marked, ...(await listingsRepository.setMarketHistory(id, history.onMarketSince, history.priceHistory)), publishedOn, expiresAt };
        await listingsRepository.writeIndex(published);
        await matchListing(published);
        if (!(await listingsRepository.get(id))) {
          await unmatchListing(published);
          await listingsRepository.deleteIndex(published);
        }
        await refreshDirectory(published.userId);
        await syncListingMarket(id);
      }),
    );
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
