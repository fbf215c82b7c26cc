import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingPage } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import {
  bucketKeys,
  call,
  expectOk,
  getListing,
  newApprovedBroker,
  newUser,
  queuedListing,
  runBlastJob,
  runExpiryJob,
  startStack,
  type Broker,
} from './support';

let stack: LocalStack;
let owner: Broker;
let reader: Broker;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'operator', { operator: true });
  [owner, reader] = await Promise.all([newApprovedBroker(stack, operator, 'owner'), newApprovedBroker(stack, operator, 'reader')]);
});

afterAll(async () => stack?.stop());

const DAY = 24 * 3600 * 1000;

describe('listing expiry', () => {
  it('at 120 days a listing leaves the browser but stays its owner\'s, renewable, for 60 days; then it is purged with its photos; runs again harmlessly', async () => {
    const published = await queuedListing(stack, owner, { propertyTypeId: 'land' });
    await runBlastJob();
    const { listing } = await expectOk(getListing(stack, owner, published.listingId));
    const publishedOn = new Date(listing.publishedOn!).getTime();
    const fresh = await queuedListing(stack, owner, { propertyTypeId: 'land' });
    await runBlastJob({ now: new Date(publishedOn + 10 * DAY).toISOString() });
    const unpublished = await queuedListing(stack, owner, { propertyTypeId: 'land' }); // stays queued: never published

    const browse = async () =>
      (await expectOk(call<ListingPage>(stack, reader.token, 'listListings', { query: { propertyTypeId: 'land' } }))).items.map((i) => i.listingId);
    expect(await browse()).toEqual([fresh.listingId, published.listingId]);

    expect(await runExpiryJob({ now: new Date(publishedOn + 119 * DAY).toISOString() })).toMatchObject({ expired: [], deleted: [] });
    expect((await getListing(stack, reader, published.listingId)).status).toBe(200);

    const later = new Date(publishedOn + 121 * DAY).toISOString();
    expect(await runExpiryJob({ now: later })).toMatchObject({ expired: [published.listingId], deleted: [] });
    expect((await getListing(stack, reader, published.listingId)).status).toBe(404);
    expect((await expectOk(getListing(stack, owner, published.listingId))).listing.status).toBe('expired');
    expect(await bucketKeys(stack, `listings/${published.listingId}/`)).toHaveLength(3);
    expect(await browse()).toEqual([fresh.listingId]);
    // The younger listing and the unpublished one are untouched.
    expect(await bucketKeys(stack, `listings/${fresh.listingId}/`)).toHaveLength(3);
    expect((await getListing(stack, owner, unpublished.listingId)).body.listing.status).toBe('queued');
    expect(await runExpiryJob({ now: later })).toMatchObject({ expired: [], deleted: [] });

    // 60 days of grace, not a day more: then the listing and its photos are gone.
    expect(await runExpiryJob({ now: new Date(publishedOn + 179 * DAY).toISOString() })).toMatchObject({ expired: [fresh.listingId], deleted: [] });
    expect(await runExpiryJob({ now: new Date(publishedOn + 181 * DAY).toISOString() })).toMatchObject({ expired: [], deleted: [published.listingId] });
    expect((await getListing(stack, owner, published.listingId)).status).toBe(404);
    expect(await bucketKeys(stack, `listings/${published.listingId}/`)).toEqual([]);
  });
});
