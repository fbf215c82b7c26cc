import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditActor, DelegationState } from '../../shared/api';
import { db, encodeCursor, isConditionFailed, nowIso, queryAll, startKeyFor, tableName } from './table';

/**
 * A delegation: `delegateId` assists `brokerId`. Lives in the broker's partition (their delegates:
 * one Query) and in gsi1 under the delegate (the brokers they assist: one Query); gsi2 holds it while it
 * awaits an operator (`confirmed`: sparse, the operators' queue).
 */
export interface DelegationRecord {
  brokerId: string;
  delegateId: string;
  state: DelegationState;
  canExport: boolean;
  requestedAt: string;
  confirmedAt: string | null;
  approvedAt: string | null;
  /** Who approved it (the audit trail's entry is put from this); absent until approved. */
  approvedBy?: AuditActor;
  /** When it was declined or revoked. */
  endedAt: string | null;
  updatedAt: string;
}

const keys = (brokerId: string, delegateId: string) => ({ pk: `DELEGATES#${brokerId}`, sk: `DELEGATE#${delegateId}` });
const delegateKey = (delegateId: string) => `ASSISTS#${delegateId}`;
const AWAITING_OPERATOR = 'DELEGSTATE#confirmed';

/** gsi2 only while the broker confirmed and no operator approved yet. */
const awaitingOperatorIndex = (record: DelegationRecord) =>
  record.state === 'confirmed' ? { gsi2pk: AWAITING_OPERATOR, gsi2sk: `${record.confirmedAt}#${record.brokerId}#${record.delegateId}` } : {};

function toItem(record: DelegationRecord) {
  return {
    ...keys(record.brokerId, record.delegateId),
    gsi1pk: delegateKey(record.delegateId),
    gsi1sk: `BROKER#${record.brokerId}`,
    ...awaitingOperatorIndex(record),
    type: 'delegation',
    ...record,
  };
}

function fromItem(item: Record<string, unknown>): DelegationRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...record } = item;
  return record as unknown as DelegationRecord;
}

/** The states a new request may replace: a declined or revoked delegation may be asked for again. */
const ENDED: readonly DelegationState[] = ['declined', 'revoked'];

export const delegationsRepository = {
  async get(brokerId: string, delegateId: string): Promise<DelegationRecord | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(brokerId, delegateId), ConsistentRead: true }));
    return Item ? fromItem(Item) : null;
  },

  /** Writes a new request unless a live one (requested, confirmed, approved) exists: false then. */
  async request(record: DelegationRecord): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: toItem(record),
          ConditionExpression: 'attribute_not_exists(pk) OR #state IN (:ended0, :ended1)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':ended0': ENDED[0], ':ended1': ENDED[1] },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /**
   * Moves a delegation from one of `from` to `to` with `fields`; the new record, or null when it was not in
   * one of `from` (someone else moved it first). Leaving `confirmed` leaves the operators' queue.
   */
  async transition(
    brokerId: string,
    delegateId: string,
    from: readonly DelegationState[],
    to: DelegationState,
    fields: Partial<Pick<DelegationRecord, 'confirmedAt' | 'approvedAt' | 'approvedBy' | 'endedAt'>> = {},
  ): Promise<DelegationRecord | null> {
    const now = nowIso();
    const set: Record<string, unknown> = { ...fields, state: to, updatedAt: now };
    if (to === 'confirmed') Object.assign(set, awaitingOperatorIndex({ state: to, confirmedAt: fields.confirmedAt ?? now, brokerId, delegateId } as DelegationRecord));
    const names = Object.keys(set);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(brokerId, delegateId),
          UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}${to === 'confirmed' ? '' : ' REMOVE gsi2pk, gsi2sk'}`,
          ConditionExpression: `attribute_exists(pk) AND #state IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
          ExpressionAttributeNames: { ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])), '#state': 'state' },
          ExpressionAttributeValues: {
            ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
            ...Object.fromEntries(from.map((state, i) => [`:from${i}`, state])),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(Attributes!);
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** The broker's "may export my contact lists", on a delegation not ended; null when it ended or is absent. */
  async setExport(brokerId: string, delegateId: string, canExport: boolean): Promise<DelegationRecord | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(brokerId, delegateId),
          UpdateExpression: 'SET canExport = :canExport, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND NOT (#state IN (:ended0, :ended1))',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':canExport': canExport, ':now': nowIso(), ':ended0': ENDED[0], ':ended1': ENDED[1] },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(Attributes!);
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** The broker's delegates, every state (a broker has a handful: one Query, paged to the end). */
  async ofBroker(brokerId: string): Promise<DelegationRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :delegate)',
      ExpressionAttributeValues: { ':pk': keys(brokerId, '').pk, ':delegate': 'DELEGATE#' },
    });
    return items.map(fromItem);
  },

  /** The brokers the account assists or asked to assist, every state (one Query of gsi1). */
  async ofDelegate(delegateId: string): Promise<DelegationRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': delegateKey(delegateId) },
    });
    return items.map(fromItem);
  },

  /** One page of the delegations awaiting an operator, oldest confirmation first. */
  async pageAwaitingOperator(limit: number, cursor?: string): Promise<{ items: DelegationRecord[]; nextCursor: string | null }> {
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': AWAITING_OPERATOR },
        Limit: limit,
        ExclusiveStartKey: startKeyFor(cursor, ['pk', 'sk', 'gsi2pk', 'gsi2sk'], { gsi2pk: AWAITING_OPERATOR }),
      }),
    );
    return { items: (Items ?? []).map(fromItem), nextCursor: encodeCursor(LastEvaluatedKey) };
  },
};
