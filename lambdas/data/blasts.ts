import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailed, nowIso, putIfAbsent, tableName } from './table';
import { deliveryLedger, type DeliveryClaim } from './delivery-ledger';

/**
 * A weekday blast run (README "blast run + ledger"), in the order it moves:
 * claiming   the RUN item names the queued listings it is taking; they go queued → processing
 * planning   the planner pages through the brokers and enqueues their digests in batches (the delivery queue)
 * sending    the workers send the batches; each broker's digest is claimed in the ledger before it is sent,
 *            and each batch is counted once (`BATCH#<n>`) when it is through
 * publishing every listing of the run becomes published with the run's `publishedOn`
 * done       finished (leaves the unfinished-runs index)
 * A run stopped while claiming, planning or publishing is resumed from that state by the next planner run; a
 * run that is sending is finished by its workers.
 */
export type BlastRunState = 'claiming' | 'planning' | 'sending' | 'publishing' | 'done';

export interface BlastRun {
  runId: string;
  state: BlastRunState;
  listingIds: string[];
  startedAt: string;
  /** Fixed when planning starts (the digests' date), so a resumed run publishes with the same time (and index keys). */
  publishedOn: string | null;
  finishedAt: string | null;
  /** Digests sent by this run's batches. */
  sent: number;
  /** Digests given up on (SES kept refusing them through every delivery of their batch). */
  failed: number;
  /** Planning passes so far. */
  attempts: number;
  /** Batches the planner enqueued; null until planning is through. */
  batches: number | null;
  /** Batches through (each counted once, however often it was delivered). */
  batchesDone: number;
  /** Chunks of the run's listings published by the workers (each counted once). */
  publishChunksDone: number;
}

const UNFINISHED = 'BLASTRUN';
const keys = (runId: string) => ({ pk: `BLAST#${runId}`, sk: 'RUN' });
const ledger = deliveryLedger((runId) => `BLAST#${runId}`, 'blastDelivery');

function fromItem(item: Record<string, unknown>): BlastRun {
  const { pk: _pk, sk: _sk, gsi2pk: _g2, gsi2sk: _g2s, type: _t, doneBatches, donePublishChunks, ...run } = item;
  return {
    batches: null,
    ...run,
    batchesDone: (doneBatches as Set<number> | undefined)?.size ?? 0,
    publishChunksDone: (donePublishChunks as Set<number> | undefined)?.size ?? 0,
  } as unknown as BlastRun;
}

/** Adds `n` to the run's set `field` (and the `sums`), unless it is there already; answers the run after. */
async function countOnce(runId: string, field: 'doneBatches' | 'donePublishChunks', n: number, sums: Record<string, number> = {}): Promise<BlastRun> {
  const added = Object.keys(sums).map((name) => `${name} :${name}`);
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys(runId),
        UpdateExpression: `ADD ${[`${field} :set`, ...added].join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND NOT contains(${field}, :n)`,
        ExpressionAttributeValues: { ':set': new Set([n]), ':n': n, ...Object.fromEntries(Object.entries(sums).map(([name, value]) => [`:${name}`, value])) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes!);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (await blastsRepository.get(runId))!;
  }
}

export const blastsRepository = {
  /** Records a new run; it sits in the sparse unfinished-runs index (gsi2 `BLASTRUN`) until done. */
  async create(run: Omit<BlastRun, 'batches' | 'batchesDone' | 'publishChunksDone'>): Promise<BlastRun> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys(run.runId), gsi2pk: UNFINISHED, gsi2sk: run.startedAt, type: 'blastRun', ...run, batches: null },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { ...run, batches: null, batchesDone: 0, publishChunksDone: 0 };
  },

  /**
   * Claims the digest day (`BLASTDAY#<day>`, America/New_York) for a run about to start: false when another
   * run has it, unless that run was never recorded (its planner crashed in between).
   */
  async claimDay(day: string, runId: string): Promise<boolean> {
    const marker = { pk: `BLASTDAY#${day}`, sk: 'DAY', type: 'blastDay', runId };
    if (await putIfAbsent(marker)) return true;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: marker.pk, sk: marker.sk }, ConsistentRead: true }));
    if (Item && (await this.get(String(Item.runId)))) return false;
    await db().send(new PutCommand({ TableName: tableName(), Item: marker }));
    return true;
  },

  async get(runId: string): Promise<BlastRun | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(runId) }));
    return Item ? fromItem(Item) : null;
  },

  /** Runs that did not finish (crashed or timed out), oldest first. */
  async unfinished(): Promise<BlastRun[]> {
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': UNFINISHED },
      }),
    );
    return (Items ?? []).map(fromItem);
  },

  /** Moves the run to its next state; `done` also takes it out of the unfinished-runs index. */
  async advance(
    runId: string,
    state: BlastRunState,
    fields: Partial<Pick<BlastRun, 'listingIds' | 'publishedOn' | 'finishedAt' | 'failed' | 'batches'>> & {
      addSent?: number;
      addAttempt?: boolean;
    } = {},
  ): Promise<BlastRun> {
    const { addSent = 0, addAttempt = false, ...set } = fields;
    const values: Record<string, unknown> = { ':state': state, ':sent': addSent, ':attempt': addAttempt ? 1 : 0 };
    const names: Record<string, string> = { '#state': 'state' };
    const assignments = ['#state = :state', 'sent = sent + :sent', 'attempts = attempts + :attempt'];
    for (const [name, value] of Object.entries(set)) {
      names[`#${name}`] = name;
      values[`:${name}`] = value;
      assignments.push(`#${name} = :${name}`);
    }
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys(runId),
        UpdateExpression: `SET ${assignments.join(', ')}${state === 'done' ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes!);
  },

  /**
   * Counts one batch as through, once: one conditional update adds its number to the run's set of batches
   * through (`doneBatches`) and its counts to the run's. A redelivered batch already counted changes nothing.
   * Returns the run as it is now.
   */
  completeBatch(runId: string, batch: number, sent: number, failed: number): Promise<BlastRun> {
    return countOnce(runId, 'doneBatches', batch, { sent, failed });
  },

  /** Counts one published chunk of the run's listings, once however often it was delivered; answers the run after. */
  completePublishChunk(runId: string, chunk: number): Promise<BlastRun> {
    return countOnce(runId, 'donePublishChunks', chunk);
  },

  /**
   * Claims this run's digest for one broker before it is sent (`state: sending`). False when the broker
   * already has it or it is in flight (deliveryState tells which): the caller must not send.
   */
  claimDelivery(runId: string, userId: string, claimedAt = nowIso()): Promise<boolean> {
    return ledger.claim(runId, userId, { state: 'sending', claimedAt });
  },

  /** SES accepted these brokers' digests (claims this worker made, at `claimedAt`). */
  markDelivered(runId: string, claims: readonly DeliveryClaim[]): Promise<void> {
    return ledger.rewrite(runId, claims.map(({ userId, claimedAt }) => ({ userId, attributes: { state: 'sent', claimedAt } })));
  },

  /** A claim another delivery holds: sent, or still sending since `claimedAt` (null: no claim). */
  async deliveryState(runId: string, userId: string): Promise<{ state: 'sending' | 'sent'; claimedAt: string } | null> {
    const item = await ledger.get(runId, userId);
    return item ? { state: item.state === 'sending' ? 'sending' : 'sent', claimedAt: String(item.claimedAt) } : null;
  },

  /** The send failed: give the claim back so the retry sends it. */
  releaseDelivery(runId: string, userId: string): Promise<void> {
    return ledger.release(runId, userId);
  },

  /** Who was (or is being) sent this run's digest. */
  async deliveries(runId: string): Promise<string[]> {
    return (await ledger.entries(runId)).map((entry) => entry.userId);
  },
};
