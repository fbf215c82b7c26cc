import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailed, tableName } from './table';

/**
 * Fixed-window counters (`RATE#<name>#<key>` / `WINDOW#<start>`): one conditional ADD per request, so
 * parallel requests cannot overshoot the limit and nothing is read first. DynamoDB's TTL
 * (`expiresAtEpoch`) removes a window's item after it has passed.
 */
export const rateLimitsRepository = {
  /** Counts one request; false when the window already holds `limit`. */
  async take(name: string, key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
    const windowStart = now - (now % windowMs);
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: `RATE#${name}#${key}`, sk: `WINDOW#${windowStart}` },
          UpdateExpression: 'ADD hits :one SET expiresAtEpoch = :expires',
          ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': Math.ceil((windowStart + windowMs) / 1000) + 60 },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /**
   * At most once per `windowMs` for `key`, sliding: true (and the time noted) when the last time is absent or
   * at least `windowMs` ago, in one conditional write.
   */
  async once(name: string, key: string, windowMs: number, now = Date.now()): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: `RATE#${name}#${key}`, sk: 'LAST' },
          UpdateExpression: 'SET lastAt = :now, expiresAtEpoch = :expires',
          ConditionExpression: 'attribute_not_exists(lastAt) OR lastAt <= :before',
          ExpressionAttributeValues: { ':now': now, ':before': now - windowMs, ':expires': Math.ceil((now + windowMs) / 1000) + 60 },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },
};
