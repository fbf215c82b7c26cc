import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { env } from '../core/env';
import { logger } from '../core/logger';
import { flushMetrics } from '../core/metrics';
import { MAX_DELIVERIES, publishBlastChunk, sendBlastBatch } from '../domain/blast';
import { sendRequirementMails } from '../domain/requirements-broadcast';
import { deliverSearchAlert } from '../domain/saved-search-alerts';
import { parseDeliveryMessage, type DeliveryMessage } from '../domain/delivery/messages';
import { retryLater } from '../domain/delivery/queue';

/**
 * The delivery queue's worker (its SQS event source reports batch item failures): each message is one
 * delivery job. A job with mails SES refused and deliveries left is put back on the queue, delayed
 * (retryLater); its message is done. A message that cannot be read, or whose work threw, is named in
 * `batchItemFailures` and comes back after the visibility timeout; after MAX_DELIVERIES it goes to the
 * dead-letter queue, whose alarm tells the operators. Messages are handled one after the other: the pacing
 * is per worker, and a crash leaves the rest for redelivery.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  env(); // fail fast on a misconfigured function
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  try {
    for (const record of event.Records) {
      try {
        const message = parseDeliveryMessage(record.body);
        // This job's deliveries: by earlier copies of its message, and of this one (a worker that died).
        const delivery = (message.retries ?? 0) + Number(record.attributes.ApproximateReceiveCount);
        if (!(await deliver(message, delivery >= MAX_DELIVERIES))) await retryLater(message, delivery);
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

/** True when the job is through; false when it has mails to retry (it goes back on the queue). */
async function deliver(message: DeliveryMessage, lastDelivery: boolean): Promise<boolean> {
  switch (message.kind) {
    case 'blast-digests':
      return (await sendBlastBatch(message, { lastDelivery })).outcome === 'done';
    case 'blast-publish':
      await publishBlastChunk(message.runId, message.chunk);
      return true;
    case 'requirement-mails':
      return (await sendRequirementMails(message, { lastDelivery })) === 'done';
    case 'search-alert':
      // A failed alert leaves its hits pending: the alert job's next run enqueues it again.
      await deliverSearchAlert(message);
      return true;
  }
}
