import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactListFilter, ExportFormat } from '../../shared/api';
import { db, encodeCursor, startKeyFor, tableName } from './table';

/** A broker's contact list (issue 15): a saved directory filter, or brokers picked one by one. */
export interface ContactListRecord {
  listId: string;
  ownerId: string;
  name: string;
  filter: ContactListFilter | null;
  members: string[] | null;
  createdAt: string;
  updatedAt: string;
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

function fromItem(item: Record<string, unknown>): ContactListRecord {
  const { pk: _pk, sk: _sk, ...record } = item;
  return record as unknown as ContactListRecord;
}

/** Lists live in their owner's partition: another broker's list is not even addressable. */
export const contactListsRepository = {
  async put(record: ContactListRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys(record.ownerId, record.listId), ...record } }));
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

  /** False when there was no such list. */
  async delete(ownerId: string, listId: string): Promise<boolean> {
    const { Attributes } = await db().send(new DeleteCommand({ TableName: tableName(), Key: keys(ownerId, listId), ReturnValues: 'ALL_OLD' }));
    return !!Attributes;
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
