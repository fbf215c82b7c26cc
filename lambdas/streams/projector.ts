import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { env } from '../core/env';
import { flushMetrics } from '../core/metrics';
import { projectChanges, type ItemChange } from '../domain/projections';

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
const imageOf = (image: Image) => (image ? unmarshall(image as Record<string, AttributeValue>) : null);

/**
 * The table's stream consumer (its event source reports batch item failures, bisects a failing batch and
 * sends what keeps failing to a queue): every derived record — browse index, matches, directory cards,
 * market cells, property history, saved-search alerts — follows from the committed changes here.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  env(); // fail fast on a misconfigured function
  try {
    const changes: ItemChange[] = event.Records.map((record) => {
      const keys = unmarshall((record.dynamodb?.Keys ?? {}) as Record<string, AttributeValue>);
      return {
        sequence: record.dynamodb!.SequenceNumber!,
        pk: String(keys.pk),
        sk: String(keys.sk),
        before: imageOf(record.dynamodb?.OldImage),
        after: imageOf(record.dynamodb?.NewImage),
      };
    });
    const failed = await projectChanges(changes);
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  } finally {
    flushMetrics();
  }
}
