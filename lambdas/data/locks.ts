import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailed, tableName } from './table';

const keys = (jobId: string) => ({ pk: `LOCK#${jobId}`, sk: 'LOCK' });

/**
 * Job leases (README "job lease"): at most one holder per job id. A lease carries an expiry, so a holder
 * that crashed without releasing blocks the job only until its lease lapses.
 */
export const locksRepository = {
  /**
   * Takes the lease for `ttlMs` when nobody holds it, its lease lapsed, or `owner` already holds it (which
   * renews it). False when someone else holds a live lease.
   */
  async acquire(jobId: string, ttlMs: number, owner: string, now = Date.now()): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys(jobId),
            type: 'lock',
            owner,
            expiresAtMs: now + ttlMs,
            acquiredAt: new Date(now).toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAtMs < :now OR #owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':now': now, ':owner': owner },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** Gives the lease back if `owner` still holds it (a lapsed lease taken over by another is left alone). */
  async release(jobId: string, owner: string): Promise<void> {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys(jobId),
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner },
        }),
      );
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  },
};
