import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { LOCAL_REGION, tableCredentials } from './aws';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  /** The function's handler, or its module (relative to `root`) imported on first use as the gateway does. */
  handler: StreamHandler | { root: string; entry: string };
  /** Records per invocation (the event source's BatchSize). */
  batchSize: number;
  /** Invocations of one batch before its first failing record goes to `onGiveUp` (MaximumRetryAttempts + 1). */
  maxAttempts: number;
  /** The pause between passes that found nothing, in ms. */
  idleMs?: number;
  /** Where the position in each shard is kept across restarts (`npm start` on persisted data); none in tests. */
  checkpointFile?: string;
  /** A record retried `maxAttempts` times: the cloud's failure destination (an SQS queue) gets it. */
  onGiveUp?: (record: DynamoDBRecord, error: unknown) => void;
  /** An invocation that failed (it is retried): printed by `npm start`, kept quiet in tests. */
  onError?: (error: unknown) => void;
  /**
   * How many writes this process has sent to the table so far (the local stack counts its handlers'): a
   * settle asked when none was sent since the last pass that found nothing has nothing to wait for.
   */
  writesSent?: () => number;
}

export interface StreamPoller {
  /**
   * Resolves once every change committed before the call has been handed to the handler and the handler
   * is done with it (a pass that starts after the call finds nothing new); rejects after `timeoutMs`.
   */
  settled(timeoutMs?: number): Promise<void>;
  /**
   * Runs `write` and passes over the changes it commits without handing them to the handler: for bulk seeds
   * that write their derived records themselves (tests, the bench). Other writes meanwhile are passed over too.
   */
  passOver<T>(write: () => Promise<T>, timeoutMs?: number): Promise<T>;
  /** Records given up on (the failure destination's messages). */
  readonly givenUp: readonly DynamoDBRecord[];
  stop(): Promise<void>;
}

type Value = Record<string, unknown>;

const invocation = new AsyncLocalStorage<true>();

/**
 * True inside a stream handler's invocation. In the cloud the projector is a function of its own with its
 * own clients; locally it shares this process's, and a fault a test injects into a job's calls must not
 * land in the projector's.
 */
export const inStreamHandler = (): boolean => invocation.getStore() === true;

/** A DynamoDB command that changes nothing (the document client's names and the client's). */
export const isReadCommand = (command: string): boolean => /^(Get|BatchGet|TransactGet|Query|Scan|Describe|List)/.test(command);

/** The streams client reads an empty map (`{"M":{}}`) as `{}`: put it back, at any depth. */
function repaired(value: Value): Value {
  if (Object.keys(value).length === 0) return { M: {} };
  if (value.M) return { M: repairedImage(value.M as Record<string, Value>) };
  if (Array.isArray(value.L)) return { L: (value.L as Value[]).map(repaired) };
  return value;
}
const repairedImage = (image: Record<string, Value> | undefined) => image && Object.fromEntries(Object.entries(image).map(([name, value]) => [name, repaired(value)]));

/** The SDK hands images as attribute values and times as Dates; Lambda's event carries epoch seconds. */
function toLambdaRecord(record: StreamRecord, eventSourceARN: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, NewImage, OldImage, ...change } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    eventSourceARN,
    dynamodb: {
      ...(change as DynamoDBRecord['dynamodb']),
      ...(NewImage && { NewImage: repairedImage(NewImage as unknown as Record<string, Value>) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] }),
      ...(OldImage && { OldImage: repairedImage(OldImage as unknown as Record<string, Value>) as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'] }),
      ...(ApproximateCreationDateTime ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) } : {}),
    },
  };
}

interface ShardState {
  shard: Shard;
  iterator?: string;
  /** The last sequence number handed over (and done with). */
  last?: string;
  done: boolean;
}

/**
 * Lambda's DynamoDB Streams event source mapping, locally, over DynamoDB Local's stream: reads every shard
 * (a parent before its children, so one item's changes stay in order), invokes the handler with up to
 * `batchSize` records at a time and, as ReportBatchItemFailures does, starts again from the first record the
 * handler names as failed. A batch that keeps failing is retried `maxAttempts` times with a growing pause,
 * then its failing record goes to `onGiveUp` and the poller moves on, as the mapping's failure destination.
 */
export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const clientOptions = {
    endpoint: options.endpoint,
    region: LOCAL_REGION,
    credentials: tableCredentials(options.tableName),
    // A call that hangs is abandoned and tried again, never waited on for ever.
    requestHandler: { requestTimeout: 10_000, connectionTimeout: 2_000 },
  };
  const streams = new DynamoDBStreamsClient(clientOptions);
  const tables = new DynamoDBClient(clientOptions);
  const idleMs = options.idleMs ?? 100;
  const givenUp: DynamoDBRecord[] = [];
  const shards = new Map<string, ShardState>();
  const saved: Record<string, string> = options.checkpointFile && existsSync(options.checkpointFile) ? JSON.parse(readFileSync(options.checkpointFile, 'utf8')) : {};
  let streamArn: string | undefined;
  let stopped = false;
  let passingOver = false;
  let handler: Promise<StreamHandler> | undefined;
  const handlerOf = () =>
    (handler ??=
      typeof options.handler === 'function'
        ? Promise.resolve(options.handler)
        : import(pathToFileURL(`${options.handler.root}/${options.handler.entry}`).href).then((module: { handler: StreamHandler }) => module.handler));

  // Where the poller is, for the message of a settle that timed out.
  let phase = 'starting';
  let phaseSince = Date.now();
  const enter = (name: string) => ((phase = name), (phaseSince = Date.now()));
  let passesStarted = 0;
  let quietPassesDone = 0;
  // The writes sent before the last pass that found nothing began: all of them were in the stream it read.
  let writesSeenQuiet = -1;
  const waiters: { after: number; resolve: () => void }[] = [];
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => ((wake = undefined), resolve()), ms);
      wake = () => (clearTimeout(timer), (wake = undefined), resolve());
    });

  const refreshShards = async () => {
    streamArn ??= (await tables.send(new DescribeTableCommand({ TableName: options.tableName }))).Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`table ${options.tableName} has no stream`);
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shards.has(shard.ShardId!)) shards.set(shard.ShardId!, { shard, done: false, ...(saved[shard.ShardId!] ? { last: saved[shard.ShardId!] } : {}) });
        else shards.get(shard.ShardId!)!.shard = shard;
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  };

  const iteratorOf = async (state: ShardState) =>
    (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: state.shard.ShardId,
          ...(state.last ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: state.last } : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      )
    ).ShardIterator;

  /** Hands `records` to the handler until it has taken them all (or given up on those that keep failing). */
  const deliver = async (records: StreamRecord[]) => {
    let pending = records;
    let attempt = 0;
    while (pending.length && !stopped) {
      attempt++;
      const event = { Records: pending.map((record) => toLambdaRecord(record, streamArn!)) };
      let failedAt: number;
      let error: unknown;
      try {
        const handle = await handlerOf();
        const answer = await invocation.run(true, () => handle(event));
        const failed = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
        failedAt = pending.findIndex((record) => failed.has(record.dynamodb?.SequenceNumber ?? ''));
        error = new Error('the handler reported a failed record');
      } catch (thrown) {
        failedAt = 0;
        error = thrown;
      }
      if (failedAt === -1) return;
      if (process.env.BISN_STREAM_DEBUG) console.error(`[stream ${options.tableName}] handler failed`, error);
      options.onError?.(error);
      if (attempt >= options.maxAttempts) {
        givenUp.push(event.Records[failedAt]!);
        options.onGiveUp?.(event.Records[failedAt]!, error);
        pending = pending.slice(failedAt + 1);
        attempt = 0;
        continue;
      }
      pending = pending.slice(failedAt);
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 2_000)));
    }
  };

  /** One read of every open shard; the number of records it handed over. */
  const pass = async (): Promise<number> => {
    enter('describing the stream');
    await refreshShards();
    let handed = 0;
    for (const state of shards.values()) {
      if (state.done) continue;
      const parent = state.shard.ParentShardId && shards.get(state.shard.ParentShardId);
      if (parent && !parent.done) continue;
      enter(`reading shard ${state.shard.ShardId}`);
      state.iterator ??= await iteratorOf(state);
      let answer;
      try {
        answer = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: options.batchSize }));
      } catch (error) {
        if (error instanceof ExpiredIteratorException) {
          state.iterator = undefined;
          continue;
        }
        // DynamoDB Local answers this for an iterator taken while the shard was empty, once records arrive:
        // a new iterator from the same position reads them.
        if (!(error instanceof TrimmedDataAccessException)) throw error;
        state.iterator = await iteratorOf(state);
        answer = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: options.batchSize }));
      }
      const records = answer.Records ?? [];
      if (records.length) {
        enter(`projecting ${records.length} records`);
        if (process.env.BISN_STREAM_DEBUG) console.error(`[stream ${options.tableName}] ${records.map((r) => `${r.eventName} ${JSON.stringify(r.dynamodb?.Keys?.pk)}`).join(' | ')}`);
        if (!passingOver) await deliver(records);
        state.last = records.at(-1)!.dynamodb!.SequenceNumber;
        handed += records.length;
      }
      state.iterator = answer.NextShardIterator;
      if (!state.iterator) state.done = true;
    }
    if (handed && options.checkpointFile) {
      writeFileSync(options.checkpointFile, JSON.stringify(Object.fromEntries([...shards].filter(([, s]) => s.last).map(([id, s]) => [id, s.last]))));
    }
    return handed;
  };

  const loop = (async () => {
    while (!stopped) {
      const number = ++passesStarted;
      const writesAtStart = options.writesSent?.() ?? -1;
      let handed = 0;
      try {
        handed = await pass();
      } catch (error) {
        if (process.env.BISN_STREAM_DEBUG) console.error(`[stream ${options.tableName}] pass failed`, error);
        options.onError?.(error);
        await sleep(idleMs);
        continue;
      }
      if (handed === 0) {
        quietPassesDone = number;
        writesSeenQuiet = writesAtStart;
        for (const waiter of waiters.splice(0)) {
          if (waiter.after <= number) waiter.resolve();
          else waiters.push(waiter);
        }
        enter('idle');
        if (!stopped) await sleep(idleMs);
      }
    }
  })();

  /** A pass that starts after the call finds nothing; `force` takes no shortcut from the count of writes. */
  const waitQuiet = (timeoutMs = 60_000, force: boolean): Promise<void> => {
    if (stopped) return Promise.reject(new Error('stream poller stopped'));
    const after = passesStarted + 1;
    if (quietPassesDone >= after) return Promise.resolve();
    if (!force && options.writesSent && writesSeenQuiet >= 0 && options.writesSent() === writesSeenQuiet) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `stream of ${options.tableName}: changes not projected within ${timeoutMs} ms (pass ${passesStarted}, ${phase} for ${Date.now() - phaseSince} ms)`,
            ),
          ),
        timeoutMs,
      );
      waiters.push({ after, resolve: () => (clearTimeout(timer), resolve()) });
      wake?.();
    });
  };

  return {
    givenUp,
    settled: (timeoutMs) => waitQuiet(timeoutMs, false),
    async passOver(write, timeoutMs) {
      await waitQuiet(timeoutMs, true);
      passingOver = true;
      try {
        const result = await write();
        await waitQuiet(timeoutMs, true);
        return result;
      } finally {
        passingOver = false;
      }
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      streams.destroy();
      tables.destroy();
    },
  };
}
