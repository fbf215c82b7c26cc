import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { RequirementStatus, SearchTotal } from '../../shared/api';
import { isIndexSort, rankComparator, requirementFacetsOf, type BrowseSort, type RequirementFacets } from '../../shared/rules';
import type { LeaseFrequencyId, PropertyTypeId, RequirementTypeId } from '../../shared/catalog';
import { batchGet, batchWrite, db, deleteExisting, encodeCursor, fullReadPageSize, isConditionFailed, nowIso, projectionOf, queryPages, setHistory, setMarketFacts, finishMarketMove, startKeyFor, tableName, type Authored } from './table';
import { deliveryLedger, type DeliveryClaim } from './delivery-ledger';
import { browseIndex, moveIndexItems, SEARCH_TOTAL_MAX, searchKeyOf, type IndexRead } from './browse-index';

/** The stored requirement (README "requirement"). Catalogue entries are kept as ids; names come from the catalogue. */
export interface RequirementRecord extends Authored {
  requirementId: string;
  userId: string;
  title: string;
  status: RequirementStatus;
  requirementTypeId: RequirementTypeId;
  propertyTypeId: PropertyTypeId;
  marketIds: string[];
  sqftMin: number | null;
  sqftMax: number | null;
  timing: string;
  description: string;
  highlights: string[];
  /** The budget; absent reads as null. */
  maxPrice?: number | null;
  maxLeaseRate?: number | null;
  maxLeaseFrequencyId?: LeaseFrequencyId | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** The broadcast run that holds the requirement while `processing`; another run takes over after the lease. */
  leaseId?: string;
  /** How many broadcast runs have taken it into `processing`. */
  attempts?: number;
  /** The owner's last renewal: it is active for 90 days from this, or from `sentAt` before any. */
  renewedAt?: string;
  /** When it was filled, withdrawn or expired. */
  closedAt?: string;
  outcome?: { kind: 'bisn-listing'; listingId: string; listingTitle: string } | { kind: 'elsewhere' };
  /** Raised by every edit of its owner (absent: 0, as for listings). */
  version?: number;
  /** The market facts it is counted under in the Market page's aggregates (JSON; README "Market intelligence"). */
  market?: string;
  /** The move to `market` not finished yet (JSON `{ id, from }`): its adds to the cells, repeated once more, add nothing twice. */
  marketMove?: string;
}

/** What the market's recount reads of a requirement: its market fields, and the facts it is counted under. */
const MARKET_FIELDS = [
  'requirementId', 'market', 'marketMove', 'status', 'requirementTypeId', 'propertyTypeId', 'marketIds', 'sqftMin', 'sqftMax', 'sentAt', 'closedAt',
] as const satisfies readonly (keyof RequirementRecord)[];
export type RequirementMarketRecord = Pick<RequirementRecord, (typeof MARKET_FIELDS)[number]>;

/** The version of a stored requirement (absent = 0). */
export const requirementVersionOf = (record: Pick<RequirementRecord, 'version'>) => record.version ?? 0;

/** When a sent requirement became active: its last renewal, or its broadcast. */
export const activeFromOf = (record: Pick<RequirementRecord, 'renewedAt'> & { sentAt: string }) => record.renewedAt ?? record.sentAt;

/** The statuses the broadcast job reads from gsi2 (sparse: nothing else sits there). */
const BROADCAST_STATUSES: readonly RequirementStatus[] = ['pending', 'queued', 'processing'];

/**
 * What a browse index item holds: the row the requirements table shows, and what its searches read
 * (shared/rules/search.ts; an entry may lack the budget, `words` and the size range: unknown).
 */
export interface RequirementIndexRow extends RequirementFacets {
  requirementId: string;
  title: string;
  status: 'sent';
  requirementTypeId: RequirementTypeId;
  propertyTypeId: PropertyTypeId;
  timing: string;
  createdAt: string;
  sentAt: string;
  /** The browser shows size and markets; an entry without them shows none until the requirement's next write. */
  sqftMin?: number | null;
  sqftMax?: number | null;
  marketIds?: string[];
}

export interface BrowseFilter {
  requirementTypeId?: string;
  propertyTypeId?: string;
  marketId?: string;
}

/** A search of the requirements browser: its type and property type, the market slots it reads, what it takes, its order. */
export interface RequirementSearchRead {
  /** The search's criteria and order, digested (searchKeyOf): its cursors continue it only. */
  searchKey: string;
  requirementTypeId?: string;
  propertyTypeId?: string;
  /** One partition per slot; null is the `*` slot (every market). */
  marketSlots: readonly (string | null)[];
  accept: ((row: RequirementIndexRow) => boolean) | null;
  sort: BrowseSort;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A delivery ledger entry: `sending` while the mail is in flight, `sent` once SES accepted it. */
export type DeliveryState = 'sending' | 'sent';

const keys = (requirementId: string) => ({ pk: `REQ#${requirementId}`, sk: 'REQ' });
const ownerKey = (userId: string) => `OWNER#${userId}#REQ`;
const statusKey = (status: RequirementStatus) => `REQSTATUS#${status}`;
const ledger = deliveryLedger((requirementId) => `REQ#${requirementId}`, 'requirementDelivery');
const ledgerKey = ledger.key;

const index = browseIndex('REQIDX');
export const indexPartition = index.partition;

/** The one index partition that answers a filter combination (ALL or absent = the `*` slot). */
export const partitionFor = (filter: BrowseFilter) => index.partitionFor({ ...filter, typeId: filter.requirementTypeId });

/** Every partition a sent requirement appears in: 2 × 2 × (markets + 1) (README "Browse indexes"). */
export const partitionsOf = (record: Pick<RequirementRecord, 'requirementTypeId' | 'propertyTypeId' | 'marketIds'>) =>
  index.partitionsOf(record.requirementTypeId, record.propertyTypeId, record.marketIds);

const indexSortKey = index.sortKey;

/** The stored item of a requirement (exported for bulk loads: test/bench writes items directly). */
export function toItem({ sentAt, ...record }: RequirementRecord) {
  return {
    ...keys(record.requirementId),
    gsi1pk: ownerKey(record.userId),
    gsi1sk: record.createdAt,
    // Sparse: only not-yet-sent requirements sit in the status index the broadcast job reads, and filled
    // ones by when, which the market reconciliation reads.
    ...(BROADCAST_STATUSES.includes(record.status) ? { gsi2pk: statusKey(record.status), gsi2sk: record.updatedAt } : {}),
    ...(record.status === 'filled' && record.closedAt ? { gsi2pk: statusKey('filled'), gsi2sk: record.closedAt } : {}),
    type: 'requirement',
    ...record,
    // Absent until the broadcast stamps it once (`if_not_exists`), never stored as null.
    ...(sentAt ? { sentAt } : {}),
  };
}

/** Whether a record is public, and so in the browse index. */
const isIndexed = (r: RequirementRecord | null): r is RequirementRecord & { sentAt: string } => r?.status === 'sent' && !!r.sentAt;

/** A stored item (or a stream image of one) as the record it holds. */
export function fromItem(item: Record<string, unknown>): RequirementRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...record } = item;
  return { sentAt: null, ...record } as unknown as RequirementRecord;
}

function toIndexRow(record: RequirementRecord & { sentAt: string }): RequirementIndexRow {
  const { requirementId, title, requirementTypeId, propertyTypeId, timing, createdAt, sentAt, marketIds } = record;
  return { requirementId, title, status: 'sent', ...requirementFacetsOf(record), requirementTypeId, propertyTypeId, timing, createdAt, sentAt, marketIds };
}

/** The browse index items of a sent requirement: one per filter combination (README "Browse indexes"). */
export function indexItemsOf(record: RequirementRecord & { sentAt: string }) {
  const row = toIndexRow(record);
  // Sorted by when it became active: a renewal brings it back to the top, and the 90-day count holds it.
  const sk = indexSortKey(activeFromOf(record), record.requirementId);
  return partitionsOf(record).map((pk) => ({ pk, sk, type: 'requirementIndex', ...row }));
}

function fromIndexItem(item: Record<string, unknown>): RequirementIndexRow {
  const { pk: _pk, sk: _sk, type: _t, ...row } = item;
  return row as unknown as RequirementIndexRow;
}

const requirementIndexRead = (read: Omit<RequirementSearchRead, 'sort'>): IndexRead<RequirementIndexRow> => ({
  partitions: read.marketSlots.map((marketId) => ({ typeId: read.requirementTypeId, propertyTypeId: read.propertyTypeId, marketId })),
  searchKey: read.searchKey,
  rowOf: fromIndexItem,
  accept: read.accept,
});

export const requirementsRepository = {
  /** Who last changed it and its recent changes; false when it is gone. */
  async setHistory(requirementId: string, history: Required<Pick<Authored, 'lastChangedBy' | 'changes'>>): Promise<boolean> {
    return setHistory(keys(requirementId), history);
  },

  async create(record: RequirementRecord): Promise<RequirementRecord> {
    await db().send(
      new PutCommand({ TableName: tableName(), Item: toItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return record;
  },

  async get(requirementId: string): Promise<RequirementRecord | null> {
    // Strongly consistent: a projection reads what the change it follows committed, never an older copy.
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(requirementId), ConsistentRead: true }));
    return Item ? fromItem(Item) : null;
  },

  /** One owner's requirements, every status or one, newest first: a Query on gsi1. */
  async pageByOwner(userId: string, limit: number, cursor?: string, status?: RequirementStatus): Promise<Page<RequirementRecord>> {
    const gsi1pk = ownerKey(userId);
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ...(status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: { ':pk': gsi1pk, ...(status ? { ':status': status } : {}) },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: startKeyFor(cursor, ['pk', 'sk', 'gsi1pk', 'gsi1sk'], { gsi1pk }),
      }),
    );
    return { items: (Items ?? []).map(fromItem), nextCursor: encodeCursor(LastEvaluatedKey) };
  },

  /**
   * One page of the public browser's search: its market slots' index partitions, merged, newest first or
   * longest active first, or a bounded set of results ranked by budget or size (browse-index.ts); the first
   * page of a search also counts its results.
   */
  async searchSent(read: RequirementSearchRead, limit: number, cursor?: string): Promise<Page<RequirementIndexRow> & { total?: SearchTotal }> {
    const indexRead = requirementIndexRead(read);
    if (!isIndexSort(read.sort)) return index.rankedPage(indexRead, rankComparator('requirements', read.sort), limit, cursor);
    const [page, total] = await Promise.all([
      index.page(indexRead, limit, cursor, { oldestFirst: read.sort === 'daysOnBisn' }),
      cursor ? undefined : index.count(indexRead, SEARCH_TOTAL_MAX),
    ]);
    return { ...page, ...(total ? { total } : {}) };
  },

  /** One page of one partition, newest first (the spec's three filters only). */
  pageSent(filter: BrowseFilter, limit: number, cursor?: string): Promise<Page<RequirementIndexRow>> {
    return requirementsRepository.searchSent({ ...filter, searchKey: searchKeyOf({ filter, sort: 'newest' }), marketSlots: [filter.marketId ?? null], accept: null, sort: 'newest' }, limit, cursor);
  },

  /**
   * The ids of the requirements active from `fromIso` to `toIso`, both included (absent: no end), page by
   * page: the all-`*` index partition (the rematch backfill, the expiry, the reminders).
   */
  async *idsActiveBetween(fromIso: string, toIso = ''): AsyncGenerator<string[]> {
    const pages = queryPages({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      // Sort keys are `<time>#<id>`: the last one at `toIso` sorts before `<toIso>\uffff`.
      ExpressionAttributeValues: { ':pk': partitionFor({}), ':from': fromIso, ':to': `${toIso}\uffff` },
      ProjectionExpression: 'requirementId',
    });
    for await (const page of pages) yield page.map((item) => String(item.requirementId));
  },

  /** How many requirements a search shows, counted up to `max` (a saved search's breadth). */
  async countSent(read: Omit<RequirementSearchRead, 'sort'>, max: number): Promise<number> {
    return (await index.count(requirementIndexRead(read), max)).count;
  },

  /** Requirements sent since `sinceIso`, community-wide: a COUNT Query on the all-`*` partition. */
  countSentSince(sinceIso: string): Promise<number> {
    return index.countSince(sinceIso);
  },

  /**
   * When the longest-waiting not-yet-sent requirement was created; null when none waits (the broadcast
   * backlog's reading). Every status before `sent` counts: one stuck in `processing` (a run that keeps
   * crashing on it) leaves brokers waiting as much as one still `pending`. Each status is read whole, only
   * `createdAt`: gsi2 sorts by `updatedAt`, which a requeue or a lease renewal moves forward, so its first
   * item is not the oldest. Without a backlog these are a handful of items.
   */
  async oldestWaitingSince(): Promise<string | null> {
    let oldest: string | null = null;
    for (const status of ['pending', 'queued', 'processing'] as const) {
      const pages = queryPages({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': statusKey(status) },
        ProjectionExpression: 'createdAt',
      });
      for await (const page of pages) {
        for (const { createdAt } of page) if (typeof createdAt === 'string' && (oldest === null || createdAt < oldest)) oldest = createdAt;
      }
    }
    return oldest;
  },

  /**
   * Not-yet-sent requirements in one status, oldest first, page by page (the broadcast job); `updatedBefore`
   * keeps only those untouched since. A page is read when the previous one is done with, so what the job
   * moved out of the status meanwhile is not read again.
   */
  async *byStatus(status: Exclude<RequirementStatus, 'sent'>, options: { updatedBefore?: string } = {}): AsyncGenerator<RequirementRecord[]> {
    const pages = queryPages({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: options.updatedBefore ? 'gsi2pk = :pk AND gsi2sk < :before' : 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': statusKey(status), ...(options.updatedBefore ? { ':before': options.updatedBefore } : {}) },
      Limit: fullReadPageSize(50),
    });
    for await (const page of pages) yield page.map(fromItem);
  },

  /**
   * Moves a requirement from one status to another (or renews it in the same one) if it is still in `from`
   * and, when given, still held by `expectLeaseId` and untouched since `staleBefore`. Stamps `updatedAt`,
   * which is also the lease clock. Returns the new record, or null when the condition no longer held.
   */
  async transition(
    requirementId: string,
    from: RequirementStatus,
    to: Exclude<RequirementStatus, 'sent'>,
    options: { expectLeaseId?: string; staleBefore?: string; setLeaseId?: string; countAttempt?: boolean } = {},
  ): Promise<RequirementRecord | null> {
    const now = nowIso();
    const values: Record<string, unknown> = { ':from': from, ':to': to, ':now': now, ':gsi2pk': statusKey(to) };
    let condition = '#status = :from';
    if (options.expectLeaseId !== undefined) {
      condition += ' AND leaseId = :expectLease';
      values[':expectLease'] = options.expectLeaseId;
    }
    if (options.staleBefore !== undefined) {
      condition += ' AND updatedAt < :staleBefore';
      values[':staleBefore'] = options.staleBefore;
    }
    let update = 'SET #status = :to, updatedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :now';
    if (options.setLeaseId) {
      update += ', leaseId = :lease';
      values[':lease'] = options.setLeaseId;
    }
    if (options.countAttempt) {
      update += ' ADD attempts :one';
      values[':one'] = 1;
    }
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(requirementId),
          UpdateExpression: update,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(Attributes!);
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /**
   * Fixes the broadcast time once (kept on retries, so the browse index items of a resumed run land on the
   * same keys). Only the lease holder may do it; null when the lease was lost.
   */
  async stampSentAt(requirementId: string, leaseId: string): Promise<string | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(requirementId),
          UpdateExpression: 'SET sentAt = if_not_exists(sentAt, :now)',
          ConditionExpression: '#status = :processing AND leaseId = :lease',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':now': nowIso(), ':processing': 'processing', ':lease': leaseId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (Attributes?.sentAt as string | undefined) ?? null;
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** The browse index items as `current` needs them (none unless it is public), `before`'s others deleted. */
  async projectIndex(before: RequirementRecord | null, current: RequirementRecord | null): Promise<void> {
    await moveIndexItems(isIndexed(before) ? indexItemsOf(before) : [], isIndexed(current) ? indexItemsOf(current) : []);
  },

  /** Makes a sent requirement browsable: one index item per filter combination (bulk seeds, tests). Idempotent. */
  async writeIndex(record: RequirementRecord & { sentAt: string }): Promise<void> {
    await batchWrite(indexItemsOf(record).map((Item) => ({ PutRequest: { Item } })));
  },

  async deleteIndex(record: RequirementRecord & { sentAt: string }): Promise<void> {
    const sk = indexSortKey(activeFromOf(record), record.requirementId);
    await batchWrite(partitionsOf(record).map((pk) => ({ DeleteRequest: { Key: { pk, sk } } })));
  },

  /**
   * The owner's edit: the form's fields, while the requirement is pending or sent and still at
   * `version`. Answers the record before and after, or null when the status or the version moved.
   */
  async saveContent(
    requirementId: string,
    fields: Pick<RequirementRecord, 'title' | 'requirementTypeId' | 'propertyTypeId' | 'marketIds' | 'sqftMin' | 'sqftMax' | 'timing' | 'description' | 'highlights' | 'maxPrice' | 'maxLeaseRate' | 'maxLeaseFrequencyId'>,
    version: number,
  ): Promise<{ before: RequirementRecord; after: RequirementRecord } | null> {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':pending': 'pending', ':sent': 'sent', ':version': version, ':zero': 0, ':one': 1, ':now': nowIso() };
    const sets = Object.entries(fields).map(([key, value], i) => {
      names[`#f${i}`] = key;
      values[`:f${i}`] = value ?? null;
      return `#f${i} = :f${i}`;
    });
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(requirementId),
          UpdateExpression: `SET ${sets.join(', ')}, updatedAt = :now, version = if_not_exists(version, :zero) + :one`,
          ConditionExpression: '#status IN (:pending, :sent) AND (version = :version OR (attribute_not_exists(version) AND :version = :zero))',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = fromItem(Attributes!);
      return { before, after: { ...before, ...fields, updatedAt: values[':now'] as string, version: requirementVersionOf(before) + 1 } };
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /**
   * Ends a requirement's life (filled, withdrawn, expired) from one of `from`; it leaves the broadcast's
   * index too (a pending requirement withdrawn is never sent). Answers the record before, or null.
   */
  async close(
    requirementId: string,
    to: 'filled' | 'withdrawn' | 'expired',
    from: readonly RequirementStatus[],
    fields: { closedAt: string; outcome?: RequirementRecord['outcome']; expectActiveFrom?: string },
  ): Promise<RequirementRecord | null> {
    const values: Record<string, unknown> = { ':to': to, ':now': fields.closedAt };
    from.forEach((status, i) => (values[`:from${i}`] = status));
    let condition = `#status IN (${from.map((_, i) => `:from${i}`).join(', ')})`;
    if (fields.expectActiveFrom) {
      // Expiry acts only on the activity it read: a renewal in between wins.
      condition += ' AND (renewedAt = :activeFrom OR (attribute_not_exists(renewedAt) AND sentAt = :activeFrom))';
      values[':activeFrom'] = fields.expectActiveFrom;
    }
    if (fields.outcome) values[':outcome'] = fields.outcome;
    // A filled one is kept under gsi2 by when (the market's "filled in the last 90 days").
    const statusIndex = to === 'filled' ? ', gsi2pk = :gsi2pk, gsi2sk = :now REMOVE leaseId' : ' REMOVE gsi2pk, gsi2sk, leaseId';
    if (to === 'filled') values[':gsi2pk'] = statusKey('filled');
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(requirementId),
          UpdateExpression: `SET #status = :to, closedAt = :now, updatedAt = :now${fields.outcome ? ', outcome = :outcome' : ''}${statusIndex}`,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_OLD',
        }),
      );
      return fromItem(Attributes!);
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** The market fields of the filled requirements closed at or after `fromIso`, page by page (the market reconciliation). */
  async *filledMarketRecords(fromIso: string): AsyncGenerator<RequirementMarketRecord[]> {
    const pages = queryPages({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :from',
      ExpressionAttributeValues: { ':pk': statusKey('filled'), ':from': fromIso },
      ...projectionOf(MARKET_FIELDS),
      Limit: fullReadPageSize(100),
    });
    for await (const page of pages) yield page as RequirementMarketRecord[];
  },

  /** Requirements by id (absent ones are left out): BatchGet, 100 a request. */
  async getMany(requirementIds: readonly string[]): Promise<RequirementRecord[]> {
    return (await batchGet(requirementIds.map(keys))).map(fromItem);
  },

  /** The market fields of requirements by id (absent ones are left out): BatchGet, 100 a request. */
  async marketRecords(requirementIds: readonly string[]): Promise<RequirementMarketRecord[]> {
    return (await batchGet(requirementIds.map(keys), MARKET_FIELDS)) as RequirementMarketRecord[];
  },

  /** Like listingsRepository.setMarketFacts. */
  setMarketFacts(requirementId: string, from: string | null, to: string | null, move: string): Promise<boolean> {
    return setMarketFacts(keys(requirementId), from, to, move);
  },

  /** Like listingsRepository.finishMarketMove. */
  finishMarketMove(requirementId: string, move: string): Promise<void> {
    return finishMarketMove(keys(requirementId), move);
  },

  /** sent or expired → sent, active again from `now`. Answers the record before, or null. */
  async renew(requirementId: string, now: string): Promise<RequirementRecord | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(requirementId),
          UpdateExpression: 'SET #status = :sent, renewedAt = :now, updatedAt = :now REMOVE closedAt',
          ConditionExpression: '#status IN (:sent, :expired) AND attribute_exists(sentAt)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sent': 'sent', ':expired': 'expired', ':now': now },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return fromItem(Attributes!);
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** processing → sent, held by `leaseId`; leaves the status index. False when the lease was lost or the item is gone. */
  async markSent(requirementId: string, leaseId: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(requirementId),
          UpdateExpression: 'SET #status = :sent, updatedAt = :now REMOVE gsi2pk, gsi2sk, leaseId',
          ConditionExpression: '#status = :processing AND leaseId = :lease AND attribute_exists(sentAt)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sent': 'sent', ':processing': 'processing', ':lease': leaseId, ':now': nowIso() },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /**
   * Claims the delivery of one requirement to one broker before the mail is sent. False when the broker
   * already has it (or it is in flight from another run): the caller must not send.
   */
  claimDelivery(requirementId: string, userId: string, claimedAt = nowIso()): Promise<boolean> {
    return ledger.claim(requirementId, userId, { state: 'sending' satisfies DeliveryState, claimedAt });
  },

  /** SES accepted these brokers' mails (claims this worker made, at `claimedAt`). */
  async confirmDelivery(requirementId: string, claims: readonly DeliveryClaim[]): Promise<void> {
    const sentAt = nowIso();
    await ledger.rewrite(requirementId, claims.map(({ userId, claimedAt }) => ({ userId, attributes: { state: 'sent' satisfies DeliveryState, claimedAt, sentAt } })));
  },

  /** A claim another delivery holds: sent, or still sending since `claimedAt` (null: no claim). */
  async deliveryState(requirementId: string, userId: string): Promise<{ state: DeliveryState; claimedAt: string } | null> {
    const item = await ledger.get(requirementId, userId);
    return item ? { state: item.state === 'sending' ? 'sending' : 'sent', claimedAt: String(item.claimedAt) } : null;
  },

  /** The send failed: give the claim back so a later delivery sends it. */
  releaseDelivery(requirementId: string, userId: string): Promise<void> {
    return ledger.release(requirementId, userId);
  },

  /** The ledger of one requirement: who was (or is being) sent it. */
  async deliveries(requirementId: string): Promise<{ userId: string; state: DeliveryState }[]> {
    return (await ledger.entries(requirementId)).map(({ userId, item }) => ({ userId, state: item.state as DeliveryState }));
  },

  /** Removes the requirement and its delivery ledger. Returns the removed record. */
  async delete(requirementId: string): Promise<RequirementRecord | null> {
    const removed = await deleteExisting(keys(requirementId));
    if (!removed) return null;
    const record = fromItem(removed);
    const ledger = await requirementsRepository.deliveries(requirementId);
    await batchWrite(ledger.map(({ userId }) => ({ DeleteRequest: { Key: ledgerKey(requirementId, userId) } })));
    return record;
  },
};
