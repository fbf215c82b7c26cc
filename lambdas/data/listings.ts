import {
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ListingDraft, ListingStatus, SearchTotal } from '../../shared/api';
import { isIndexSort, listingFacetsOf, rankComparator, type BrowseSort, type IndexSort, type ListingFacets, type PricePoint } from '../../shared/rules';
import { batchGet, batchWrite, db, deleteExisting, fullReadPageSize, isConditionFailed, nowIso, projectionOf, queryAll, queryPages, setHistory, setMarketFacts, finishMarketMove, tableName, type Authored } from './table';
import { browseIndex, moveIndexItems, SEARCH_TOTAL_MAX, searchKeyOf, type IndexRead } from './browse-index';

/** One photo of a listing: relative keys of its variants; `_id` is the upload's uuid. */
export interface StoredListingImage {
  _id: string;
  thumbnail: string;
  medium: string;
  large: string;
}

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The stored listing (README "listing"). Catalogue entries are kept as ids; names come from the catalogue. */
export interface ListingRecord extends ListingDraft, Authored {
  listingId: string;
  userId: string;
  status: ListingStatus;
  images: StoredListingImage[];
  location: GeoPoint | null;
  /** The address `location` was computed from; a save geocodes again only when the address changed. */
  geocodedAddress: string | null;
  createdAt: string;
  updatedAt: string;
  publishedOn: string | null;
  expiresAt: string | null;
  /** When it was marked sold or leased, or expired; the sale or lease date its owner gave. */
  closedAt?: string;
  closedOn?: string;
  /** The owner's last renewal. */
  renewedAt?: string;
  /**
   * When the property came on BISN: `publishedOn`, moved back by the days its earlier listings at
   * the same address were live when one ended within 12 months. Absent: `publishedOn`.
   */
  onMarketSince?: string;
  /** Every price and lease rate it had since publishing, oldest first (absent: never changed). */
  priceHistory?: PricePoint[];
  /** The blast run that claimed the listing (set from `processing` on). */
  runId?: string;
  /** The uploaded brochure PDF's key (beside `brochureUrl`); absent when none. */
  brochureFile?: string;
  /** The ids of `images`, as a set: what makes attaching a photo conditional on its id (addImage). */
  imageIds?: Set<string>;
  /**
   * Raised by every change of the draft's content (a save, a photo added or removed): a save names the
   * version it was based on and a publish the version it checked, so neither acts on content it never
   * saw. Absent counts as version 0.
   */
  version?: number;
  /** The market facts it is counted under in the Market page's aggregates (JSON; README "Market intelligence"). */
  market?: string;
  /** The move to `market` not finished yet (JSON `{ id, from }`): its adds to the cells, repeated once more, add nothing twice. */
  marketMove?: string;
}

/** What the market's recount reads of a listing: its market fields, and the facts it is counted under. */
const MARKET_FIELDS = [
  'listingId', 'market', 'marketMove', 'status', 'listingTypeId', 'propertyTypeId', 'marketId', 'sqft', 'minSqft', 'maxSqft', 'price', 'leasePrice', 'leaseFrequencyId', 'publishedOn', 'closedAt',
] as const satisfies readonly (keyof ListingRecord)[];
export type ListingMarketRecord = Pick<ListingRecord, (typeof MARKET_FIELDS)[number]>;

/** The version of a stored listing (absent = 0). */
export const versionOf = (record: Pick<ListingRecord, 'version'>) => record.version ?? 0;
/** Holds when the stored version is `:version` (absent counts as 0). */
const atVersion = '(version = :version OR (attribute_not_exists(version) AND :version = :zero))';
const nextVersion = 'version = if_not_exists(version, :zero) + :one';

/**
 * What a browse index item holds: the card the listings browser shows, and what its searches read
 * (shared/rules/search.ts; an entry may lack `leaseTypeId`, `words` and `priceReduced`: unknown).
 */
export interface ListingIndexRow extends ListingFacets {
  listingId: string;
  title: string;
  listingTypeId: ListingRecord['listingTypeId'];
  propertyTypeId: ListingRecord['propertyTypeId'];
  marketId: ListingRecord['marketId'];
  sqft: number | null;
  minSqft: number | null;
  maxSqft: number | null;
  price: number | null;
  leasePrice: number | null;
  leaseFrequencyId: ListingRecord['leaseFrequencyId'];
  createdAt: string;
  publishedOn: string;
  /** What "days on BISN" counts from; absent: publishedOn. */
  onMarketSince?: string;
  /** Relative key of the first photo's thumbnail. */
  thumbnail: string | null;
}

export interface BrowseFilter {
  listingTypeId?: string;
  propertyTypeId?: string;
  marketId?: string;
}

/** A search of the listings browser: its type and property type, the market slots it reads, what it takes, its order. */
export interface ListingSearchRead {
  /** The search's criteria and order, digested (searchKeyOf): its cursors continue it only. */
  searchKey: string;
  listingTypeId?: string;
  propertyTypeId?: string;
  /** One partition per slot; null is the `*` slot (every market). */
  marketSlots: readonly (string | null)[];
  accept: ((row: ListingIndexRow) => boolean) | null;
  sort: BrowseSort;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type PublishedListing = ListingRecord & { publishedOn: string; expiresAt: string };

const keys = (listingId: string) => ({ pk: `LST#${listingId}`, sk: 'LST' });
const ownerKey = (userId: string) => `OWNER#${userId}#LST`;
const statusKey = (status: ListingStatus) => `LSTSTATUS#${status}`;
const index = browseIndex('LSTIDX');
const indexSortKey = index.sortKey;
/** The same entries sorted by when the property came on BISN: the browser's "days on BISN" order. */
const daysIndex = browseIndex('LSTDAYS');

/** The one index partition that answers a filter combination (ALL or absent = the `*` slot). */
export const partitionFor = (filter: BrowseFilter) => index.partitionFor({ ...filter, typeId: filter.listingTypeId });

/** Every partition a published listing appears in: 2 × 2 × 2 (README "Browse indexes"). */
export const partitionsOf = (record: Pick<ListingRecord, 'listingTypeId' | 'propertyTypeId' | 'marketId'>) =>
  index.partitionsOf(record.listingTypeId, record.propertyTypeId, [record.marketId]);

/** gsi2 places a listing by status; a published one sorts by expiry, which the expiry job reads. */
function statusIndex(record: Pick<ListingRecord, 'status' | 'updatedAt' | 'expiresAt'>) {
  return {
    gsi2pk: statusKey(record.status),
    gsi2sk: record.status === 'published' && record.expiresAt ? record.expiresAt : record.updatedAt,
  };
}

/** The stored item of a listing (exported for bulk loads: test/bench writes items directly). */
export function toItem(record: ListingRecord) {
  return {
    ...keys(record.listingId),
    gsi1pk: ownerKey(record.userId),
    gsi1sk: record.createdAt,
    ...statusIndex(record),
    type: 'listing',
    ...record,
  };
}

/** Whether a record is public, and so in the browse index. */
const isIndexed = (r: ListingRecord | null): r is PublishedListing => r?.status === 'published' && !!r.publishedOn && !!r.expiresAt;

/** A stored item (or a stream image of one) as the record it holds. */
export function fromItem(item: Record<string, unknown>): ListingRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...record } = item;
  // A listing without `timing` or property facts says nothing about them.
  return { timing: '', facts: {}, ...record } as unknown as ListingRecord;
}

function toIndexRow(record: PublishedListing): ListingIndexRow {
  return {
    listingId: record.listingId,
    title: record.title,
    ...listingFacetsOf(record),
    listingTypeId: record.listingTypeId,
    propertyTypeId: record.propertyTypeId,
    marketId: record.marketId,
    leaseFrequencyId: record.leaseFrequencyId,
    createdAt: record.createdAt,
    publishedOn: record.publishedOn,
    onMarketSince: onMarketSinceOf(record),
    thumbnail: record.images[0]?.thumbnail ?? null,
  };
}

/** When "days on BISN" counts from. */
export const onMarketSinceOf = (record: Pick<ListingRecord, 'onMarketSince'> & { publishedOn: string }) => record.onMarketSince ?? record.publishedOn;

/** The browse index items of a published listing: one per filter combination (README "Browse indexes"). */
export function indexItemsOf(record: PublishedListing) {
  const row = toIndexRow(record);
  const sk = indexSortKey(record.publishedOn, record.listingId);
  const daysSk = daysIndex.sortKey(onMarketSinceOf(record), record.listingId);
  return [
    ...partitionsOf(record).map((pk) => ({ pk, sk, type: 'listingIndex', ...row })),
    ...daysPartitionsOf(record).map((pk) => ({ pk, sk: daysSk, type: 'listingIndex', ...row })),
  ];
}

const daysPartitionsOf = (record: Pick<ListingRecord, 'listingTypeId' | 'propertyTypeId' | 'marketId'>) =>
  daysIndex.partitionsOf(record.listingTypeId, record.propertyTypeId, [record.marketId]);

function fromIndexItem(item: Record<string, unknown>): ListingIndexRow {
  const { pk: _pk, sk: _sk, type: _t, ...row } = item;
  return row as unknown as ListingIndexRow;
}

const daysOrNewest = (sort: BrowseSort) => (sort === 'daysOnBisn' ? daysIndex : index);

const listingIndexRead = (read: Omit<ListingSearchRead, 'sort'>): IndexRead<ListingIndexRow> => ({
  partitions: read.marketSlots.map((marketId) => ({ typeId: read.listingTypeId, propertyTypeId: read.propertyTypeId, marketId })),
  searchKey: read.searchKey,
  rowOf: fromIndexItem,
  accept: read.accept,
});

/** A conditional update that answers the new record (or the old one), or null when its condition did not hold. */
async function conditionalUpdate(
  listingId: string,
  update: string,
  condition: string,
  values: Record<string, unknown>,
  names: Record<string, string> = {},
  returnValues: 'ALL_NEW' | 'ALL_OLD' = 'ALL_NEW',
): Promise<ListingRecord | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys(listingId),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status', ...names },
        ExpressionAttributeValues: values,
        ReturnValues: returnValues,
      }),
    );
    return fromItem(Attributes!);
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** A conditional update that answers the record as it was before, or null when its condition did not hold. */
const beforeUpdate = (listingId: string, update: string, condition: string, values: Record<string, unknown>) =>
  conditionalUpdate(listingId, update, condition, values, {}, 'ALL_OLD');

/**
 * The editor's fields of a listing (what saveDraft writes), as an object literal: V8 keeps a literal's
 * object fast, where one built key by key (or from entries) turns into a slow dictionary, which then
 * costs every copy of it and JSON.stringify of every listing the API answers.
 */
export function draftOf(listing: ListingDraft): ListingDraft {
  return {
    title: listing.title,
    listingTypeId: listing.listingTypeId,
    propertyTypeId: listing.propertyTypeId,
    marketId: listing.marketId,
    sqft: listing.sqft,
    minSqft: listing.minSqft,
    maxSqft: listing.maxSqft,
    price: listing.price,
    leasePrice: listing.leasePrice,
    leaseFrequencyId: listing.leaseFrequencyId,
    leaseTypeId: listing.leaseTypeId,
    timing: listing.timing,
    description: listing.description,
    highlights: listing.highlights,
    address1: listing.address1,
    address2: listing.address2,
    city: listing.city,
    state: listing.state,
    zipCode: listing.zipCode,
    zip4: listing.zip4,
    brochureUrl: listing.brochureUrl,
    facts: listing.facts,
  };
}

export const listingsRepository = {
  /** Who last changed it and its recent changes; false when it is gone. */
  async setHistory(listingId: string, history: Required<Pick<Authored, 'lastChangedBy' | 'changes'>>): Promise<boolean> {
    return setHistory(keys(listingId), history);
  },

  async create(record: ListingRecord): Promise<ListingRecord> {
    await db().send(
      new PutCommand({ TableName: tableName(), Item: toItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return record;
  },

  async get(listingId: string): Promise<ListingRecord | null> {
    // Strongly consistent: a projection reads what the change it follows committed, never an older copy.
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(listingId), ConsistentRead: true }));
    return Item ? fromItem(Item) : null;
  },

  /** The listings of these ids that exist (BatchGets), in no particular order. */
  async getMany(listingIds: readonly string[]): Promise<ListingRecord[]> {
    return (await batchGet(listingIds.map(keys))).map(fromItem);
  },

  /** The distinct owners of these listings (BatchGets of their owner only); deleted listings have none. */
  async ownersOf(listingIds: readonly string[]): Promise<string[]> {
    const items = await batchGet(listingIds.map(keys), ['userId']);
    return [...new Set(items.map((item) => String(item.userId)))];
  },

  /**
   * Replaces the draft's fields (and its location when given) if it is still a draft of `userId`.
   * Null when it no longer is (published meanwhile, deleted, someone else's).
   */
  /** Null when the listing is no longer the owner's draft at `baseVersion` (published, deleted or changed since). */
  async saveDraft(
    listingId: string,
    userId: string,
    draft: ListingDraft,
    baseVersion: number,
    /** Its new location when the address changed, its photos when their order did. */
    also: Partial<Pick<ListingRecord, 'location' | 'geocodedAddress' | 'images'>> = {},
  ): Promise<ListingRecord | null> {
    const now = nowIso();
    const fields: Record<string, unknown> = { ...draftOf(draft), ...also };
    const names = Object.keys(fields);
    return conditionalUpdate(
      listingId,
      `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}, updatedAt = :now, gsi2sk = :now, ${nextVersion}`,
      `#status = :draft AND userId = :owner AND ${atVersion}`,
      {
        ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
        ':now': now,
        ':draft': 'draft',
        ':owner': userId,
        ':version': baseVersion,
        ':zero': 0,
        ':one': 1,
      },
      Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
    );
  },

  /**
   * Appends a photo to a draft that has fewer than `max` and no photo of the same id (the same upload
   * finalised twice attaches once: `imageIds` holds the ids of `images`); null otherwise.
   */
  async addImage(listingId: string, image: StoredListingImage, max: number): Promise<ListingRecord | null> {
    const now = nowIso();
    return conditionalUpdate(
      listingId,
      `SET images = list_append(images, :image), updatedAt = :now, gsi2sk = :now, ${nextVersion} ADD imageIds :imageId`,
      '#status = :draft AND size(images) < :max AND NOT contains(imageIds, :id)',
      { ':image': [image], ':now': now, ':draft': 'draft', ':max': max, ':zero': 0, ':one': 1, ':imageId': new Set([image._id]), ':id': image._id },
    );
  },

  /**
   * Sets (or with null removes) the draft's brochure file while it is still `userId`'s draft with the
   * brochure `previous` (absent: none); null otherwise.
   */
  setBrochureFile(listingId: string, userId: string, previous: string | undefined, key: string | null): Promise<ListingRecord | null> {
    const now = nowIso();
    return conditionalUpdate(
      listingId,
      `${key ? 'SET brochureFile = :key, ' : 'REMOVE brochureFile SET '}updatedAt = :now, gsi2sk = :now, ${nextVersion}`,
      `#status = :draft AND userId = :owner AND ${previous ? 'brochureFile = :previous' : 'attribute_not_exists(brochureFile)'}`,
      { ...(key ? { ':key': key } : {}), ...(previous ? { ':previous': previous } : {}), ':now': now, ':draft': 'draft', ':owner': userId, ':zero': 0, ':one': 1 },
    );
  },

  /** Removes the photo at `position` if that is still `imageId` and the listing a draft. */
  async removeImage(listingId: string, position: number, imageId: string): Promise<ListingRecord | null> {
    const now = nowIso();
    return conditionalUpdate(
      listingId,
      `REMOVE images[${position}] SET updatedAt = :now, gsi2sk = :now, ${nextVersion} DELETE imageIds :imageIdSet`,
      `#status = :draft AND images[${position}].#id = :imageId`,
      { ':now': now, ':draft': 'draft', ':imageId': imageId, ':imageIdSet': new Set([imageId]), ':zero': 0, ':one': 1 },
      { '#id': '_id' },
    );
  },

  /**
   * draft → queued, only while the draft is still at `checkedVersion`, the content whose completeness the
   * caller checked (a save racing the publish changes the version); null otherwise.
   */
  async queue(listingId: string, checkedVersion: number): Promise<ListingRecord | null> {
    const now = nowIso();
    return conditionalUpdate(
      listingId,
      'SET #status = :queued, updatedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :now',
      `#status = :draft AND ${atVersion}`,
      { ':queued': 'queued', ':draft': 'draft', ':now': now, ':gsi2pk': statusKey('queued'), ':version': checkedVersion, ':zero': 0 },
    );
  },

  /**
   * queued → processing for blast run `runId` (also true when this run already holds it: a resumed run
   * claims again). Null when someone else holds it or it is gone.
   */
  async claimForRun(listingId: string, runId: string): Promise<ListingRecord | null> {
    const now = nowIso();
    return conditionalUpdate(
      listingId,
      'SET #status = :processing, runId = :run, updatedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :now',
      '#status = :queued OR (#status = :processing AND runId = :run)',
      { ':processing': 'processing', ':queued': 'queued', ':run': runId, ':now': now, ':gsi2pk': statusKey('processing') },
    );
  },

  /**
   * processing → published by run `runId` (idempotent for that run: a resumed run sets the same values), with
   * when the property came on BISN, fixed once (`if_not_exists`), and the price it came back at when an
   * earlier listing's differed. Null when the listing is gone or not this run's.
   */
  async markPublished(
    listingId: string,
    runId: string,
    dates: { publishedOn: string; expiresAt: string },
    history: { onMarketSince: string; priceHistory: PricePoint[] | null },
  ): Promise<PublishedListing | null> {
    const record = await conditionalUpdate(
      listingId,
      `SET #status = :published, publishedOn = :publishedOn, expiresAt = :expiresAt, updatedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :expiresAt, onMarketSince = if_not_exists(onMarketSince, :since)${history.priceHistory ? ', priceHistory = if_not_exists(priceHistory, :history)' : ''}`,
      'runId = :run AND (#status = :processing OR #status = :published)',
      {
        ':published': 'published',
        ':processing': 'processing',
        ':publishedOn': dates.publishedOn,
        ':expiresAt': dates.expiresAt,
        ':now': nowIso(),
        ':run': runId,
        ':gsi2pk': statusKey('published'),
        ':since': history.onMarketSince,
        ...(history.priceHistory ? { ':history': history.priceHistory } : {}),
      },
    );
    return record as PublishedListing | null;
  },

  /** The browse index items as `current` needs them (none unless it is public), `before`'s others deleted. */
  async projectIndex(before: ListingRecord | null, current: ListingRecord | null): Promise<void> {
    await moveIndexItems(isIndexed(before) ? indexItemsOf(before) : [], isIndexed(current) ? indexItemsOf(current) : []);
  },

  /** Makes a published listing browsable: one index item per filter combination (bulk seeds, tests). Idempotent. */
  async writeIndex(record: PublishedListing): Promise<void> {
    await batchWrite(indexItemsOf(record).map((Item) => ({ PutRequest: { Item } })));
  },

  async deleteIndex(record: Pick<ListingRecord, 'listingId' | 'listingTypeId' | 'propertyTypeId' | 'marketId' | 'onMarketSince'> & { publishedOn: string }): Promise<void> {
    const sk = indexSortKey(record.publishedOn, record.listingId);
    const daysSk = daysIndex.sortKey(onMarketSinceOf(record), record.listingId);
    await batchWrite([
      ...partitionsOf(record).map((pk) => ({ DeleteRequest: { Key: { pk, sk } } })),
      ...daysPartitionsOf(record).map((pk) => ({ DeleteRequest: { Key: { pk, sk: daysSk } } })),
    ]);
  },

  /**
   * A published listing's new price or lease rate, at `version`: the history it had, plus this
   * point. Answers the record after, or null when it is not published or not at that version.
   */
  changePrice(
    listingId: string,
    version: number,
    fields: Pick<ListingRecord, 'price' | 'leasePrice' | 'leaseFrequencyId'>,
    priceHistory: PricePoint[],
    now: string,
  ): Promise<ListingRecord | null> {
    return conditionalUpdate(
      listingId,
      `SET price = :price, leasePrice = :leasePrice, leaseFrequencyId = :frequency, priceHistory = :history, updatedAt = :now, ${nextVersion}`,
      `#status = :published AND ${atVersion}`,
      {
        ':price': fields.price,
        ':leasePrice': fields.leasePrice,
        ':frequency': fields.leaseFrequencyId,
        ':history': priceHistory,
        ':now': now,
        ':published': 'published',
        ':version': version,
        ':zero': 0,
        ':one': 1,
      },
    );
  },

  /** Removes the listing record and, if it was published, its index items. Returns the removed record. */
  async delete(listingId: string): Promise<ListingRecord | null> {
    const removed = await deleteExisting(keys(listingId));
    return removed && fromItem(removed);
  },

  /** One owner's listings, every status, newest first: a Query on gsi1. */
  async allByOwner(userId: string): Promise<ListingRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': ownerKey(userId) },
      ScanIndexForward: false,
    });
    return items.map(fromItem);
  },

  /**
   * One page of the public browser's search: its market slots' partitions of the index of its order
   * (newest, or longest on BISN), merged, or a bounded set of results ranked by price, rate or size
   * (browse-index.ts); the first page of a search also counts its results.
   */
  async searchPublished(read: ListingSearchRead, limit: number, cursor?: string): Promise<Page<ListingIndexRow> & { total?: SearchTotal }> {
    const indexRead = listingIndexRead(read);
    if (!isIndexSort(read.sort)) return daysOrNewest(read.sort).rankedPage(indexRead, rankComparator('listings', read.sort), limit, cursor);
    const [page, total] = await Promise.all([
      daysOrNewest(read.sort).page(indexRead, limit, cursor, { oldestFirst: read.sort === 'daysOnBisn' }),
      cursor ? undefined : index.count(indexRead, SEARCH_TOTAL_MAX),
    ]);
    return { ...page, ...(total ? { total } : {}) };
  },

  /** One page of one partition, newest first or longest on BISN first (the spec's three filters only). */
  pagePublished(filter: BrowseFilter, limit: number, cursor?: string, sort: IndexSort = 'newest'): Promise<Page<ListingIndexRow>> {
    return listingsRepository.searchPublished({ ...filter, searchKey: searchKeyOf({ filter, sort }), marketSlots: [filter.marketId ?? null], accept: null, sort }, limit, cursor);
  },

  /** How many listings a search shows, counted up to `max` (a saved search's breadth). */
  async countPublished(read: Omit<ListingSearchRead, 'sort'>, max: number): Promise<number> {
    return (await index.count(listingIndexRead(read), max)).count;
  },

  /** Listings published since `sinceIso`, community-wide: a COUNT Query on the all-`*` partition. */
  countPublishedSince(sinceIso: string): Promise<number> {
    return index.countSince(sinceIso);
  },

  /**
   * Ids of the listings published in [fromIso, toIso), page by page: the all-`*` browse partition (a weekly
   * digest's listings published since the previous Monday).
   */
  async *idsPublishedBetween(fromIso: string, toIso: string): AsyncGenerator<string[]> {
    const pages = queryPages({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      // Sort keys are `<publishedOn>#<id>`: every one before `toIso` sorts before `toIso` itself.
      ExpressionAttributeValues: { ':pk': partitionFor({}), ':from': fromIso, ':to': toIso },
      ProjectionExpression: 'listingId',
    });
    for await (const page of pages) yield page.map((item) => String(item.listingId));
  },

  /** Ids of every listing in `status` (jobs only): the blast reads `queued`. */
  async idsByStatus(status: ListingStatus): Promise<string[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': statusKey(status) },
      ProjectionExpression: 'listingId',
    });
    return items.map((item) => String(item.listingId));
  },

  /** Ids of the listings queued (published by their owner) before `beforeIso` and still waiting (the blast watchdog). */
  async idsQueuedBefore(beforeIso: string): Promise<string[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
      ExpressionAttributeValues: { ':pk': statusKey('queued'), ':before': beforeIso },
      ProjectionExpression: 'listingId',
    });
    return items.map((item) => String(item.listingId));
  },

  /** Published listings whose `expiresAt` is at or before `nowIso`, page by page (the expiry job). */
  expired(nowIso: string): AsyncGenerator<ListingRecord[]> {
    return statusPages('published', 'gsi2pk = :pk AND gsi2sk <= :now', { ':now': nowIso });
  },

  /** Published listings expiring in [fromIso, toIso], page by page (the reminders). */
  expiringBetween(fromIso: string, toIso: string): AsyncGenerator<ListingRecord[]> {
    return statusPages('published', 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to', { ':from': fromIso, ':to': toIso });
  },

  /** Expired listings that expired at or before `beforeIso`, page by page (the purge after the renewal grace). */
  expiredBefore(beforeIso: string): AsyncGenerator<ListingRecord[]> {
    return statusPages('expired', 'gsi2pk = :pk AND gsi2sk <= :before', { ':before': beforeIso });
  },

  /**
   * published → expired, only while it still expires at the `expiresAt` the job read (a renewal
   * in between wins). It stays under gsi2 `LSTSTATUS#expired` by that date, which the purge reads.
   */
  markExpired(listingId: string, expiresAt: string, now: string): Promise<ListingRecord | null> {
    return conditionalUpdate(
      listingId,
      'SET #status = :expired, closedAt = :now, updatedAt = :now, gsi2pk = :gsi2pk',
      '#status = :published AND expiresAt = :expiresAt',
      { ':expired': 'expired', ':published': 'published', ':expiresAt': expiresAt, ':now': now, ':gsi2pk': statusKey('expired') },
    );
  },

  /** published or expired → published, expiring at `expiresAt`. Answers the record before, or null. */
  async renew(listingId: string, expiresAt: string, now: string): Promise<ListingRecord | null> {
    return beforeUpdate(
      listingId,
      'SET #status = :published, expiresAt = :expiresAt, renewedAt = :now, updatedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :expiresAt REMOVE closedAt',
      '#status IN (:published, :expired) AND attribute_exists(publishedOn)',
      { ':published': 'published', ':expired': 'expired', ':expiresAt': expiresAt, ':now': now, ':gsi2pk': statusKey('published') },
    );
  },

  /** published or expired → sold or leased. Answers the record before, or null. */
  async close(listingId: string, to: 'sold' | 'leased', closedOn: string | null, now: string): Promise<ListingRecord | null> {
    return beforeUpdate(
      listingId,
      `SET #status = :to, closedAt = :now, updatedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :now${closedOn ? ', closedOn = :closedOn' : ''}`,
      '#status IN (:published, :expired)',
      { ':to': to, ':published': 'published', ':expired': 'expired', ':now': now, ':gsi2pk': statusKey(to), ...(closedOn ? { ':closedOn': closedOn } : {}) },
    );
  },

  /**
   * Records that the listing is now counted under `to` in the market aggregates (absent: nothing), only
   * while it is still counted under `from`: of two writers of one transition, one wins. False otherwise.
   */
  setMarketFacts(listingId: string, from: string | null, to: string | null, move: string): Promise<boolean> {
    return setMarketFacts(keys(listingId), from, to, move);
  },

  /** The move's adds are done: it leaves the listing (only that move). */
  finishMarketMove(listingId: string, move: string): Promise<void> {
    return finishMarketMove(keys(listingId), move);
  },

  /**
   * The market fields of every published listing, or of the sold or leased ones closed at or after
   * `closedSinceIso`, page by page (the market reconciliation): a projection, the rest of each item stays.
   */
  async *marketRecords(status: 'published' | 'sold' | 'leased', closedSinceIso = ''): AsyncGenerator<ListingMarketRecord[]> {
    const pages = queryPages({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: status === 'published' ? 'gsi2pk = :pk' : 'gsi2pk = :pk AND gsi2sk >= :from',
      ExpressionAttributeValues: { ':pk': statusKey(status), ...(status === 'published' ? {} : { ':from': closedSinceIso }) },
      ...projectionOf(MARKET_FIELDS),
      Limit: fullReadPageSize(100),
    });
    for await (const page of pages) yield page as ListingMarketRecord[];
  },

  /** Every published listing, page by page (the rematch backfill). */
  published(): AsyncGenerator<ListingRecord[]> {
    return statusPages('published', 'gsi2pk = :pk', {});
  },
};

async function* statusPages(status: ListingStatus, keyCondition: string, values: Record<string, unknown>): AsyncGenerator<ListingRecord[]> {
  const pages = queryPages({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: keyCondition,
    ExpressionAttributeValues: { ':pk': statusKey(status), ...values },
    Limit: fullReadPageSize(100),
  });
  for await (const page of pages) yield page.map(fromItem);
}
