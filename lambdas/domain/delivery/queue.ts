import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../../core/aws';
import { env } from '../../core/env';
import type { DeliveryMessage } from './messages';

/** SQS takes at most ten messages per SendMessageBatch. */
const SQS_BATCH = 10;

function queueUrl(): string {
  const url = env().DELIVERY_QUEUE_URL;
  if (!url) throw new Error('DELIVERY_QUEUE_URL is not set: this function does not enqueue deliveries');
  return url;
}

/**
 * Puts messages on the delivery queue, ten per call, delivered after `delaySeconds` (SQS's DelaySeconds, at
 * most 900); entries SQS refused are sent again (a few times).
 */
export async function enqueueDeliveries(messages: readonly DeliveryMessage[], { delaySeconds = 0 } = {}): Promise<void> {
  for (let i = 0; i < messages.length; i += SQS_BATCH) {
    let entries = messages
      .slice(i, i + SQS_BATCH)
      .map((message, n) => ({ Id: String(n), MessageBody: JSON.stringify(message), ...(delaySeconds > 0 && { DelaySeconds: delaySeconds }) }));
    for (let attempt = 1; entries.length > 0; attempt++) {
      const { Failed = [] } = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl(), Entries: entries }));
      if (Failed.length && attempt >= 5) throw new Error(`delivery queue refused ${Failed.length} messages: ${Failed.map((f) => f.Code).join(', ')}`);
      const failed = new Set(Failed.map((f) => f.Id));
      entries = entries.filter((entry) => failed.has(entry.Id));
    }
  }
}

/**
 * A job its worker could not finish (`delivery` deliveries so far) goes back on the queue as a new message,
 * delivered after DELIVERY_RETRY_SECONDS: a refused mail is retried within a minute or so, not after the
 * queue's visibility timeout (six times the worker's timeout, meant for a worker that died).
 */
export function retryLater(message: DeliveryMessage, delivery: number): Promise<void> {
  return enqueueDeliveries([{ ...message, retries: delivery }], { delaySeconds: env().DELIVERY_RETRY_SECONDS });
}
