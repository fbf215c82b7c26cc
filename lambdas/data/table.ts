import { BatchGetCommand, BatchWriteCommand, DeleteCommand, PutCommand, QueryCommand, UpdateCommand, type BatchWriteCommandInput, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { ChangedBy } from '../../shared/api';
import { documentClient } from '../core/aws';
import { env } from '../core/env';

export const db = () => documentClient();
export const tableName = () => env().TABLE_NAME;

/** Encodes a DynamoDB LastEvaluatedKey as an opaque URL-safe cursor, and back. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
  }
}

/** True when a conditional write failed because its condition did not hold. */
export function isConditionFailed(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

export const nowIso = () => new Date().toISOString();

/**
 * Deletes an item that exists and answers it as it was, or null when it is not there: of two racing
 * removals one gets the item, the other null (a condition, not the old image alone, which an engine may
 * hand to both).
 */
export async function deleteExisting(key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
  try {
    const { Attributes } = await db().send(
      new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
    );
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** Items per page of a full read (jobs, ledgers): `fallback`, or DynamoDB's 1 MB page, unless QUERY_PAGE_SIZE says. */
export const fullReadPageSize = (fallback?: number): number | undefined => env().QUERY_PAGE_SIZE ?? fallback;

/** Reads a page cursor and checks it belongs to the partition being read (a foreign key would be a 500 otherwise). */
export function startKeyFor(cursor: string | undefined, keyNames: readonly string[], expected: Record<string, string>) {
  const key = decodeCursor(cursor);
  if (!key) return undefined;
  const valid =
    Object.keys(key).length === keyNames.length &&
    keyNames.every((name) => typeof key[name] === 'string') &&
    Object.entries(expected).every(([name, value]) => key[name] === value);
  if (!valid) throw new InvalidCursorError();
  return key;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** BatchWrite in chunks of 25, retrying what DynamoDB leaves unprocessed with a growing pause. */
export async function batchWrite(requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: BatchWriteCommandInput['RequestItems'] = { [tableName()]: requests.slice(i, i + 25) };
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt > 8) throw new Error('BatchWrite left items unprocessed after retries');
      if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 2000));
      const out: BatchWriteCommandOutput = await db().send(new BatchWriteCommand({ RequestItems: pending }));
      pending = out.UnprocessedItems && Object.keys(out.UnprocessedItems).length > 0 ? out.UnprocessedItems : undefined;
    }
  }
}

/** A read's projection to `attributes` (and the keys): the expression and its names. */
export function projectionOf(attributes: readonly string[]) {
  const names = ['pk', 'sk', ...attributes];
  return {
    ProjectionExpression: names.map((_, i) => `#p${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#p${i}`, name])),
  };
}

/** BatchGet in chunks of 100, asking again for what DynamoDB leaves unprocessed. */
export async function batchGet(keys: readonly { pk: string; sk: string }[], attributes?: readonly string[]): Promise<Record<string, unknown>[]> {
  // Only `attributes` (and the keys) of each item, when given.
  const projection = attributes && projectionOf(attributes);
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: { pk: string; sk: string }[] = keys.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('BatchGet left keys unprocessed after retries');
      const { Responses, UnprocessedKeys } = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...projection } } }));
      out.push(...(Responses?.[tableName()] ?? []));
      pending = (UnprocessedKeys?.[tableName()]?.Keys as { pk: string; sk: string }[] | undefined) ?? [];
    }
  }
  return out;
}

/** Puts an item unless its key exists: true when written, false when it was already there. */
export async function putIfAbsent(item: Record<string, unknown>): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The attributes holding one kind of mail's claim on an item: its state, the claiming batch and when it claimed. */
export interface ClaimFields {
  state: string;
  batchId: string;
  claimedAt: string;
}

/**
 * Moves a mail's claim on an item from one state to another (`pending → sending → sent`, back to `pending`,
 * or `lost`/`skipped`), conditional on `from` and, for a claimed one, on its batch; leaving `pending` and
 * `sending` for good also leaves gsi2 (the sparse index of the mails to send). False when the condition failed.
 */
export async function moveClaim(
  key: Record<string, string>,
  fields: ClaimFields,
  from: string,
  to: string,
  batch: { batchId?: string; at?: string } = {},
): Promise<boolean> {
  const leaves = to !== 'pending' && to !== 'sending';
  const claims = to === 'sending' && !!batch.batchId;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET #state = :to${claims ? ', #batch = :batch, #claimedAt = :at' : ''}${leaves ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
        ConditionExpression: from === 'sending' && batch.batchId ? '#state = :from AND #batch = :batch' : '#state = :from',
        ExpressionAttributeNames: { '#state': fields.state, ...(batch.batchId ? { '#batch': fields.batchId } : {}), ...(claims ? { '#claimedAt': fields.claimedAt } : {}) },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': from,
          ...(batch.batchId ? { ':batch': batch.batchId } : {}),
          ...(claims ? { ':at': batch.at ?? nowIso() } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

type QueryInput = ConstructorParameters<typeof QueryCommand>[0];

/**
 * A Query's pages, each read when the one before is done with (jobs and ledgers; never a user-facing
 * list): what the caller moved out of the key range meanwhile is not read again.
 */
export async function* queryPages(input: QueryInput): AsyncGenerator<Record<string, unknown>[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items, LastEvaluatedKey } = await db().send(new QueryCommand({ Limit: fullReadPageSize(), ...input, ExclusiveStartKey: startKey }));
    yield Items ?? [];
    startKey = LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches, page by page (jobs and ledgers; never a user-facing list). */
export async function queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) out.push(...page);
  return out;
}

/**
 * Sets (or removes) an item's `market` facts only while they are `from` (absent: null) and the item exists:
 * the claim of one market transition (lambdas/domain/market.ts). False when someone else moved them first.
 */
export async function setMarketFacts(key: { pk: string; sk: string }, from: string | null, to: string | null, move: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: to === null ? 'SET marketMove = :move REMOVE market' : 'SET market = :to, marketMove = :move',
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(marketMove) AND ${from === null ? 'attribute_not_exists(market)' : 'market = :from'}`,
        ExpressionAttributeValues: { ':move': move, ...(to === null ? {} : { ':to': to }), ...(from === null ? {} : { ':from': from }) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Takes a finished market move off its item, only while it is that move (the item may be gone). */
export async function finishMarketMove(key: { pk: string; sk: string }, move: string): Promise<void> {
  try {
    await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE marketMove', ConditionExpression: 'marketMove = :move', ExpressionAttributeValues: { ':move': move } }));
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Who created and changed a listing or requirement (lambdas/domain/authorship.ts). */
export interface Authored {
  createdBy?: ChangedBy;
  lastChangedBy?: ChangedBy;
  changes?: ChangedBy[];
}

/** Sets an existing item's change history (`lastChangedBy`, `changes`); false when the item is gone. */
export async function setHistory(key: { pk: string; sk: string }, history: { lastChangedBy: ChangedBy; changes: ChangedBy[] }): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET lastChangedBy = :last, changes = :changes',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':last': history.lastChangedBy, ':changes': history.changes },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
