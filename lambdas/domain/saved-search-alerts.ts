import { randomUUID } from 'node:crypto';
import type { SavedSearchKind } from '../../shared/api';
import { subscriptionIdFor, type SubscriptionId } from '../../shared/catalog';
import { fits, listingFacetsOf, requirementFacetsOf, type ListingFacets, type RequirementFacets } from '../../shared/rules';
import { logger } from '../core/logger';
import { countMetric } from '../core/metrics';
import { blastsRepository } from '../data/blasts';
import { listingsRepository } from '../data/listings';
import { requirementsRepository } from '../data/requirements';
import { savedSearchesRepository, type SavedSearchRecord } from '../data/saved-searches';
import { searchAlertsRepository, type QueuedAlertItem, type SearchHit } from '../data/search-alerts';
import { usersRepository, type UserRecord } from '../data/users';
import type { DeliveryMessage } from './delivery/messages';
import { workerPacer } from './delivery/pacing';
import { enqueueDeliveries } from './delivery/queue';
import { sendMail, type OutgoingMail } from './mail';
import { digestEntry } from './mail/templates/digest-entry';
import { listingDigestEntry, requirementDigestEntry, type PersonalDigestEntry } from './mail/templates/personal-digest';
import { searchAlertMail } from './mail/templates/search-alert';
import { toRequirementDto } from './requirements';
import { savedSearchBrowserUrl } from './saved-searches';

/** At most one instant mail per saved search in this long; later hits wait for the next. */
export const ALERT_HOUR_MS = 60 * 60 * 1000;
/** A hit claimed this long ago and still `sending` belongs to a run that crashed mid-send. */
export const HIT_CLAIM_TIMEOUT_MS = 10 * 60 * 1000;
/** An item public for longer than this when the job first sees it raises no alert (a renewal, a rematch of old items). */
export const ALERT_FRESH_MS = 24 * 60 * 60 * 1000;

/** The alert job's run: it records hits and enqueues the searches whose mail is due; the workers send them. */
export interface InstantAlertReport {
  /** Items taken off the alert queue, and the hits they gave. */
  items: number;
  hits: number;
  /** Searches with pending hits put on the delivery queue. */
  queued: number;
  /** Searches whose hour since their last alert is not over: their hits wait for a later run. */
  deferred: number;
  /** Hits of a crashed send's claim: never sent again (at most once). */
  lost: number;
}

/** A delivery worker's part: one search's alert. */
export interface AlertDelivery {
  /** 1 when the alert went out, carrying `alerted` hits. */
  mailed: number;
  alerted: number;
  /** 1 when the search's hour was taken meanwhile (another delivery sent it). */
  deferred: number;
  /** 1 when nothing went out for a fault (SES or DynamoDB refused): the hits wait for the next run of the job. */
  failed: number;
  /** Hits not mailed: the search is no longer instant or active, its owner gets no mail, or the item is gone. */
  skipped: number;
}

type SearchAlertMessage = Extract<DeliveryMessage, { kind: 'search-alert' }>;

/** A public item as the alerts read it: whose, when it became public, what the searches filter on, and its entry. */
interface PublicItem {
  ownerId: string;
  publicAt: string;
  facets: { kind: 'listings'; facets: ListingFacets } | { kind: 'requirements'; facets: RequirementFacets };
  entry: (owner: UserRecord | null) => PersonalDigestEntry;
  /** A listing's blast run and category: the digests of that run carried it to the category's subscribers. */
  blast?: { runId: string; category: SubscriptionId };
}

async function publicItem(kind: SavedSearchKind, itemId: string): Promise<PublicItem | null> {
  if (kind === 'listings') {
    const listing = await listingsRepository.get(itemId);
    if (!listing || listing.status !== 'published' || !listing.publishedOn) return null;
    return {
      ownerId: listing.userId,
      publicAt: listing.publishedOn,
      facets: { kind, facets: listingFacetsOf(listing) },
      entry: (owner) => listingDigestEntry(digestEntry(listing, owner)),
      ...(listing.runId && listing.propertyTypeId ? { blast: { runId: listing.runId, category: subscriptionIdFor(listing.propertyTypeId, 'listings') } } : {}),
    };
  }
  const requirement = await requirementsRepository.get(itemId);
  if (!requirement || requirement.status !== 'sent' || !requirement.sentAt) return null;
  return {
    ownerId: requirement.userId,
    publicAt: requirement.sentAt,
    facets: { kind, facets: requirementFacetsOf(requirement) },
    entry: (owner) => requirementDigestEntry(toRequirementDto(requirement, owner, 'member')),
  };
}

/** The browser's own predicate, at the alert job's `now`. */
const fitsItem = (search: SavedSearchRecord, item: PublicItem, now: Date) =>
  search.kind === 'listings' && item.facets.kind === 'listings'
    ? fits({ kind: 'listings', filters: search.filters }, item.facets.facets, now)
    : search.kind === 'requirements' && item.facets.kind === 'requirements' && fits({ kind: 'requirements', filters: search.filters }, item.facets.facets, now);

/** An item that became public: the next alert run looks for the instant saved searches it fits. */
export function queueSearchAlerts(item: QueuedAlertItem): Promise<void> {
  return searchAlertsRepository.queue(item);
}

/**
 * One run of the alert job (every minute, so an alert leaves within 5 minutes of its item): first every
 * queued item gets a hit in each active instant search it fits (not its owner's, not a search saved after
 * the item was public), and every mailing search it fits records the match (`lastMatchedAt`, which the
 * pausing reads, whether the search mails at once or in the digest); then each search with pending hits whose
 * hour is over goes on the delivery queue, and a worker sends its one mail holding all of them, paced to SES's
 * rate (`deliverSearchAlert`). Exactly once, as the match notices: the worker takes the search's hour and
 * claims each hit (`pending → sending`, stamped with its batch) before SES is asked; a refused send puts both
 * back for the next run; a send that crashes after its claims leaves them `sending`, and a run past the claim
 * timeout marks them `lost`, so a broker may miss an alert but never gets one twice. A search queued twice (a
 * slow queue, two runs) is sent once: the second delivery finds its hits claimed or its hour taken. An item
 * leaves the queue only after its hits are recorded, so a crash or a throttled write there leaves it for the
 * next run (its hits are put once).
 */
export async function sendInstantAlerts(now = new Date()): Promise<InstantAlertReport> {
  const report: InstantAlertReport = { items: 0, hits: 0, queued: 0, deferred: 0, lost: 0 };
  await recordHits(now, report);
  await queueDueSearches(now, report);
  logger.info('saved search alerts queued', { ...report });
  return report;
}

async function recordHits(now: Date, report: InstantAlertReport): Promise<void> {
  // Every mailing search of a kind, read once a run, and only when an item of that kind waits.
  const searches = new Map<SavedSearchKind, Promise<SavedSearchRecord[]>>();
  const mailingSearches = (kind: SavedSearchKind) => {
    if (!searches.has(kind)) {
      searches.set(
        kind,
        (async () => {
          const out: SavedSearchRecord[] = [];
          for (const frequency of ['instant', 'daily', 'weekly'] as const) {
            for await (const page of savedSearchesRepository.mailing(kind, frequency)) out.push(...page);
          }
          return out;
        })(),
      );
    }
    return searches.get(kind)!;
  };
  const freshSince = new Date(now.getTime() - ALERT_FRESH_MS).toISOString();
  for await (const page of searchAlertsRepository.queued()) {
    for (const queued of page) {
      try {
        const item = await publicItem(queued.kind, queued.itemId);
        if (item && item.publicAt >= freshSince) {
          for (const search of await mailingSearches(queued.kind)) {
            if (search.ownerId === item.ownerId || search.createdAt > item.publicAt || !fitsItem(search, item, now)) continue;
            // Every mailing search records that something new fitted (its 90 days start again); instant ones get a hit.
            if (search.frequency === 'instant') {
              const hit = { ownerId: search.ownerId, savedSearchId: search.savedSearchId, kind: queued.kind, itemId: queued.itemId, hitAt: now.toISOString() };
              if (await searchAlertsRepository.addHit(hit)) report.hits++;
            }
            await savedSearchesRepository.mark(search.ownerId, search.savedSearchId, 'lastMatchedAt', now.toISOString());
          }
        }
        await searchAlertsRepository.dequeue(queued);
        report.items++;
      } catch (error) {
        logger.warn('saved search alerts: item left queued for the next run', { kind: queued.kind, itemId: queued.itemId, error: error as Error });
      }
    }
  }
}

/**
 * Marks the claims of crashed sends lost, then enqueues every search with pending hits, but those whose hour
 * is not over (a search gone, turned off or paused is enqueued too: its worker skips its hits).
 */
async function queueDueSearches(now: Date, report: InstantAlertReport): Promise<void> {
  const pending = new Map<string, { ownerId: string; savedSearchId: string }>();
  const staleBefore = new Date(now.getTime() - HIT_CLAIM_TIMEOUT_MS).toISOString();
  for await (const page of searchAlertsRepository.awaiting()) {
    for (const hit of page) {
      if (hit.state === 'sending') {
        if ((hit.claimedAt ?? '') <= staleBefore && (await searchAlertsRepository.moveHit(hit, 'sending', 'lost', { batchId: hit.batchId }))) {
          logger.warn('saved search alert lost in a crashed send', { ownerId: hit.ownerId, savedSearchId: hit.savedSearchId, itemId: hit.itemId });
          report.lost++;
        }
        continue;
      }
      pending.set(`${hit.ownerId}#${hit.savedSearchId}`, { ownerId: hit.ownerId, savedSearchId: hit.savedSearchId });
    }
  }
  const hourStartedAfter = new Date(now.getTime() - ALERT_HOUR_MS).toISOString();
  const due: SearchAlertMessage[] = [];
  for (const { ownerId, savedSearchId } of pending.values()) {
    const search = await savedSearchesRepository.get(ownerId, savedSearchId);
    if (search?.status === 'active' && search.frequency === 'instant' && search.lastAlertAt && search.lastAlertAt > hourStartedAfter) report.deferred++;
    else due.push({ kind: 'search-alert', ownerId, savedSearchId, at: now.toISOString() });
  }
  await enqueueDeliveries(due);
  report.queued += due.length;
}

/**
 * A delivery worker's part: the alert of one search, holding its pending hits, paced to SES's send rate. A
 * fault leaves the hits pending (the claims and the hour given back) for the job's next run to enqueue again.
 */
export async function deliverSearchAlert(message: SearchAlertMessage): Promise<AlertDelivery> {
  const delivery: AlertDelivery = { mailed: 0, alerted: 0, deferred: 0, failed: 0, skipped: 0 };
  const { ownerId, savedSearchId } = message;
  try {
    const hits = (await searchAlertsRepository.pendingOf(ownerId, savedSearchId)).filter((hit) => hit.state === 'pending');
    if (hits.length) await alertOne(hits, new Date(message.at), delivery);
  } catch (error) {
    logger.error('saved search alert failed', { ownerId, savedSearchId, error: error as Error });
    delivery.failed = 1;
  }
  countMetric('SearchAlertsSent', delivery.mailed);
  countMetric('SearchAlertsFailed', delivery.failed);
  logger.info('saved search alert delivered', { ownerId, savedSearchId, ...delivery });
  return delivery;
}

async function skip(hits: readonly SearchHit[], delivery: AlertDelivery): Promise<void> {
  for (const hit of hits) if (await searchAlertsRepository.moveHit(hit, 'pending', 'skipped')) delivery.skipped++;
}

/** The instant alert of one saved search: its owner's mail holding the entries of its new hits. */
export function instantAlertFor(owner: Pick<UserRecord, 'email' | 'firstName'>, search: SavedSearchRecord, entries: readonly PersonalDigestEntry[]): Promise<OutgoingMail> {
  return searchAlertMail(owner, search, entries, savedSearchBrowserUrl(search));
}

async function usersById(userIds: readonly string[]): Promise<Map<string, UserRecord>> {
  const users = await Promise.all([...new Set(userIds)].map((id) => usersRepository.get(id)));
  return new Map(users.filter((user): user is UserRecord => !!user).map((user) => [user.userId, user]));
}

/**
 * Whether the owner's digest of the listing's blast run carried it: they follow its category and the run's
 * digest went to them (its listings are published once every digest is through).
 */
async function carriedByDigest(owner: UserRecord, item: PublicItem): Promise<boolean> {
  if (!item.blast || !owner.subscribed.includes(item.blast.category)) return false;
  return !!(await blastsRepository.deliveryState(item.blast.runId, owner.userId));
}

async function alertOne(hits: SearchHit[], now: Date, delivery: AlertDelivery): Promise<void> {
  const { ownerId, savedSearchId } = hits[0]!;
  const [search, owner] = await Promise.all([savedSearchesRepository.get(ownerId, savedSearchId), usersRepository.get(ownerId)]);
  if (!search || search.status !== 'active' || search.frequency !== 'instant' || !owner || owner.status !== 'active' || owner.mailStop) return skip(hits, delivery);

  // Items unpublished or deleted since their hit are not announced.
  const items = await Promise.all(hits.map((hit) => publicItem(hit.kind, hit.itemId)));
  await skip(hits.filter((_, i) => !items[i]), delivery);
  const found = hits.map((hit, i) => ({ hit, item: items[i] })).filter((x): x is { hit: SearchHit; item: PublicItem } => !!x.item);
  // A listing the owner's digest of its blast already carried is not mailed again seconds later.
  const carried = await Promise.all(found.map((x) => carriedByDigest(owner, x.item)));
  await skip(found.filter((_, i) => carried[i]).map((x) => x.hit), delivery);
  const live = found.filter((_, i) => !carried[i]);
  if (live.length === 0) return;

  const batchId = randomUUID();
  const at = now.toISOString();
  const hour = await savedSearchesRepository.takeAlertHour(ownerId, savedSearchId, at, new Date(now.getTime() - ALERT_HOUR_MS).toISOString(), batchId);
  if (!hour) {
    delivery.deferred = 1;
    return;
  }
  const claimed: typeof live = [];
  try {
    for (const x of live) if (await searchAlertsRepository.moveHit(x.hit, 'pending', 'sending', { batchId, at })) claimed.push(x);
    if (claimed.length === 0) {
      // Another delivery took them: this hour was not used.
      await savedSearchesRepository.giveBackAlertHour(ownerId, savedSearchId, batchId, hour.previous);
      return;
    }
    const itemOwners = await usersById(claimed.map((x) => x.item.ownerId));
    const entries = claimed.sort((a, b) => a.item.publicAt.localeCompare(b.item.publicAt)).map((x) => x.item.entry(itemOwners.get(x.item.ownerId) ?? null));
    const mail = await instantAlertFor(owner, search, entries);
    const pace = await workerPacer();
    await pace();
    await sendMail(mail);
  } catch (error) {
    // Nothing went out (a claim or the send refused): the claims and the hour are given back for the job's next run.
    logger.warn('saved search alert not sent', { ownerId, savedSearchId, error: error as Error });
    for (const { hit } of claimed) await searchAlertsRepository.moveHit(hit, 'sending', 'pending', { batchId });
    await savedSearchesRepository.giveBackAlertHour(ownerId, savedSearchId, batchId, hour.previous);
    delivery.failed = 1;
    return;
  }
  for (const { hit } of claimed) await searchAlertsRepository.moveHit(hit, 'sending', 'sent', { batchId });
  delivery.mailed = 1;
  delivery.alerted = claimed.length;
}
