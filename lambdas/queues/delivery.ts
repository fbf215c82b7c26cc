import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { env } from '../core/env';
import { logger } from '../core/logger';
import { flushMetrics } from '../core/metrics';
import { MAX_DELIVERIES, publishBlastRun, sendBlastBatch } from '../domain/blast';
import { parseDeliveryMessage, type DeliveryMessage } from '../domain/delivery/messages';

/**
 * The delivery queue's worker (its SQS event source reports batch item failures): each message is one
 * delivery job. A message that fails (its digests were refused and it has deliveries left, or it cannot
 * be read, or its work threw) is named in `batchItemFailures` and comes back after the visibility timeout;
 * after MAX_DELIVERIES it goes to the dead-letter queue, whose alarm tells the operators. Messages are
 * handled one after the other: the pacing is per worker, and a crash leaves the rest for redelivery.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  env(); // fail fast on a misconfigured function
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  try {
    for (const record of event.Records) {
      const lastDelivery = Number(record.attributes.ApproximateReceiveCount) >= MAX_DELIVERIES;
      try {
        const done = await deliver(parseDeliveryMessage(record.body), lastDelivery);
        if (!done) batchItemFailures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        logger.error('delivery message failed', { messageId: record.messageId, receiveCount: record.attributes.ApproximateReceiveCount, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  } finally {
    flushMetrics();
  }
}

/** True when the message is through (delete it), false to have it delivered again. */
async function deliver(message: DeliveryMessage, lastDelivery: boolean): Promise<boolean> {
  switch (message.kind) {
    case 'blast-digests':
      return (await sendBlastBatch(message, { lastDelivery })).outcome === 'done';
    case 'blast-publish':
      await publishBlastRun(message.runId);
      return true;
  }
}
