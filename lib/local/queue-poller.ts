import { pathToFileURL } from 'node:url';
import { ChangeMessageVisibilityBatchCommand, DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { queueDepth } from './sqs';

/**
 * The receive wait of a poller that drains a queue and stops (the tests' event sources): none. stop() waits
 * for the poll under way, which on the drained queue lasts the whole wait; an immediate receive (the
 * emulator still gathers for 40 ms) hands over what is there.
 */
export const DRAIN_WAIT_SECONDS = 0;

export type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface QueuePollerOptions {
  client: SQSClient;
  queueUrl: string;
  /** The function's handler, or its module (relative to `root`) imported on first use as the gateway does. */
  handler: QueueHandler | { root: string; entry: string };
  /** Messages per invocation (the event source's BatchSize). */
  batchSize: number;
  /** Invocations at once (the event source's MaximumConcurrency). */
  concurrency: number;
  /**
   * Long poll of each receive, in seconds (short, so stop() returns soon). 0: short polls, 25 ms apart while
   * the queue is empty (tests drain a queue many times; each stop() then returns at once).
   */
  waitSeconds?: number;
  /** An invocation that threw: printed by `npm start`, kept quiet in tests. */
  onError?: (error: unknown) => void;
}

export interface QueuePoller {
  /** Resolves when the queue is empty and no invocation is under way (redeliveries waited for); rejects after `timeoutMs`. */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Lambda's SQS event source mapping, locally: receives up to `batchSize` messages, invokes the handler with
 * an SQS event of them, and deletes every message but those the handler named in `batchItemFailures`
 * (ReportBatchItemFailures); a handler that throws leaves the whole batch to come back after the visibility
 * timeout. `concurrency` pollers, like the mapping's maximum concurrency.
 */
export function startQueuePoller(options: QueuePollerOptions): QueuePoller {
  const { client, queueUrl, batchSize } = options;
  let stopped = false;
  let busy = 0;
  let handler: Promise<QueueHandler> | undefined;
  const handlerOf = () =>
    (handler ??=
      typeof options.handler === 'function'
        ? Promise.resolve(options.handler)
        : import(pathToFileURL(`${options.handler.root}/${options.handler.entry}`).href).then((module: { handler: QueueHandler }) => module.handler));

  const waitSeconds = options.waitSeconds ?? 1;
  /** Handles what one receive got; false when it got nothing. */
  const pollOnce = async (): Promise<boolean> => {
    const { Messages: received = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: batchSize,
        WaitTimeSeconds: waitSeconds,
        // The emulator answers the (deprecated) AttributeNames with the receive count; SQS answers both.
        AttributeNames: ['All'],
        MessageSystemAttributeNames: ['All'],
      }),
    );
    // One message at most once per invocation, with its latest receipt (the emulator may hand one back
    // twice in a long poll longer than its visibility timeout).
    const Messages = [...new Map(received.map((message) => [message.MessageId, message])).values()];
    if (Messages.length === 0) return false;
    // Received by a poll that outlived stop(): handed back at once, not left invisible for the visibility
    // timeout (a poller stopped after a drain would otherwise hide the next run's first messages).
    if (stopped) {
      await client.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: queueUrl,
          Entries: Messages.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle!, VisibilityTimeout: 0 })),
        }),
      );
      return true;
    }
    busy += 1;
    try {
      const response = await (await handlerOf())({ Records: Messages.map((message) => recordOf(message, queueUrl)) });
      const failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      const done = Messages.filter((message) => !failed.has(message.MessageId!));
      if (done.length) {
        await client.send(
          new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: done.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle! })) }),
        );
      }
    } catch (error) {
      options.onError?.(error);
    } finally {
      busy -= 1;
    }
    return true;
  };
  const loop = async () => {
    while (!stopped) {
      const received = await pollOnce().catch(async (error: unknown) => {
        if (stopped) return true;
        options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, 500));
        return true;
      });
      if (!received && waitSeconds === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const loops = Array.from({ length: options.concurrency }, loop);

  return {
    async drain(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const depth = await queueDepth(client, queueUrl);
        if (depth.visible === 0 && depth.inFlight === 0 && busy === 0) return;
        if (Date.now() > deadline) throw new Error(`queue not drained after ${timeoutMs} ms: ${JSON.stringify({ ...depth, busy })}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** Waits for the polls under way (at most `waitSeconds`): aborting one could lose what SQS just handed it. */
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** One received message as Lambda hands it to the function. */
function recordOf(message: Message, queueUrl: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:123456789012:${queueUrl.split('/').pop()}`,
    awsRegion: 'us-east-1',
  };
}
