import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../../lambdas/core/aws';
import { env } from '../../../lambdas/core/env';
import { matchesRepository } from '../../../lambdas/data/matches';
import type { LocalStack } from '../../../lib/local/stack';
import type { Listing, Match, Requirement } from '../../../shared/api';
import { call, createRequirement, newApprovedBroker, newUser, queuedListing, runBlastJob, runBroadcast, startStack, type Broker } from '../quality/support';

/**
 * A broker's copies of their matches when calls race on one item (a price change and a close at the same
 * moment): no copy is left half written, and no read fails on a copy it cannot read.
 */

let stack: LocalStack;
let seeker: Broker;
let lister: Broker;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'raceoperator', { operator: true });
  [seeker, lister] = await Promise.all([newApprovedBroker(stack, operator, 'raceseeker'), newApprovedBroker(stack, operator, 'racelister')]);
}, 120_000);
afterAll(() => stack?.stop());

const fields = { requirementTypeId: 'for-lease' as const, propertyTypeId: 'industrial' as const, sqftMin: 10_000, sqftMax: 15_000, highlights: [] as string[], description: 'Racing client.' };

async function sentRequirement(marketId: string): Promise<Requirement> {
  const requirement = await createRequirement(stack, seeker, { ...fields, marketIds: [marketId] });
  await runBroadcast();
  return requirement;
}

async function publishedListing(marketId: string): Promise<Listing> {
  const listing = await queuedListing(stack, lister, {
    listingTypeId: 'for-lease', propertyTypeId: 'industrial', marketId, sqft: 12_000, minSqft: null, maxSqft: null, price: null, leasePrice: 1.1, leaseFrequencyId: 'monthly', highlights: [],
  });
  await runBlastJob();
  return listing;
}


describe('match copies under racing calls', () => {
  it('a listing whose price changes while it is closed leaves no half-written match behind', async () => {
    const marketId = 'sac-rancho-cordova';
    const requirement = await sentRequirement(marketId);
    for (let round = 0; round < 3; round++) {
      const listing = await publishedListing(marketId);
      const id = { params: { listingId: listing.listingId } };
      await Promise.all([
        call(stack, lister.token, 'changeListingPrice', { ...id, body: { price: null, leasePrice: 1.05 - round / 100, leaseFrequencyId: 'monthly', version: listing.version } }),
        call(stack, lister.token, 'closeListing', { ...id, body: { outcome: 'leased' } }),
      ]);
    }
    const page = await call<{ items: Match[] }>(stack, seeker.token, 'listMatches', { query: { limit: 200 } });
    expect(page.status).toBe(200);
    expect((await call(stack, seeker.token, 'listRequirementMatches', { params: { requirementId: requirement.requirementId } })).status).toBe(200);
    // Every stored copy is whole.
    for (const side of await matchesRepository.ofRequirement(seeker.userId, requirement.requirementId)) {
      expect(side).toMatchObject({ ownerId: seeker.userId, side: 'requirement', listingId: expect.any(String), state: expect.any(String) });
    }
  });

  it('a Matches page with a copy it cannot read skips it instead of failing', async () => {
    const requirement = await sentRequirement('sac-midtown');
    // What a write that half failed leaves: the keys and a few fields, no ids, side or state.
    await documentClient().send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: { pk: `MATCHES#${seeker.userId}`, sk: `REQ#${requirement.requirementId}#broken`, score: 80, reasons: [], requirementTitle: 'x', listingTitle: 'y', updatedAt: new Date().toISOString() },
      }),
    );
    expect((await call(stack, seeker.token, 'listMatches', { query: { limit: 200 } })).status).toBe(200);
    const mine = await call<{ items: Match[] }>(stack, seeker.token, 'listRequirementMatches', { params: { requirementId: requirement.requirementId } });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((match) => match.listingId)).not.toContain('broken');
  });
});
