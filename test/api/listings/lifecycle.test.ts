import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import type { Listing, ListingPage, Match } from '../../../shared/api';
import {
  call,
  createRequirement,
  expectOk,
  getListing,
  newApprovedBroker,
  newUser,
  queuedListing,
  readMailStore,
  runBlastJob,
  runBroadcast,
  runExpiryJob,
  startStack,
  type Broker,
} from '../quality/support';
import { readReceivedMails } from '../requirements/support';

/**
 * Listings: reminders 30, 14 and 1 days before the 120 days, each once, with a renew link that
 * resets the 120 days; an expired listing stays its owner's and renewable for 60 days; sold or leased
 * leaves the browser and the matches and stays in My listings.
 */

let stack: LocalStack;
let owner: Broker;
let other: Broker;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'operator', { operator: true });
  [owner, other] = await Promise.all([newApprovedBroker(stack, operator, 'owner'), newApprovedBroker(stack, operator, 'other')]);
}, 120_000);
afterAll(async () => stack?.stop());

async function published(overrides: Parameters<typeof queuedListing>[2] = {}): Promise<Listing> {
  // An address of its own: listings at one address share their days on BISN and price history.
  const unique = Math.random().toString(36).slice(2, 8);
  const queued = await queuedListing(stack, owner, { title: `Lifecycle ${unique}`, address1: `${Math.floor(Math.random() * 9000) + 1000} ${unique} Street`, ...overrides });
  await runBlastJob();
  return (await expectOk(getListing(stack, owner, queued.listingId))).listing;
}
const browse = async (propertyTypeId: string) =>
  (await expectOk(call<ListingPage>(stack, other.token, 'listListings', { query: { propertyTypeId } }))).items.map((l) => l.listingId);
const sendReminders = async (now: Date) => {
  const { handler } = await import('../../../lambdas/jobs/send-reminders');
  return handler({ now: now.toISOString() });
};

// Each step runs the reminder and expiry jobs over the file's table: 17 s on a quiet machine, 59 s on a loaded one.
const JOB_RUNS_TIMEOUT_MS = 240_000;

describe('listing lifecycle', () => {
  it('reminds at 30, 14 and 1 days before, once each; the link renews for 120 days from then', async () => {
    const listing = await published();
    const expiresAt = Date.parse(listing.expiresAt!);
    const subjects = async () => (await readMailStore(stack)).filter((m) => m.to.includes(owner.email) && m.subject.includes(listing.title)).map((m) => m.subject);
    for (const before of [31, 29.5, 29.4, 13.5, 13.4, 0.5, 0.4]) await sendReminders(new Date(expiresAt - before * DAY));
    expect(await subjects()).toEqual([30, 14, 1].map((days) => `Your listing “${listing.title}” expires in ${days === 1 ? '1 day' : `${days} days`}`));

    const [mail] = (await readReceivedMails(stack)).filter((m) => m.subject === `Your listing “${listing.title}” expires in 1 day`);
    const token = new URL(/href="([^"]*\/renew\?token=[^"]*)"/.exec(mail!.html)![1]!.replaceAll('&amp;', '&')).searchParams.get('token')!;
    const renewed = await expectOk(call<{ state: string; expiresAt: string }>(stack, null, 'useRenewLink', { query: { token } }));
    expect(renewed.state).toBe('renewed');
    expect(Date.parse(renewed.expiresAt) - Date.now()).toBeGreaterThan(119 * DAY);
    expect((await call(stack, null, 'useRenewLink', { query: { token } })).status).toBe(409);
    // A renewed listing's reminders start again for its new date.
    await sendReminders(new Date(Date.parse(renewed.expiresAt) - 29.5 * DAY));
    expect((await subjects()).length).toBe(4);
  }, JOB_RUNS_TIMEOUT_MS);

  it('an expired listing is its owner\'s, renewable: back in the browser and matched again', async () => {
    const requirement = await createRequirement(stack, other, { requirementTypeId: 'for-lease', propertyTypeId: 'flex', marketIds: ['sac-folsom'], sqftMin: 1000, sqftMax: 3000 });
    await runBroadcast();
    const listing = await published({ listingTypeId: 'for-lease', propertyTypeId: 'flex', marketId: 'sac-folsom', sqft: 2000, minSqft: null, maxSqft: null });
    const matched = async () => (await expectOk(call<{ items: Match[] }>(stack, other.token, 'listRequirementMatches', { params: { requirementId: requirement.requirementId } }))).items.map((m) => m.listingId);
    expect(await matched()).toContain(listing.listingId);

    await runExpiryJob({ now: new Date(Date.parse(listing.expiresAt!) + 60_000).toISOString() });
    expect(await browse('flex')).not.toContain(listing.listingId);
    expect(await matched()).not.toContain(listing.listingId);
    const mine = await expectOk(call<{ items: Listing[] }>(stack, owner.token, 'listMyListings', { params: { userId: owner.userId } }));
    expect(mine.items.find((l) => l.listingId === listing.listingId)?.status).toBe('expired');
    expect((await getListing(stack, other, listing.listingId)).status).toBe(404);
    // The same daily run expired the requirement too (120 days on): its broker renews it, which finds nothing.
    await expectOk(call(stack, other.token, 'renewRequirement', { params: { requirementId: requirement.requirementId } }));
    expect(await matched()).toEqual([]);

    const renewed = await expectOk(call<{ listing: Listing }>(stack, owner.token, 'renewListing', { params: { listingId: listing.listingId } }));
    expect(renewed.listing.status).toBe('published');
    expect(await browse('flex')).toContain(listing.listingId);
    expect(await matched()).toContain(listing.listingId);
  });

  it('sold or leased: out of the browser and the matches, kept in My listings with its date; final', async () => {
    const listing = await published({ propertyTypeId: 'speciality' });
    expect(await browse('speciality')).toContain(listing.listingId);
    expect((await call(stack, other.token, 'closeListing', { params: { listingId: listing.listingId }, body: { outcome: 'sold' } })).status).toBe(403);
    const sold = await expectOk(call<{ listing: Listing }>(stack, owner.token, 'closeListing', { params: { listingId: listing.listingId }, body: { outcome: 'leased', closedOn: '2026-11-02' } }));
    expect([sold.listing.status, sold.listing.closedOn]).toEqual(['leased', '2026-11-02']);
    expect(await browse('speciality')).not.toContain(listing.listingId);
    for (const route of ['closeListing', 'renewListing'] as const) {
      expect((await call(stack, owner.token, route, { params: { listingId: listing.listingId }, body: route === 'closeListing' ? { outcome: 'sold' } : undefined })).status).toBe(409);
    }
  });

  it('days on BISN continue when the same property is posted again within 12 months; the browser sorts by them; a lower price is marked', async () => {
    const address = { address1: '2201 Kausen Drive', address2: 'Suite 100', city: 'Elk Grove', state: 'CA' as const, zipCode: '95758', propertyTypeId: 'apartment' as const };
    const first = await published({ ...address, price: 2_000_000, leasePrice: null, listingTypeId: 'for-sale-investment' });
    const firstOn = Date.parse(first.publishedOn!);
    // It expires at 120 days, and is purged 60 days later.
    await runExpiryJob({ now: new Date(Date.parse(first.expiresAt!) + 1000).toISOString() });
    await runExpiryJob({ now: new Date(Date.parse(first.expiresAt!) + 61 * DAY).toISOString() });
    expect((await getListing(stack, owner, first.listingId)).status).toBe(404);

    // Posted again, typed differently, cheaper: it continues the 120 days it was live and says it is reduced.
    const again = await queuedListing(stack, owner, { ...address, address1: '2201 Kausen Dr.', address2: 'Ste 100', price: 1_800_000, leasePrice: null, listingTypeId: 'for-sale-investment' });
    const mails = (await readMailStore(stack)).length;
    await runBlastJob();
    const digest = (await readMailStore(stack)).slice(mails).find((m) => m.to.includes(other.email) && (m.html ?? '').includes(again.listingId));
    expect(digest?.html).toContain('Price reduced 10 % since its last listing');
    const read = (await expectOk(getListing(stack, owner, again.listingId))).listing;
    const carried = Date.parse(read.publishedOn!) - Date.parse(read.onMarketSince!);
    expect(Math.round(carried / DAY)).toBe(120);
    expect(read.priceHistory.map((p) => p.price)).toEqual([2_000_000, 1_800_000]);
    expect(firstOn).toBeLessThan(Date.parse(read.publishedOn!));

    // Longest on BISN first: the relisted property before a listing published after it.
    const newer = await published({ propertyTypeId: 'apartment' });
    const byDays = (await expectOk(call<ListingPage>(stack, other.token, 'listListings', { query: { propertyTypeId: 'apartment', sort: 'daysOnBisn' } }))).items.map((l) => l.listingId);
    expect(byDays.indexOf(again.listingId)).toBeLessThan(byDays.indexOf(newer.listingId));
    const newest = (await expectOk(call<ListingPage>(stack, other.token, 'listListings', { query: { propertyTypeId: 'apartment' } }))).items.map((l) => l.listingId);
    expect(newest.indexOf(newer.listingId)).toBeLessThan(newest.indexOf(again.listingId));
  });

  it('a published listing\'s price change is kept with its date, shows on its card, and its matches follow', async () => {
    const listing = await published({ propertyTypeId: 'retail', listingTypeId: 'for-sale-user', price: 1_000_000, leasePrice: null });
    const changed = await expectOk(
      call<{ listing: Listing }>(stack, owner.token, 'changeListingPrice', {
        params: { listingId: listing.listingId },
        body: { price: 950_000, leasePrice: null, leaseFrequencyId: null, version: listing.version },
      }),
    );
    expect(changed.listing.priceHistory.map((p) => p.price)).toEqual([1_000_000, 950_000]);
    expect(changed.listing.version).toBe(listing.version + 1);
    const card = (await expectOk(call<ListingPage>(stack, other.token, 'listListings', { query: { propertyTypeId: 'retail' } }))).items.find((l) => l.listingId === listing.listingId);
    expect(card?.price).toBe(950_000);
    // The old version again: 409 with the current one.
    const stale = await call(stack, owner.token, 'changeListingPrice', { params: { listingId: listing.listingId }, body: { price: 900_000, leasePrice: null, leaseFrequencyId: null, version: listing.version } });
    expect([stale.status, stale.body.currentVersion]).toEqual([409, listing.version + 1]);
  });
});
