import { groupBy } from '../../../shared/group-by';
import { subscriptionIdFor, type PropertyTypeId, type SubscriptionId } from '../../../shared/catalog';
import {
  blastDateKey,
  digestWindow,
  listingFacetsOf,
  requirementFacetsOf,
  searchSpanOf,
  type DigestSpan,
  type DigestWindow,
  type ListingFacets,
  type RequirementFacets,
} from '../../../shared/rules';
import { listingsRepository } from '../../data/listings';
import { requirementsRepository, type RequirementRecord } from '../../data/requirements';
import { savedSearchesRepository, type SavedSearchId, type SavedSearchRecord } from '../../data/saved-searches';
import { usersRepository, type UserRecord } from '../../data/users';
import { digestEntry } from '../mail/templates/digest-entry';
import { listingDigestEntry, requirementDigestEntry, type PersonalDigestEntry } from '../mail/templates/personal-digest';
import { reductionsSinceLastListing } from '../property-history';
import { toRequirementDto } from '../requirements';

/** A new item as every broker's digest reads it: rendered once, with what the saved searches and categories filter on. */
export interface NewListing {
  entry: PersonalDigestEntry;
  ownerId: string;
  category: SubscriptionId | null;
  facets: ListingFacets;
}
export interface NewRequirement {
  entry: PersonalDigestEntry;
  ownerId: string;
  category: SubscriptionId;
  facets: RequirementFacets;
}

/** The new items of one span of one digest day: the same for every broker, so read and rendered once. */
export interface NewItems {
  window: DigestWindow;
  listings: NewListing[];
  requirements: NewRequirement[];
  /** The same items by category, in the same order: each broker's digest reads only the categories they follow. */
  byCategory: ReadonlyMap<SubscriptionId | null, readonly (NewListing | NewRequirement)[]>;
}

/** The items' owners, read in BatchGets: by userId (absent: gone). */
async function owners(userIds: Iterable<string>): Promise<Map<string, UserRecord>> {
  return new Map((await usersRepository.getMany([...new Set(userIds)])).map((user) => [user.userId, user]));
}

/** The blast run a digest goes out with: the listings it claimed are the ones it announces. */
export interface DigestRun {
  runId: string;
  listingIds: readonly string[];
}

/**
 * The listings a digest of the span owes, as the blast has always sent them: the listings its run claimed and
 * has not published yet (`processing`: queued before this digest, going out now, exactly once per broker since
 * the broker gets one digest a run; without a run, as in a preview, every `processing` listing), plus for a
 * week the listings published since the previous Monday's digest.
 */
async function newListings(window: DigestWindow, at: string, run: DigestRun | null): Promise<NewListing[]> {
  const ids = new Set(run ? run.listingIds : await listingsRepository.idsByStatus('processing'));
  if (window.publishedFrom < window.publishedTo) {
    for await (const page of listingsRepository.idsPublishedBetween(window.publishedFrom.toISOString(), window.publishedTo.toISOString())) {
      for (const id of page) ids.add(id);
    }
  }
  // Another run's listings (a crash left two) go out with that run's digests.
  const records = (await listingsRepository.getMany([...ids])).filter(
    (record) => (record.status === 'processing' && (!run || record.runId === run.runId)) || (record.status === 'published' && (!run || record.runId !== run.runId)),
  );
  const [byOwner, reductions] = await Promise.all([
    owners(records.map((record) => record.userId)),
    // A property back on BISN cheaper than its last listing is marked, as in the blast.
    reductionsSinceLastListing(records, (record) => record.publishedOn ?? at),
  ]);
  // Oldest first, as the blast's run lists them.
  records.sort((a, b) => (a.publishedOn ?? a.updatedAt).localeCompare(b.publishedOn ?? b.updatedAt) || a.listingId.localeCompare(b.listingId));
  return records.map((record) => ({
    entry: listingDigestEntry(digestEntry(record, byOwner.get(record.userId) ?? null, reductions.get(record.listingId) ?? null)),
    ownerId: record.userId,
    category: record.propertyTypeId ? subscriptionIdFor(record.propertyTypeId as PropertyTypeId, 'listings') : null,
    // As the blast will publish it: its run's `publishedOn` (what the browser's "new" criterion reads).
    facets: listingFacetsOf({ ...record, publishedOn: record.publishedOn ?? at }),
  }));
}

/** Requirements sent in the window (a renewal moves a requirement's index entry, not its `sentAt`): still active. */
async function newRequirements(window: DigestWindow): Promise<NewRequirement[]> {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const records: RequirementRecord[] = [];
  for await (const ids of requirementsRepository.idsActiveBetween(from, to)) {
    const page = await requirementsRepository.getMany(ids);
    records.push(...page.filter((r) => r.status === 'sent' && !!r.sentAt && r.sentAt > from && r.sentAt <= to));
  }
  const byOwner = await owners(records.map((record) => record.userId));
  records.sort((a, b) => a.sentAt!.localeCompare(b.sentAt!) || a.requirementId.localeCompare(b.requirementId));
  return records.map((record) => ({
    entry: requirementDigestEntry(toRequirementDto(record, byOwner.get(record.userId) ?? null, 'member')),
    ownerId: record.userId,
    category: subscriptionIdFor(record.propertyTypeId, 'requirements'),
    facets: requirementFacetsOf(record),
  }));
}

/**
 * What every digest of one day shares, read once per span on first use. A worker keeps one for the brokers
 * of its batch (or its run): a fresh context reads the table again.
 */
export class DigestContext {
  private readonly spans = new Map<DigestSpan, Promise<NewItems>>();
  private mailingIds: Promise<Map<string, SavedSearchId[]>> | undefined;

  constructor(
    readonly day: Date,
    private readonly run: DigestRun | null = null,
  ) {}

  /** The day key (America/New_York), the same as the blast's. */
  get dayKey(): string {
    return blastDateKey(this.day);
  }

  /**
   * The saved searches of these brokers that this day's digest may carry (daily ones, weekly ones on Mondays),
   * as they are now, by broker: which brokers have any is read once, from the mailing index (most have none,
   * and their digests read nothing); a batch's are then one BatchGet. A search saved after the index was
   * read starts with the next digest; one changed or deleted since is read as it is now.
   */
  async searchesOf(brokerIds: readonly string[]): Promise<Map<string, SavedSearchRecord[]>> {
    if (!this.mailingIds) {
      const frequencies = (['daily', 'weekly'] as const).filter((frequency) => searchSpanOf({ frequency }, 'day', this.day) !== null);
      this.mailingIds = savedSearchesRepository.mailingIdsByOwner(frequencies);
      this.mailingIds.catch(() => (this.mailingIds = undefined));
    }
    const mailingIds = await this.mailingIds;
    const searches = await savedSearchesRepository.getMany(brokerIds.flatMap((brokerId) => mailingIds.get(brokerId) ?? []));
    return groupBy(searches, (search) => search.ownerId);
  }

  newItems(span: DigestSpan): Promise<NewItems> {
    let items = this.spans.get(span);
    if (!items) {
      const window = digestWindow(span, this.day);
      items = Promise.all([newListings(window, this.day.toISOString(), this.run), newRequirements(window)]).then(([listings, requirements]) => ({
        window,
        listings,
        requirements,
        byCategory: groupBy([...listings, ...requirements], (item) => item.category),
      }));
      items.catch(() => this.spans.delete(span));
      this.spans.set(span, items);
    }
    return items;
  }
}
