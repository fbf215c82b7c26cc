import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, putIfAbsent, queryAll, tableName } from './table';

const PREFIX = 'SENT#';

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

    /** The claim's attributes, or null when the broker is not claimed. */
    async get(id: string, userId: string): Promise<Record<string, unknown> | null> {
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key(id, userId) }));
      return Item ?? null;
    },

    /** Sets attributes of a claim (e.g. `state: 'sent'` once SES accepted the mail). */
    async mark(id: string, userId: string, fields: Record<string, unknown>): Promise<void> {
      const names = Object.keys(fields);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(id, userId),
          UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]])),
        }),
      );
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
