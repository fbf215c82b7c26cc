import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactListFilter, ExportFormat } from '../../shared/api';
import { db, deleteExisting, encodeCursor, isConditionFailed, startKeyFor, tableName } from './table';

/** A broker's contact list: a saved directory filter, or brokers picked one by one. */
export interface ContactListRecord {
  listId: string;
  ownerId: string;
  name: string;
  filter: ContactListFilter | null;
  members: string[] | null;
  createdAt: string;
  updatedAt: string;
  /** Raised by every change (absent on a list never changed: 0). */
  version?: number;
}

export interface ExportLogRecord {
  at: string;
  userId: string;
  userName: string;
  listId: string;
  listName: string;
  format: ExportFormat;
  rows: number;
}

const keys = (ownerId: string, listId: string) => ({ pk: `LISTS#${ownerId}`, sk: `LIST#${listId}` });
const EXPORT_LOG = 'EXPORTLOG';
/** How many lists the owner has, beside (not in) their lists' partition. */
const countKey = (ownerId: string) => ({ pk: `LISTCOUNT#${ownerId}`, sk: 'COUNT' });

function fromItem(item: Record<string, unknown>): ContactListRecord {
  const { pk: _pk, sk: _sk, ...record } = item;
  return record as unknown as ContactListRecord;
}

/** Lists live in their owner's partition: another broker's list is not even addressable. */
export const contactListsRepository = {
  async put(record: ContactListRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys(record.ownerId, record.listId), ...record } }));
  },

  /**
   * Writes a changed list only while it is still at the version it was read at (its version raised by one):
   * false when another change came first.
   */
  async replace(record: ContactListRecord): Promise<boolean> {
    const read = record.version ?? 0;
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys(record.ownerId, record.listId), ...record, version: read + 1 },
          ConditionExpression: read === 0 ? 'attribute_exists(pk) AND attribute_not_exists(version)' : 'version = :read',
          ...(read === 0 ? {} : { ExpressionAttributeValues: { ':read': read } }),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  async get(ownerId: string, listId: string): Promise<ContactListRecord | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(ownerId, listId) }));
    return Item ? fromItem(Item) : null;
  },

  /** Every list of the owner (a broker keeps a handful; one Query, paged to the end). */
  async all(ownerId: string): Promise<ContactListRecord[]> {
    const out: ContactListRecord[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `LISTS#${ownerId}` }, ExclusiveStartKey }),
      );
      out.push(...(page.Items ?? []).map(fromItem));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return out;
  },

  /**
   * Takes one of the owner's `max` list places, in one conditional write; false when all are taken. A count
   * not kept yet starts from the lists the owner has.
   */
  async claimPlace(ownerId: string, max: number): Promise<boolean> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: countKey(ownerId) }));
    const seed = Item ? 0 : (await this.all(ownerId)).length;
    if (seed >= max) return false;
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: countKey(ownerId),
          UpdateExpression: 'SET lists = if_not_exists(lists, :seed) + :one',
          ConditionExpression: 'attribute_not_exists(lists) OR lists < :max',
          ExpressionAttributeValues: { ':seed': seed, ':one': 1, ':max': max },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** Gives a list place back (the list is deleted, or its write failed). */
  async releasePlace(ownerId: string): Promise<void> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: countKey(ownerId),
          UpdateExpression: 'SET lists = lists - :one',
          ConditionExpression: 'lists > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  },

  /** False when there was no such list. */
  async delete(ownerId: string, listId: string): Promise<boolean> {
    return !!(await deleteExisting(keys(ownerId, listId)));
  },

  async logExport(entry: ExportLogRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: { pk: EXPORT_LOG, sk: `${entry.at}#${entry.userId}#${entry.listId}`, ...entry } }));
  },

  /** The operators' log, newest first. */
  async exportLog(limit: number, cursor?: string): Promise<{ items: ExportLogRecord[]; nextCursor: string | null }> {
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': EXPORT_LOG },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: startKeyFor(cursor, ['pk', 'sk'], { pk: EXPORT_LOG }),
      }),
    );
    return { items: (Items ?? []).map(({ pk: _pk, sk: _sk, ...entry }) => entry as ExportLogRecord), nextCursor: encodeCursor(LastEvaluatedKey) };
  },
};
