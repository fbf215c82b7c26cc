import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { savedSearchKinds, type SavedSearchFrequency, type SavedSearchKind, type SavedSearchPausedReason, type SavedSearchQuery } from '../../shared/api';
import { groupBy } from '../../shared/group-by';
import { listingSearchShape } from '../../shared/api/schemas/listings';
import { requirementSearchShape } from '../../shared/api/schemas/requirements';
import { batchGet, db, deleteExisting, fullReadPageSize, isConditionFailed, moveClaim, queryAll, queryPages, tableName } from './table';

/** A broker's saved search: a browser's filters, the mail frequency, and the delivery's bookkeeping. */
export type SavedSearchRecord = SavedSearchQuery & {
  savedSearchId: string;
  ownerId: string;
  name: string;
  frequency: SavedSearchFrequency;
  status: 'active' | 'paused';
  pausedReason: SavedSearchPausedReason | null;
  pausedAt: string | null;
  /** The creation or the last "keep it": where the pausing periods start (pauseReasonOf in shared/rules). */
  activeSince: string;
  createdAt: string;
  updatedAt: string;
  lastMatchedAt: string | null;
  lastAlertAt: string | null;
  lastEngagedAt: string | null;
  /** The batch holding the alert hour (takeAlertHour) while its mail is being sent. */
  alertBatchId?: string;
  /** The one mail of a pause, offering to keep the search (README "Saved searches"). */
  pauseMail?: PauseMailState;
  pauseMailBatchId?: string;
  pauseMailClaimedAt?: string;
};

/** A saved search's key. */
export type SavedSearchId = Pick<SavedSearchRecord, 'ownerId' | 'savedSearchId'>;

/** `pending` waits for the pause job, `sending` is claimed by one run; `lost` a crashed run's, `skipped` resumed before it went. */
export type PauseMailState = 'pending' | 'sending' | 'sent' | 'lost' | 'skipped';

/** What the broker edits; the bookkeeping is the delivery's, written field by field, so neither loses the other's. */
export type SavedSearchEdit = Partial<Pick<SavedSearchRecord, 'name' | 'frequency' | 'filters' | 'status' | 'pausedReason' | 'pausedAt' | 'activeSince'>>;

/** The delivery's bookkeeping fields, each only ever moved forward. */
export type SavedSearchMark = 'lastMatchedAt' | 'lastAlertAt' | 'lastEngagedAt';

/**
 * The mailing index is split into this many partitions per kind and frequency, so workers can read it in
 * parallel and no one partition key carries every broker's searches.
 */
export const SAVED_SEARCH_SHARDS = 4;

const partition = (ownerId: string) => `SEARCHES#${ownerId}`;
const keys = (ownerId: string, savedSearchId: string) => ({ pk: partition(ownerId), sk: `SEARCH#${savedSearchId}` });

const shardOf = (savedSearchId: string) => [...savedSearchId].reduce((sum, c) => sum + c.charCodeAt(0), 0) % SAVED_SEARCH_SHARDS;
/** gsi2 holds the paused searches whose pause mail is pending or being sent: sparse. */
const PAUSE_MAILS = 'SEARCHPAUSE';

export const mailingPartition = (kind: SavedSearchKind, frequency: SavedSearchFrequency, shard: number) => `SEARCHFREQ#${kind}#${frequency}#${shard}`;

/** One partition of the mailing index, page by page (`projection`: the attributes to read, default all). */
const mailingPages = (pk: string, projection?: string) =>
  queryPages({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ...(projection && { ProjectionExpression: projection }),
  });

/** gsi1 holds the searches that mail (active, not "off"), by kind, frequency and shard: sparse. */
function mailingIndex(record: Pick<SavedSearchRecord, 'kind' | 'frequency' | 'status' | 'ownerId' | 'savedSearchId'>) {
  if (record.status !== 'active' || record.frequency === 'off') return null;
  return { gsi1pk: mailingPartition(record.kind, record.frequency, shardOf(record.savedSearchId)), gsi1sk: `${record.ownerId}#${record.savedSearchId}` };
}

/** The criteria in the browser's order (a stored map keeps none): the same search, the same link. */
function inCriteriaOrder(kind: SavedSearchKind, filters: Record<string, unknown>): Record<string, unknown> {
  const order = Object.keys(kind === 'listings' ? listingSearchShape : requirementSearchShape);
  return Object.fromEntries(Object.entries(filters).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
}

function fromItem(item: Record<string, unknown>): SavedSearchRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...record } = item;
  const filters = record.filters as Record<string, unknown> | undefined;
  return { ...record, ...(filters && { filters: inCriteriaOrder(record.kind as SavedSearchKind, filters) }) } as unknown as SavedSearchRecord;
}

export const savedSearchesRepository = {
  /** Stores a new search (its id must be new). */
  async create(record: SavedSearchRecord): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys(record.ownerId, record.savedSearchId), ...mailingIndex(record), type: 'savedSearch', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },

  async get(ownerId: string, savedSearchId: string): Promise<SavedSearchRecord | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(ownerId, savedSearchId) }));
    return Item ? fromItem(Item) : null;
  },

  /** Every search of the owner (at most SAVED_SEARCHES_MAX): one Query, paged to the end. */
  async all(ownerId: string): Promise<SavedSearchRecord[]> {
    const items = await queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition(ownerId) } });
    return items.map(fromItem);
  },

  /** How many searches the owner keeps. */
  async count(ownerId: string): Promise<number> {
    let count = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': partition(ownerId) },
          Select: 'COUNT',
          Limit: fullReadPageSize(),
          ExclusiveStartKey,
        }),
      );
      count += out.Count ?? 0;
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return count;
  },

  /**
   * The broker's edit of the search as read (`before`): conditional on the status read, since the status
   * and the frequency place it in the mailing index (a pause meanwhile refuses the write). Answers the new
   * record, or null when the search changed status or is gone.
   */
  async edit(before: SavedSearchRecord, edit: SavedSearchEdit, now: string): Promise<SavedSearchRecord | null> {
    const after = { ...before, ...edit, updatedAt: now };
    const index = mailingIndex(after);
    const fields: Record<string, unknown> = { ...edit, updatedAt: now, ...index };
    const names = Object.keys(fields);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(before.ownerId, before.savedSearchId),
          UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}${index ? '' : ' REMOVE gsi1pk, gsi1sk'}`,
          ConditionExpression: 'attribute_exists(pk) AND #status = :status',
          ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) },
          ExpressionAttributeValues: { ':status': before.status, ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(Attributes!);
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** False when there was no such search. */
  async delete(ownerId: string, savedSearchId: string): Promise<boolean> {
    return !!(await deleteExisting(keys(ownerId, savedSearchId)));
  },

  /**
   * The delivery pauses an active search (no match in 90 days, no engagement in 30): it leaves the mailing
   * index and, in the same write, its pause mail becomes pending (gsi2 `SEARCHPAUSE`). False when it is not
   * active any more (paused already, or deleted).
   */
  async pause(ownerId: string, savedSearchId: string, reason: SavedSearchPausedReason, at: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(ownerId, savedSearchId),
          UpdateExpression:
            'SET #status = :paused, pausedReason = :reason, pausedAt = :at, updatedAt = :at, pauseMail = :pending, gsi2pk = :mails, gsi2sk = :mailKey REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':paused': 'paused',
            ':active': 'active',
            ':reason': reason,
            ':at': at,
            ':pending': 'pending',
            ':mails': PAUSE_MAILS,
            ':mailKey': `${at}#${ownerId}#${savedSearchId}`,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** The paused searches whose mail is pending or being sent, page by page (the pause job). */
  async *pauseMailsWaiting(): AsyncGenerator<SavedSearchRecord[]> {
    const pages = queryPages({ TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': PAUSE_MAILS } });
    for await (const page of pages) yield page.map(fromItem);
  },

  /**
   * Moves a pause mail from one state to another (conditional on `from`, and for a claimed one on its batch);
   * leaving `pending`/`sending` for good also leaves gsi2.
   */
  movePauseMail(record: Pick<SavedSearchRecord, 'ownerId' | 'savedSearchId'>, from: PauseMailState, to: PauseMailState, batch: { batchId?: string; at?: string } = {}): Promise<boolean> {
    return moveClaim(keys(record.ownerId, record.savedSearchId), { state: 'pauseMail', batchId: 'pauseMailBatchId', claimedAt: 'pauseMailClaimedAt' }, from, to, batch);
  },

  /**
   * Records a delivery event (a new item fitted, an instant mail went out, a mail was opened or clicked) at
   * `at`, unless a later one is recorded already. False when nothing changed (a later mark, or no search).
   */
  async mark(ownerId: string, savedSearchId: string, field: SavedSearchMark, at: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(ownerId, savedSearchId),
          UpdateExpression: 'SET #field = :at',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#field) OR #field = :null OR #field < :at)',
          ExpressionAttributeNames: { '#field': field },
          ExpressionAttributeValues: { ':at': at, ':null': null },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /**
   * The search's alert hour (at most one instant mail an hour): taken when its last alert went out at
   * or before `hourAgo` (or never), by this batch. Answers the previous time, so a refused send can give the
   * hour back; false when the hour is not over (or the search is gone).
   */
  async takeAlertHour(ownerId: string, savedSearchId: string, now: string, hourAgo: string, batchId: string): Promise<{ previous: string | null } | false> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(ownerId, savedSearchId),
          UpdateExpression: 'SET lastAlertAt = :now, alertBatchId = :batch',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastAlertAt) OR lastAlertAt = :null OR lastAlertAt <= :hourAgo)',
          ExpressionAttributeValues: { ':now': now, ':hourAgo': hourAgo, ':batch': batchId, ':null': null },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      return { previous: (Attributes?.lastAlertAt as string | null | undefined) ?? null };
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** Gives the hour back after SES refused the alert (only while this batch still holds it). */
  async giveBackAlertHour(ownerId: string, savedSearchId: string, batchId: string, previous: string | null): Promise<void> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(ownerId, savedSearchId),
          UpdateExpression: 'SET lastAlertAt = :previous REMOVE alertBatchId',
          ConditionExpression: 'alertBatchId = :batch',
          ExpressionAttributeValues: { ':previous': previous, ':batch': batchId },
        }),
      );
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  },

  /**
   * The active searches of a kind mailed at a frequency, page by page, from one shard of the mailing index
   * (or all of them, one after another): the delivery's read, never a Scan.
   */
  async *mailing(kind: SavedSearchKind, frequency: Exclude<SavedSearchFrequency, 'off'>, shard?: number): AsyncGenerator<SavedSearchRecord[]> {
    const shards = shard === undefined ? [...Array(SAVED_SEARCH_SHARDS).keys()] : [shard];
    for (const s of shards) for await (const page of mailingPages(mailingPartition(kind, frequency, s))) yield page.map(fromItem);
  },

  /**
   * The active searches mailed at any of `frequencies`, of either kind, by owner: the mailing index's keys only
   * (a few bytes a search), so a digest run reads the searches of a batch's owners in BatchGets
   * (`getMany`) and none for the brokers who have none.
   */
  async mailingIdsByOwner(frequencies: readonly Exclude<SavedSearchFrequency, 'off'>[]): Promise<Map<string, SavedSearchId[]>> {
    const ids: SavedSearchId[] = [];
    const partitions = savedSearchKinds.flatMap((kind) => frequencies.flatMap((frequency) => [...Array(SAVED_SEARCH_SHARDS).keys()].map((shard) => mailingPartition(kind, frequency, shard))));
    await Promise.all(
      partitions.map(async (pk) => {
        for await (const page of mailingPages(pk, 'gsi1sk')) {
          for (const item of page) {
            const [ownerId, savedSearchId] = String(item.gsi1sk).split('#') as [string, string];
            ids.push({ ownerId, savedSearchId });
          }
        }
      }),
    );
    return groupBy(ids, (id) => id.ownerId);
  },

  /** The searches still there of these (owner, search) pairs, as they are now (BatchGets of 100). */
  async getMany(ids: readonly SavedSearchId[]): Promise<SavedSearchRecord[]> {
    return (await batchGet(ids.map(({ ownerId, savedSearchId }) => keys(ownerId, savedSearchId)))).map(fromItem);
  },

  /** Removes every search of an owner (a deleted account). */
  async deleteAll(ownerId: string): Promise<void> {
    for (const search of await savedSearchesRepository.all(ownerId)) await savedSearchesRepository.delete(ownerId, search.savedSearchId);
  },
};
