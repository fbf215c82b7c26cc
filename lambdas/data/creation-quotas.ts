import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailed, tableName } from './table';

/** What a broker may do a limited number of times a day: create requirements and listings, export contact lists. */
export type CreationKind = 'requirement' | 'listing' | 'export';

const keys = (userId: string, kind: CreationKind, day: string) => ({ pk: `QUOTA#${userId}`, sk: `${kind}#${day}` });
/** Kept two days past its day (the cloud table's TTL attribute removes it; nothing reads an old day). */
const expiresAtOf = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 24 * 60 * 60;

/** How many items of a kind each broker created on a day: one counter item per broker, kind and day. */
export const creationQuotasRepository = {
  /**
   * Counts one more creation unless `limit` are already counted: an atomic conditional increment, so any
   * number of parallel creates lets exactly `limit` through. Answers the count after it, or null.
   */
  async take(userId: string, kind: CreationKind, day: string, limit: number): Promise<number | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(userId, kind, day),
          UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': expiresAtOf(day) },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.count ?? 1);
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** Gives one back: a creation whose write failed after it was counted, or a draft deleted the day it was made. */
  async giveBack(userId: string, kind: CreationKind, day: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys(userId, kind, day),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ).catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
  },

  async used(userId: string, kind: CreationKind, day: string): Promise<number> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(userId, kind, day) }));
    return Number(Item?.count ?? 0);
  },
};
