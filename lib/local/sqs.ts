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
  const server = createServer((req, res) => void requestHandler(req, res));
  const port = await listen(server, options.port, 'SQS (local-aws-sqs)');
  // Queue URLs name the port it listens on.
  service.PORT = port;
  return { url: localUrl(port), port, stop: () => close(server) };
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
