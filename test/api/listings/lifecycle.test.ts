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
 * Issue 14, listings: reminders 30, 14 and 1 days before the 120 days, each once, with a renew link that
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
  const queued = await queuedListing(stack, owner, { title: `Lifecycle ${Math.random().toString(36).slice(2, 8)}`, ...overrides });
  await runBlastJob();
  return (await expectOk(getListing(stack, owner, queued.listingId))).listing;
}
const browse = async (propertyTypeId: string) =>
  (await expectOk(call<ListingPage>(stack, other.token, 'listListings', { query: { propertyTypeId } }))).items.map((l) => l.listingId);
const sendReminders = async (now: Date) => {
  const { handler } = await import('../../../lambdas/jobs/send-reminders');
  return handler({ now: now.toISOString() });
};

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
  });

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
});
