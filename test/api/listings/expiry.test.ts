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
  it('deletes listings 120 days after publishedOn, with images and browse entries; runs again harmlessly', async () => {
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

    expect(await runExpiryJob({ now: new Date(publishedOn + 119 * DAY).toISOString() })).toMatchObject({ deleted: [] });
    expect((await getListing(stack, reader, published.listingId)).status).toBe(200);

    const later = new Date(publishedOn + 121 * DAY).toISOString();
    expect(await runExpiryJob({ now: later })).toMatchObject({ deleted: [published.listingId] });
    expect((await getListing(stack, owner, published.listingId)).status).toBe(404);
    expect(await bucketKeys(stack, `listings/${published.listingId}/`)).toEqual([]);
    expect(await browse()).toEqual([fresh.listingId]);
    // The younger listing and the unpublished one are untouched.
    expect(await bucketKeys(stack, `listings/${fresh.listingId}/`)).toHaveLength(3);
    expect((await getListing(stack, owner, unpublished.listingId)).body.listing.status).toBe('queued');

    expect(await runExpiryJob({ now: later })).toMatchObject({ deleted: [] });
    expect(await runExpiryJob({ now: new Date(publishedOn + 131 * DAY).toISOString() })).toMatchObject({ deleted: [fresh.listingId] });
  });
});
