import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import type { ListingPage, Match, Requirement, RequirementPage } from '../../../shared/api';
import { call, createRequirement, expectOk, newApprovedBroker, newUser, runBroadcast, startStack, type Broker } from '../quality/support';
import { publishedListing } from './support';

/**
 * Calls that race on one item, as two tabs, an owner and a retried request make them: whatever order the
 * writes commit in, what the browsers and both brokers' Matches pages show follows the item's final state
 * (the derived records are projections of the committed changes), and no page answers 5xx.
 */

let stack: LocalStack;
let seeker: Broker;
let lister: Broker;
const ROUNDS = 4;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'operator', { operator: true });
  [seeker, lister] = await Promise.all([newApprovedBroker(stack, operator, 'seeker'), newApprovedBroker(stack, operator, 'lister')]);
}, 120_000);
afterAll(() => stack?.stop());

const requirementFields = {
  requirementTypeId: 'for-lease' as const,
  propertyTypeId: 'industrial' as const,
  marketIds: ['sac-power-inn'],
  sqftMin: 10_000,
  sqftMax: 15_000,
  maxLeaseRate: 1.2,
  maxLeaseFrequencyId: 'monthly' as const,
  highlights: ['Dock-high doors'],
  description: 'Distribution client.',
};


const matchesOf = async (broker: Broker) => {
  const page = await call<{ items: Match[] }>(stack, broker.token, 'listMatches', { query: { limit: 200 } });
  expect(page.status).toBe(200);
  return page.body.items;
};

describe('racing lifecycle calls', () => {
  it('a requirement withdrawn while its owner renews and edits it: once withdrawn, it is out of the browser and has no match on either side', async () => {
    const listing = await publishedListing(stack, lister);
    for (let round = 0; round < ROUNDS; round++) {
      const created = await createRequirement(stack, seeker, { ...requirementFields, title: `Race ${round}` });
      await runBroadcast();
      const sent = (await expectOk(call<{ requirement: Requirement }>(stack, seeker.token, 'getRequirement', { params: { requirementId: created.requirementId } }))).requirement;
      expect((await matchesOf(seeker)).some((m) => m.requirementId === sent.requirementId)).toBe(true);
      const params = { requirementId: sent.requirementId };
      const answers = await Promise.all([
        call(stack, seeker.token, 'withdrawRequirement', { params }),
        call(stack, seeker.token, 'renewRequirement', { params }),
        call(stack, seeker.token, 'updateRequirement', { params, body: { ...requirementFields, title: `Race ${round} edited`, timing: sent.timing, version: sent.version } }),
      ]);
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
      const final = (await expectOk(call<{ requirement: Requirement }>(stack, seeker.token, 'getRequirement', { params }))).requirement;
      expect(final.status).toBe('withdrawn');
      const browser = await expectOk(call<RequirementPage>(stack, lister.token, 'listRequirements', { query: { propertyTypeId: 'industrial', limit: 25 } }));
      expect(browser.items.map((r) => r.requirementId)).not.toContain(sent.requirementId);
      expect((await matchesOf(seeker)).map((m) => m.requirementId)).not.toContain(sent.requirementId);
      expect((await matchesOf(lister)).map((m) => m.requirementId)).not.toContain(sent.requirementId);
      const listingSide = await call<{ items: Match[] }>(stack, lister.token, 'listListingMatches', { params: { listingId: listing.listingId } });
      expect(listingSide.status).toBe(200);
      expect(listingSide.body.items.map((m) => m.requirementId)).not.toContain(sent.requirementId);
    }
  });

  it("a listing's price change racing its close: both Matches pages answer, and the closed listing has no match and no card left", async () => {
    await createRequirement(stack, seeker, { ...requirementFields, title: 'Waiting for a listing' });
    await runBroadcast();
    for (let round = 0; round < ROUNDS; round++) {
      const listing = await publishedListing(stack, lister);
      expect((await matchesOf(lister)).some((m) => m.listingId === listing.listingId)).toBe(true);
      const params = { listingId: listing.listingId };
      const answers = await Promise.all([
        call(stack, lister.token, 'changeListingPrice', { params, body: { price: null, leasePrice: 1.05, leaseFrequencyId: 'monthly', version: listing.version } }),
        call(stack, lister.token, 'closeListing', { params, body: { outcome: 'leased' } }),
      ]);
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
      expect((await matchesOf(lister)).map((m) => m.listingId)).not.toContain(listing.listingId);
      expect((await matchesOf(seeker)).map((m) => m.listingId)).not.toContain(listing.listingId);
      const browser = await expectOk(call<ListingPage>(stack, seeker.token, 'listListings', { query: { propertyTypeId: 'industrial' } }));
      expect(browser.items.map((l) => l.listingId)).not.toContain(listing.listingId);
    }
  });
});
