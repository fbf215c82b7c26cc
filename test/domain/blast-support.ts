import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { localCredentials, LOCAL_REGION } from '../../lib/local/aws';
import { DRAIN_WAIT_SECONDS, startQueuePoller, type QueueHandler } from '../../lib/local/queue-poller';
import { createDeliveryQueues, type DeliveryQueues } from '../../lib/local/sqs';
import { queueFunctions } from '../../shared/api/routes';
import { documentClient, ses } from '../../lambdas/core/aws';
import { logger } from '../../lambdas/core/logger';
import { resetEnvCache } from '../../lambdas/core/env';
import { blastsRepository, type BlastRun } from '../../lambdas/data/blasts';
import { runBlast, type BlastOptions, type BlastReport } from '../../lambdas/domain/blast';
import { sendInstantAlerts, type AlertDelivery, type InstantAlertReport } from '../../lambdas/domain/saved-search-alerts';
import { handler as deliveryWorker } from '../../lambdas/queues/delivery';
import { parseDeliveryMessage, type DeliveryMessage } from '../../lambdas/domain/delivery/messages';
import { draftOf, listingsRepository, type ListingRecord } from '../../lambdas/data/listings';
import { usersRepository } from '../../lambdas/data/users';
import { listingDraft, type ListingDraftInput } from '../../shared/api';
import { validDraft, type Actor } from './support';

/**
 * Fixtures of the blast and mail domain tests: listings written straight to the table in the state the blast
 * reads (queued by their owner at a given time), faults injected at the AWS SDK clients (SES refusing a
 * broker, DynamoDB throttling a write, another process taking the lease) and the structured log lines a
 * call writes.
 */

/** An address no other listing of the file has: listings at one address share their price history. */
const uniqueAddress = () => ({ address1: `${1000 + Math.floor(Math.random() * 8000)} ${randomUUID().slice(0, 8)} Street`, address2: '' });

/** A complete listing of `owner` that its owner published (queued for the next blast) at `queuedAt`. */
export async function queuedListing(
  owner: Actor,
  draft: Partial<ListingDraftInput> = {},
  fields: Partial<ListingRecord> = {},
  queuedAt = new Date().toISOString(),
): Promise<ListingRecord> {
  const record: ListingRecord = {
    ...draftOf(listingDraft.parse(validDraft({ ...uniqueAddress(), ...draft }))),
    listingId: randomUUID(),
    userId: owner.record.userId,
    status: 'queued',
    images: [],
    location: null,
    geocodedAddress: null,
    createdAt: queuedAt,
    updatedAt: queuedAt,
    publishedOn: null,
    expiresAt: null,
    version: 1,
    ...fields,
  };
  return listingsRepository.create(record);
}

/** Takes the broker out of later blasts of the file (each test counts only the brokers it made). */
export const retire = (actor: Actor) => usersRepository.update(actor.record.userId, { status: 'disabled' });

type Send = (command: { input: unknown }, ...rest: unknown[]) => Promise<unknown>;

/**
 * Runs `before` ahead of every call the client sends while installed (it may throw: the call then fails as
 * an outage the SDK gave up on would); returns the undo.
 */
export function intercept(client: { send: unknown }, before: (command: { input: unknown }) => void | Promise<void>): () => void {
  const original = client.send as Send;
  client.send = (async (command: { input: unknown }, ...rest: unknown[]) => {
    await before(command);
    return original.call(client, command, ...rest);
  }) as Send;
  return () => {
    client.send = original;
  };
}

const recipientsOf = (command: { input: unknown }) =>
  (command.input as { Destination?: { ToAddresses?: string[] } }).Destination?.ToAddresses ?? [];

/** SES refuses every mail to `addresses` while `action` runs (a quota or a throttling the SDK gave up on). */
export async function sesRefusing<T>(addresses: readonly string[], action: () => Promise<T>): Promise<{ result: T; refused: string[] }> {
  const refused: string[] = [];
  const restore = intercept(ses(), (command) => {
    const to = recipientsOf(command).find((address) => addresses.includes(address));
    if (to) {
      refused.push(to);
      throw Object.assign(new Error('Daily sending quota exceeded'), { name: 'LimitExceededException' });
    }
  });
  try {
    return { result: await action(), refused };
  } finally {
    restore();
  }
}

/** Runs `during` before each SES send while `action` runs (once per mail). */
export async function onEachSend<T>(during: (to: string[]) => void | Promise<void>, action: () => Promise<T>): Promise<T> {
  const restore = intercept(ses(), (command) => during(recipientsOf(command)));
  try {
    return await action();
  } finally {
    restore();
  }
}

/** DynamoDB refuses the writes `fails` picks while `action` runs (a throttling that outlasted the retries). */
export async function dynamoRefusing<T>(fails: (command: { input: unknown }) => boolean, action: () => Promise<T>): Promise<T> {
  const restore = intercept(documentClient(), (command) => {
    if (fails(command)) throw Object.assign(new Error('injected throttling'), { name: 'ProvisionedThroughputExceededException' });
  });
  try {
    return await action();
  } finally {
    restore();
  }
}

/** A structured log line (Powertools JSON). */
export interface LogLine {
  level: string;
  message: string;
  [key: string]: unknown;
}

/** The structured log lines written while `action` runs. */
export async function logsDuring<T>(action: () => Promise<T>): Promise<{ result: T; logs: LogLine[] }> {
  const logs: LogLine[] = [];
  const restores = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.startsWith('{"level":"')) {
        for (const line of chunk.split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
      }
      return (write as (chunk: unknown, ...rest: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
    return () => {
      stream.write = write;
    };
  });
  try {
    return { result: await action(), logs };
  } finally {
    for (const restore of restores) restore();
  }
}

/** A delivery queue (and dead-letter queue) of this file's own: no other file's worker takes its messages. */
export async function freshDeliveryQueue(visibilitySeconds = 3): Promise<DeliveryQueues & { client: SQSClient }> {
  const client = new SQSClient({ endpoint: process.env.AWS_ENDPOINT_URL_SQS, region: LOCAL_REGION, credentials: localCredentials });
  const queues = await createDeliveryQueues(client, `bisn-delivery-${randomUUID().slice(0, 8)}`, visibilitySeconds);
  process.env.DELIVERY_QUEUE_URL = queues.queueUrl;
  resetEnvCache();
  return { ...queues, client };
}

/**
 * `action` with a delivery queue of its own whose messages come back after one second, the file's queue
 * restored after: a poison message's five deliveries take 5 s rather than 15. Only for messages that fail at
 * once; a batch a live worker is still sending must not come back to another under a loaded machine.
 */
export async function onQuickQueue<T>(action: (queues: DeliveryQueues & { client: SQSClient }) => Promise<T>): Promise<T> {
  const fileQueue = process.env.DELIVERY_QUEUE_URL;
  try {
    return await action(await freshDeliveryQueue(1));
  } finally {
    process.env.DELIVERY_QUEUE_URL = fileQueue;
    resetEnvCache();
  }
}

/**
 * Lambda's event source for the delivery worker, in this process (so faults injected here reach it): the
 * queue is fed to `handler` until it is empty, redeliveries included.
 */
export async function drainDeliveries(queues: DeliveryQueues & { client: SQSClient }, handler: QueueHandler = deliveryWorker): Promise<void> {
  const fn = queueFunctions.find((candidate) => candidate.id === 'deliveryWorker')!;
  const poller = startQueuePoller({ client: queues.client, queueUrl: queues.queueUrl, handler, batchSize: fn.batchSize, concurrency: fn.maxConcurrency, waitSeconds: DRAIN_WAIT_SECONDS });
  try {
    await poller.drain();
  } finally {
    await poller.stop();
  }
}

/**
 * The alert job's run at `now`, then the delivery workers until the queue is empty: the job's report with
 * its workers' deliveries added up (read from the info line each delivery logs, as an operator reads them; the
 * tests' stack logs warnings and up only).
 */
export async function alertsDelivered(queues: DeliveryQueues & { client: SQSClient }, now?: Date): Promise<InstantAlertReport & AlertDelivery> {
  const job = await sendInstantAlerts(now);
  const level = logger.getLevelName();
  logger.setLogLevel('INFO');
  const { logs } = await logsDuring(() => drainDeliveries(queues)).finally(() => logger.setLogLevel(level));
  const total = { ...job, mailed: 0, alerted: 0, failed: 0, skipped: 0 };
  for (const line of logs.filter((log) => log.message === 'saved search alert delivered')) {
    for (const field of ['mailed', 'alerted', 'deferred', 'failed', 'skipped'] as const) total[field] += line[field] as number;
  }
  return total;
}

export interface DeliveredRun {
  runId: string;
  listings: number;
  sent: number;
  failed: number;
  state: BlastRun['state'];
}

/** The planner (the scheduled job), then its workers until the queue is empty: each run as it ended. */
export async function blastAndDeliver(
  queues: DeliveryQueues & { client: SQSClient },
  options: BlastOptions = {},
): Promise<{ status: BlastReport['status']; runs: DeliveredRun[] }> {
  const planned = await runBlast(options);
  await drainDeliveries(queues);
  const runs = await Promise.all(planned.runs.map(async ({ runId }) => (await blastsRepository.get(runId))!));
  return {
    status: planned.status,
    runs: runs.map((run) => ({ runId: run.runId, listings: run.listingIds.length, sent: run.sent, failed: run.failed, state: run.state })),
  };
}

/**
 * A worker killed mid-job: it takes the queue's one message and dies as it makes its `n`th ledger claim
 * (from then on none of its writes returns; the mails it had handed to SES go out). Returns the undo.
 */
export async function workerDyingAtClaim(queues: DeliveryQueues & { client: SQSClient }, n: number): Promise<() => void> {
  let claims = 0;
  let dead = false;
  const restore = intercept(documentClient(), async (command) => {
    if (!dead && command instanceof PutCommand && String((command.input as { Item?: { sk?: string } }).Item?.sk).startsWith('SENT#') && ++claims === n) dead = true;
    if (dead && command instanceof PutCommand) await new Promise<never>(() => undefined);
  });
  const messages = await receive(queues, 5);
  if (messages.length !== 1) throw new Error(`expected the queue's one message, received ${messages.length}`);
  void deliveryWorker(eventOf(messages));
  return restore;
}

/** One message through the delivery worker, deleted after it as Lambda's event source does: its job. */
export async function deliverOne(queues: DeliveryQueues & { client: SQSClient }): Promise<DeliveryMessage> {
  const [message] = await receive(queues, 1);
  if (!message) throw new Error('the delivery queue had no message');
  const { batchItemFailures } = await deliveryWorker(eventOf([message]));
  if (batchItemFailures.length) throw new Error(`the delivery worker failed ${message.Body}`);
  await queues.client.send(new DeleteMessageCommand({ QueueUrl: queues.queueUrl, ReceiptHandle: message.ReceiptHandle }));
  return parseDeliveryMessage(message.Body!);
}

/** Up to `max` messages of the queue, each once (the emulator may hand one back more than once in a long poll). */
async function receive(queues: DeliveryQueues & { client: SQSClient }, max: number): Promise<Message[]> {
  const { Messages: received = [] } = await queues.client.send(
    new ReceiveMessageCommand({ QueueUrl: queues.queueUrl, MaxNumberOfMessages: max, WaitTimeSeconds: 10, AttributeNames: ['All'] }),
  );
  return [...new Map(received.map((m) => [m.MessageId, m])).values()];
}

/** The SQS event Lambda hands the worker for messages received the first time. */
const eventOf = (messages: readonly Message[]): SQSEvent =>
  ({ Records: messages.map((m) => ({ messageId: m.MessageId!, receiptHandle: m.ReceiptHandle!, body: m.Body!, attributes: { ApproximateReceiveCount: '1' } })) }) as never;
