import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { documentClient } from '../../lambdas/core/aws';
import { env } from '../../lambdas/core/env';
import { changeListingPrice, closeListing } from '../../lambdas/domain/listing-lifecycle';
import { editRequirement, fillRequirement, withdrawRequirement } from '../../lambdas/domain/requirement-lifecycle';
import { handler as projector } from '../../lambdas/streams/projector';
import { startStreamPoller } from '../../lib/local/stream-poller';
import { storedListing, storedRequirement } from './matching-support';
import { projectionFailures, projectionsSettled, projectorCallsFailing } from './projections';
import { broker, requirementInput } from './support';

/**
 * The projector's faults: a batch that crashes half way, writes throttled past the SDK's retries, and any
 * record replayed any number of times in any order. Each ends in the records a clean run derives: nothing
 * lost, nothing doubled (counts, alerts, cells), nothing given up on.
 */

const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((restore) => restore()));

/** Every item of this file's table but the base records' bookkeeping, keyed and sorted, times left out. */
async function derivedRecords(): Promise<string[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: env().TABLE_NAME, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort();
}

/** A small market of both sides that match each other, then every lifecycle change on them. */
async function marketAndLifecycle(label: string): Promise<void> {
  const seeker = await broker(`${label}-seeker`);
  const lister = await broker(`${label}-lister`);
  const requirements = await Promise.all([1, 2, 3].map(() => storedRequirement(seeker.record, { sqftMin: 1_000, sqftMax: 6_000 })));
  const listings = await Promise.all([1, 2, 3].map(() => storedListing(lister.record, { leasePrice: 2, leaseFrequencyId: 'monthly' })));
  await editRequirement(seeker.principal, requirements[0]!.requirementId, { ...requirementInput({ marketIds: ['sac-midtown'], sqftMin: 1_000, sqftMax: 8_000 }), version: requirements[0]!.version ?? 0 });
  await withdrawRequirement(seeker.principal, requirements[1]!.requirementId);
  await fillRequirement(seeker.principal, requirements[2]!.requirementId, { outcome: { kind: 'elsewhere' } });
  await changeListingPrice(lister.principal, listings[0]!.listingId, { price: null, leasePrice: 1.8, leaseFrequencyId: 'monthly', version: listings[0]!.version ?? 0 });
  await closeListing(lister.principal, listings[1]!.listingId, { outcome: 'leased' });
}

/** Every record of this file's stream so far, read from its start by a second consumer. */
async function streamSoFar(): Promise<DynamoDBRecord[]> {
  const records: DynamoDBRecord[] = [];
  const reader = startStreamPoller({
    endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '',
    tableName: env().TABLE_NAME,
    handler: async (event) => void records.push(...event.Records),
    batchSize: 100,
    maxAttempts: 1,
    idleMs: 20,
  });
  await reader.settled();
  await reader.stop();
  return records;
}

describe('the projector', () => {
  it('converges through crashes half way through its batches and throttled writes, nothing given up on', async () => {
    // Every 7th of its first 40 calls fails: batches stop half way and are retried (never 11 times over).
    const faults = projectorCallsFailing((call) => call <= 40 && call % 7 === 0);
    undo.push(faults.restore);
    await marketAndLifecycle('faulted');
    await projectionsSettled(120_000);
    expect(faults.calls()).toBeGreaterThan(40);
    expect(projectionFailures()).toEqual([]);
    const afterFaults = await derivedRecords();

    // A clean replay of the whole stream finds everything already derived: the faulted run lost nothing.
    const records = await streamSoFar();
    expect(records.length).toBeGreaterThan(20);
    expect(await projector({ Records: records })).toEqual({ batchItemFailures: [] });
    await projectionsSettled();
    expect(await derivedRecords()).toEqual(afterFaults);
  }, 180_000);

  it('a replay of any record, any number of times, in any order, changes nothing', async () => {
    await marketAndLifecycle('replayed');
    await projectionsSettled(120_000);
    const settled = await derivedRecords();
    const records = await streamSoFar();

    await projector({ Records: records });
    await projector({ Records: [...records].reverse() });
    // Each record alone, oldest images last: an older change never undoes what a newer one derived.
    for (const record of [...records].reverse()) await projector({ Records: [record, record] });
    await projectionsSettled();
    expect(await derivedRecords()).toEqual(settled);
  }, 180_000);
});
