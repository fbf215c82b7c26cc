import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite, db, nowIso, putIfAbsent, queryAll, tableName } from './table';

const PREFIX = 'SENT#';

/** A claim one delivery made: the broker, and when. */
export interface DeliveryClaim {
  userId: string;
  claimedAt: string;
}

/**
 * Exactly-once e-mail (README "Exactly-once e-mail"): before mailing a broker, a job claims
 * `<pk>`/`SENT#<userId>` with a conditional put; a claim that exists means the broker has it (or it is in
 * flight) and must not be mailed again. A send that fails releases its claim so a later run sends it.
 */
export function deliveryLedger(pkOf: (id: string) => string, type: string) {
  const key = (id: string, userId: string) => ({ pk: pkOf(id), sk: `${PREFIX}${userId}` });
  return {
    key,

    /** True when this caller may send; false when the broker is already claimed. */
    claim(id: string, userId: string, extra: Record<string, unknown> = {}): Promise<boolean> {
      return putIfAbsent({ ...key(id, userId), type, claimedAt: nowIso(), ...extra });
    },

    /**
     * Rewrites claims this caller holds, whole (BatchWrites of 25 rather than an update each: one write request
     * per mail fewer on the delivery's hot path). Only for claims no one else can change meanwhile.
     */
    async rewrite(id: string, claims: readonly { userId: string; attributes: Record<string, unknown> }[]): Promise<void> {
      await batchWrite(claims.map(({ userId, attributes }) => ({ PutRequest: { Item: { ...key(id, userId), type, ...attributes } } })));
    },

    /** The claim's attributes, or null when the broker is not claimed. */
    async get(id: string, userId: string): Promise<Record<string, unknown> | null> {
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key(id, userId) }));
      return Item ?? null;
    },

    /** The send failed: give the claim back so the retry sends it. */
    async release(id: string, userId: string): Promise<void> {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: key(id, userId) }));
    },

    /** Every claim of one item: who was (or is being) sent it, with the claim's attributes. */
    async entries(id: string): Promise<{ userId: string; item: Record<string, unknown> }[]> {
      const items = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pkOf(id), ':prefix': PREFIX },
      });
      return items.map((item) => ({ userId: String(item.sk).slice(PREFIX.length), item }));
    },
  };
}
