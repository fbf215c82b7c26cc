import { createServer } from 'node:http';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { createRequestHandler } from 'local-aws-sqs';
import { MAX_DELIVERIES } from '../../lambdas/domain/delivery/messages';
import { close, HOST, listen, localUrl } from './net';

export interface SqsEmulator {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** local-aws-sqs in this process (queues in memory): SQS's JSON protocol, redrive policies, visibility, long polls. */
export async function startSqs(options: { port: number }): Promise<SqsEmulator> {
  // Its own createSqsServer never settles when the port is taken: its handler on a server of ours instead.
  const { service, requestHandler } = createRequestHandler({ port: options.port, hostname: HOST, emulateQueueCreationLifecycle: false });
  const server = createServer((req, res) => {
    for (const queue of service.Queues) answerLongPollsEarly(queue);
    void requestHandler(req, res);
  });
  const port = await listen(server, options.port, 'SQS (local-aws-sqs)');
  // Queue URLs name the port it listens on.
  service.PORT = port;
  return { url: localUrl(port), port, stop: () => close(server) };
}

type Receive = (options: { VisibilityTimeout?: number; WaitTimeSeconds?: number; MaxNumberOfMessages?: number }) => Promise<unknown[]>;
const answeringEarly = new WeakSet<object>();

/**
 * SQS's long poll answers as soon as it holds a message; local-aws-sqs's answers only with a full batch or
 * at the end of the wait, so every run of a few mails waited out a whole poll. The queue's long poll becomes
 * a series of immediate receives (the emulator gathers for 40 ms each) that ends at the first message.
 */
function answerLongPollsEarly(queue: { receive: Receive; ReceiveMessageWaitTimeSeconds: number }): void {
  if (answeringEarly.has(queue)) return;
  answeringEarly.add(queue);
  const receive = queue.receive.bind(queue);
  queue.receive = async (options) => {
    const deadline = Date.now() + 1000 * Number(options.WaitTimeSeconds ?? queue.ReceiveMessageWaitTimeSeconds);
    for (;;) {
      const messages = await receive({ ...options, WaitTimeSeconds: 0 });
      if (messages.length > 0 || Date.now() >= deadline) return messages;
    }
  };
}

export interface DeliveryQueues {
  queueUrl: string;
  deadLetterQueueUrl: string;
}

/**
 * The delivery queue and its dead-letter queue, as lib/stacks/jobs-stack.ts makes them: a message delivered
 * MAX_DELIVERIES times without being deleted moves to the dead-letter queue.
 */
export async function createDeliveryQueues(client: SQSClient, name: string, visibilitySeconds: number): Promise<DeliveryQueues> {
  const dlq = await client.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
  const main = await client.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(visibilitySeconds),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: MAX_DELIVERIES }),
      },
    }),
  );
  return { queueUrl: main.QueueUrl!, deadLetterQueueUrl: dlq.QueueUrl! };
}

/** Messages waiting, in flight and delayed: what the dead-letter queue's alarm watches (ApproximateNumberOfMessages…). */
export async function queueDepth(client: SQSClient, queueUrl: string): Promise<{ visible: number; inFlight: number }> {
  const { Attributes = {} } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'] }),
  );
  return {
    visible: Number(Attributes.ApproximateNumberOfMessages ?? 0),
    inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) + Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0),
  };
}
