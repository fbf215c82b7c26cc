import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, tableName } from './table';

/**
 * What BISN remembers of a property between its listings, keyed by its normalised address
 * (shared/rules propertyKeyOf): how long its listings had been live when the last one ended, when that
 * was, and its last price, so a listing posted again within 12 months continues the count.
 */
export interface PropertyHistory {
  propertyKey: string;
  /** Milliseconds its listings were on BISN until the last one ended. */
  liveMs: number;
  lastEndedAt: string;
  lastPrice: number | null;
  lastLeasePrice: number | null;
}

const keys = (propertyKey: string) => ({ pk: `PROPERTY#${propertyKey}`, sk: 'HISTORY' });

export const propertyHistoryRepository = {
  async get(propertyKey: string): Promise<PropertyHistory | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(propertyKey) }));
    return (Item as PropertyHistory | undefined) ?? null;
  },

  /** The histories of these properties that exist (BatchGets; each property once). */
  async getMany(propertyKeys: readonly string[]): Promise<PropertyHistory[]> {
    return (await batchGet([...new Set(propertyKeys)].map(keys))) as unknown as PropertyHistory[];
  },

  /** A listing ended: the property's count so far (set, not added: a listing that ends twice counts once). */
  async put(history: PropertyHistory): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys(history.propertyKey), type: 'propertyHistory', ...history } }));
  },
};
