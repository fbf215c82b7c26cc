import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { listingsRepository } from '../../lambdas/data/listings';
import { propertyHistoryRepository } from '../../lambdas/data/property-history';
import { db, tableName } from '../../lambdas/data/table';
import { creationQuota, withinDailyLimit } from '../../lambdas/domain/creation-limits';
import { listedBroker, refreshDirectory } from '../../lambdas/domain/directory';
import {
  adminDeleteListing,
  countRecentListings,
  createListing,
  deleteListing,
  getListing,
  listListings,
  listMyListings,
  publishListing,
  removeListing,
  toListingSummary,
  updateListing,
} from '../../lambdas/domain/listings';
import { listingDraft, listListingsQuery } from '../../shared/api';
import { propertyKeyOf } from '../../shared/rules';
import { keysUnder, publishedListing, refusal, saveOver, savedDraft, storedPhoto, uniqueAddress } from './listings-support';
import { broker, operator, validDraft } from './support';

const DAY_MS = 24 * 3600 * 1000;
const assetBase = () => process.env.ASSET_BASE_URL;
const changedElsewhere =
  'This listing was changed elsewhere (in another tab or by someone else) since you opened it. Reload it to see those changes, or overwrite them with yours.';

/** Listings the broker created today, as the daily limit counts them. */
const usedToday = async (userId: string) => {
  const { listings } = await creationQuota(userId);
  return listings.limit - listings.left;
};

/** Every card of the browser for `query`, page after page. */
async function browse(query: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listListings(listListingsQuery.parse({ limit: 2, ...query, cursor }));
    ids.push(...page.items.map((item) => item.listingId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

describe('listings (domain): create and save', () => {
  it('creates an empty draft of the caller with its contact card and nothing published', async () => {
    const owner = await broker('creator');
    const before = Date.now();
    const { listingId, listing } = await createListing(owner.record);
    const created = { at: listing.createdAt, delegate: null, action: 'created' };
    expect(listing).toEqual({
      ...listingDraft.parse({}),
      listingId,
      status: 'draft',
      userId: owner.record.userId,
      type: null,
      propertyType: null,
      market: null,
      images: [],
      brochureFile: null,
      location: null,
      createdAt: listing.createdAt,
      updatedAt: listing.createdAt,
      publishedOn: null,
      expiresAt: null,
      closedAt: null,
      closedOn: null,
      onMarketSince: null,
      priceHistory: [],
      user: expect.objectContaining({ _id: owner.record.userId, email: owner.record.email, phone: '916-555-0100', license: '01234567' }),
      version: 0,
      // Made by its owner, not a delegate.
      history: { createdBy: created, lastChangedBy: created, changes: [created] },
    });
    expect(Date.parse(listing.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await listingsRepository.get(listingId);
    expect(stored).toMatchObject({ status: 'draft', userId: owner.record.userId, images: [], location: null, geocodedAddress: null, publishedOn: null, expiresAt: null });
    expect((await listMyListings(owner.record.userId)).items.map((item) => item.listingId)).toEqual([listingId]);
  });

  it('saves the whole draft with catalogue names resolved, the ZIP geocoded and the version raised', async () => {
    const owner = await broker('saver');
    const { listingId } = await createListing(owner.record);
    const draft = validDraft({ ...uniqueAddress(), zipCode: '95814' });
    const saved = await updateListing(owner.principal, listingId, { ...listingDraft.parse(draft), version: 0 });
    expect(saved).toMatchObject({
      title: draft.title,
      type: { listingTypeId: 'for-sale-or-lease', name: 'For Sale or Lease' },
      propertyType: { propertyTypeId: 'office', name: 'Office' },
      market: { marketId: 'sac-midtown', name: 'Midtown', countyName: 'Sacramento' },
      description: draft.description,
      highlights: draft.highlights,
      city: 'Sacramento',
      zipCode: '95814',
      version: 1,
      status: 'draft',
      user: expect.objectContaining({ email: owner.record.email }),
    });
    expect(saved.location?.lat).toBeCloseTo(38.58, 1);
    expect(saved.location?.lng).toBeCloseTo(-121.49, 1);
    const stored = await listingsRepository.get(listingId);
    expect(stored?.geocodedAddress).toBe(`${draft.address1!.toLowerCase()}|sacramento|ca|95814`);

    // The same address again: no new geocoding (the stored point stays, even one the geocoder would not give).
    await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: `LST#${listingId}`, sk: 'LST' }, UpdateExpression: 'SET #l = :l', ExpressionAttributeNames: { '#l': 'location' }, ExpressionAttributeValues: { ':l': { lat: 1, lng: 2 } } }));
    const again = await saveOver(owner.principal, listingId, { ...draft, title: 'Renamed', city: ' SACRAMENTO ' });
    expect(again).toMatchObject({ title: 'Renamed', location: { lat: 1, lng: 2 }, version: 2 });

    // A new ZIP is geocoded again; an address no geocoder can place clears the point.
    const moved = await saveOver(owner.principal, listingId, { ...draft, zipCode: '95630' });
    expect(moved.location?.lat).toBeCloseTo(38.67, 1);
    const vague = await saveOver(owner.principal, listingId, { ...draft, address1: '', city: '', zipCode: '' });
    expect(vague.location).toBeNull();
    expect((await listingsRepository.get(listingId))?.geocodedAddress).toBe('||ca|');
  });

  it('refuses a save based on an older version with the current one, and a second save racing the first', async () => {
    const owner = await broker('racer');
    const record = await savedDraft(owner);
    expect(record.version).toBe(1);
    const stale = await refusal(updateListing(owner.principal, record.listingId, { ...listingDraft.parse(validDraft()), version: 0 }));
    expect(stale).toEqual({ status: 409, message: changedElsewhere, currentVersion: 1 });

    const body = (title: string) => ({ ...listingDraft.parse(validDraft({ title, zipCode: '' })), version: 1 });
    const answers = await Promise.allSettled([updateListing(owner.principal, record.listingId, body('first')), updateListing(owner.principal, record.listingId, body('second'))]);
    const won = answers.filter((answer) => answer.status === 'fulfilled');
    const lost = answers.filter((answer): answer is PromiseRejectedResult => answer.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((answer) => ({ status: answer.reason.statusCode, message: answer.reason.message, version: answer.reason.currentVersion }))).toEqual([
      { status: 409, message: changedElsewhere, version: 2 },
    ]);
    expect((await listingsRepository.get(record.listingId))?.version).toBe(2);
  });

  it('lets only the owner save, and only a draft: 404 for someone else\'s draft, 403 once published, 409 after', async () => {
    const owner = await broker('owner');
    const other = await broker('other');
    const draft = await savedDraft(owner);
    const body = { ...listingDraft.parse(validDraft({ title: 'Hijacked' })), version: 1 };
    expect(await refusal(updateListing(other.principal, draft.listingId, body))).toEqual({ status: 404, message: 'Listing not found' });
    expect(await refusal(updateListing(owner.principal, 'no-such-listing', body))).toEqual({ status: 404, message: 'Listing not found' });
    const published = await publishedListing(owner);
    expect(await refusal(updateListing(other.principal, published.listingId, { ...body, version: 1 }))).toEqual({ status: 403, message: 'You can only change your own listings.' });
    expect(await refusal(updateListing(owner.principal, published.listingId, { ...body, version: 1 }))).toEqual({ status: 409, message: 'Only drafts can be edited.' });
    expect((await listingsRepository.get(draft.listingId))?.title).toBe(draft.title);
    expect((await listingsRepository.get(published.listingId))?.title).toBe(published.title);
  });
});

describe('listings (domain): publish', () => {
  it('refuses an incomplete draft naming every missing indicator, each as a field error', async () => {
    const owner = await broker('incomplete');
    const { listingId } = await createListing(owner.record);
    await updateListing(owner.principal, listingId, { ...listingDraft.parse({ title: 'Only a title', propertyTypeId: 'office' }), version: 0 });
    expect(await refusal(publishListing(owner.principal, listingId))).toEqual({
      status: 400,
      message: 'Complete the listing before publishing. Missing: Listing Type, Market, Address, Listing Image, Description.',
      fieldErrors: {
        listingType: ['Listing Type is required.'],
        market: ['Market is required.'],
        address: ['Address is required.'],
        image: ['Listing Image is required.'],
        description: ['Description is required.'],
      },
    });
    const complete = await savedDraft(owner);
    expect(await refusal(publishListing(owner.principal, complete.listingId))).toEqual({
      status: 400,
      message: 'Complete the listing before publishing. Missing: Listing Image.',
      fieldErrors: { image: ['Listing Image is required.'] },
    });
    expect((await listingsRepository.get(complete.listingId))?.status).toBe('draft');
  });

  it('queues a complete draft for the next blast; a second publish is 409; others get 404', async () => {
    const owner = await broker('publisher');
    const other = await broker('bystander');
    const draft = await savedDraft(owner);
    await listingsRepository.addImage(draft.listingId, await storedPhoto(`listings/${draft.listingId}`), 10);
    expect(await refusal(publishListing(other.principal, draft.listingId))).toEqual({ status: 404, message: 'Listing not found' });
    const queued = await publishListing(owner.principal, draft.listingId);
    expect(queued).toMatchObject({ listingId: draft.listingId, status: 'queued', title: draft.title, publishedOn: null, version: 2, user: expect.objectContaining({ email: owner.record.email }) });
    expect(await listingsRepository.idsByStatus('queued')).toContain(draft.listingId);
    expect(await refusal(publishListing(owner.principal, draft.listingId))).toEqual({ status: 409, message: 'Only drafts can be published.' });
    expect(await refusal(updateListing(owner.principal, draft.listingId, { ...listingDraft.parse(validDraft()), version: 2 }))).toEqual({ status: 409, message: 'Only drafts can be edited.' });
  });

  it('queues only the version it checked: a save landing between its read and its write makes it answer 409 with the current version', async () => {
    const owner = await broker('publish-race');
    const draft = await savedDraft(owner);
    await listingsRepository.addImage(draft.listingId, await storedPhoto(`listings/${draft.listingId}`), 10);
    // The save is sent right after the publish's read: it lands before the publish's conditional write.
    const publishing = refusal(publishListing(owner.principal, draft.listingId));
    const saved = await listingsRepository.saveDraft(draft.listingId, owner.record.userId, listingDraft.parse(validDraft({ title: 'Changed' })), 2);
    const answer = await publishing;
    const stored = await listingsRepository.get(draft.listingId);
    if (answer === null) {
      // The publish read after the save: it checked (and queued) the saved content.
      expect([saved, stored?.status]).toEqual([expect.objectContaining({ version: 3 }), 'queued']);
    } else {
      expect(answer).toEqual({ status: 409, message: 'The listing changed while it was being published. Check it and publish again.', currentVersion: 3 });
      expect(stored).toMatchObject({ status: 'draft', title: 'Changed', version: 3 });
    }
  });

  it('a publish racing a delete answers 404', async () => {
    const owner = await broker('publish-delete');
    const draft = await savedDraft(owner);
    await listingsRepository.addImage(draft.listingId, await storedPhoto(`listings/${draft.listingId}`), 10);
    const publishing = refusal(publishListing(owner.principal, draft.listingId));
    await listingsRepository.delete(draft.listingId);
    expect(await publishing).toEqual({ status: 404, message: 'Listing not found' });
  });
});

describe('listings (domain): read', () => {
  it('shows a draft to its owner and operators only; a published listing to everyone with the owner card', async () => {
    const owner = await broker('shown', { brokerInfo: { name: 'Capitol Realty', address1: '1 Capitol Mall', address2: 'Floor 2' } });
    const other = await broker('viewer');
    const draft = await savedDraft(owner);
    expect(await refusal(getListing(other.principal, draft.listingId, true))).toEqual({ status: 404, message: 'Listing not found' });
    expect((await getListing(owner.principal, draft.listingId, false)).user).toMatchObject({ email: owner.record.email, phone: '916-555-0100' });
    expect((await getListing(operator(), draft.listingId, true)).status).toBe('draft');
    expect(await refusal(getListing(other.principal, 'no-such-listing', true))).toEqual({ status: 404, message: 'Listing not found' });

    const published = await publishedListing(owner, { images: [{ _id: 'p1', thumbnail: 'listings/x/thumbnail/p1.jpg', medium: '/listings/x/medium/p1.jpg', large: 'https://cdn.example.com/p1.jpg' }], closedOn: undefined });
    const seen = await getListing(other.principal, published.listingId, true);
    expect(seen).toMatchObject({
      status: 'published',
      publishedOn: published.publishedOn,
      expiresAt: published.expiresAt,
      onMarketSince: published.publishedOn,
      images: [{ _id: 'p1', thumbnail: `${assetBase()}/listings/x/thumbnail/p1.jpg`, medium: `${assetBase()}/listings/x/medium/p1.jpg`, large: 'https://cdn.example.com/p1.jpg' }],
      user: { email: owner.record.email, phone: '916-555-0100', license: '01234567', brokerInfo: { name: 'Capitol Realty', address1: '1 Capitol Mall', address2: 'Floor 2' } },
    });
    const hidden = await getListing(other.principal, published.listingId, false);
    expect(hidden.user).toMatchObject({ email: '', phone: '', license: '', detailsHidden: true, firstName: 'shown' });
  });

  it('answers a listing whose owner is gone without a card, and carries its history, close and unknown catalogue ids', async () => {
    const ghost = await broker('ghost');
    const listing = await publishedListing(ghost, {
      userId: randomUUID(),
      status: 'sold',
      listingTypeId: 'castle' as never,
      propertyTypeId: 'keep' as never,
      marketId: 'atlantis' as never,
      closedAt: '2026-03-01T00:00:00.000Z',
      closedOn: '2026-02-27',
      onMarketSince: '2025-01-01T00:00:00.000Z',
      priceHistory: [{ at: '2025-06-01T00:00:00.000Z', price: 5, leasePrice: null }],
      version: 4,
    });
    const seen = await getListing(operator(), listing.listingId, true);
    expect(seen).toMatchObject({
      status: 'sold',
      type: { listingTypeId: 'castle', name: 'castle' },
      propertyType: { propertyTypeId: 'keep', name: 'keep' },
      market: null,
      closedAt: '2026-03-01T00:00:00.000Z',
      closedOn: '2026-02-27',
      onMarketSince: '2025-01-01T00:00:00.000Z',
      priceHistory: [{ at: '2025-06-01T00:00:00.000Z', price: 5, leasePrice: null }],
      version: 4,
      user: null,
    });
    expect(toListingSummary(listing)).toMatchObject({ status: 'sold', type: { name: 'castle' }, market: null, onMarketSince: '2025-01-01T00:00:00.000Z', thumbnail: null });
  });

  it('browses published listings of a partition newest first, page by page, and the longest on BISN first', async () => {
    const owner = await broker('browsed');
    const marketId = 'placer-lincoln';
    const now = Date.now();
    const older = await publishedListing(owner, { marketId, onMarketSince: new Date(now - 400 * DAY_MS).toISOString() }, new Date(now - 3 * DAY_MS).toISOString());
    const newer = await publishedListing(owner, { marketId, images: [{ _id: 'i', thumbnail: 'listings/t/thumbnail/i.jpg', medium: 'm', large: 'l' }] }, new Date(now - DAY_MS).toISOString());
    const middle = await publishedListing(owner, { marketId, listingTypeId: 'for-lease' }, new Date(now - 2 * DAY_MS).toISOString());
    await savedDraft(owner, validDraft({ marketId }));
    expect(await browse({ marketId })).toEqual([newer.listingId, middle.listingId, older.listingId]);
    expect(await browse({ marketId, sort: 'daysOnBisn' })).toEqual([older.listingId, middle.listingId, newer.listingId]);
    expect(await browse({ marketId, listingTypeId: 'for-lease' })).toEqual([middle.listingId]);

    const [card] = (await listListings(listListingsQuery.parse({ marketId, limit: 1 }))).items;
    expect(card).toEqual({
      listingId: newer.listingId,
      title: newer.title,
      status: 'published',
      type: { listingTypeId: 'for-sale-or-lease', name: 'For Sale or Lease' },
      propertyType: { propertyTypeId: 'office', name: 'Office' },
      market: { marketId, name: 'Lincoln', countyName: 'Placer' },
      sqft: 12500,
      minSqft: 1000,
      maxSqft: 5000,
      price: 1250000,
      leasePrice: 1.5,
      leaseFrequencyId: 'monthly',
      publishedOn: newer.publishedOn,
      onMarketSince: newer.publishedOn,
      createdAt: newer.createdAt,
      thumbnail: `${assetBase()}/listings/t/thumbnail/i.jpg`,
    });
    const [oldest] = (await listListings(listListingsQuery.parse({ marketId, limit: 1, sort: 'daysOnBisn' }))).items;
    expect(oldest?.onMarketSince).toBe(older.onMarketSince);
  });

  it('lists the owner\'s listings in every status, newest first, with their thumbnails', async () => {
    const owner = await broker('mine');
    const first = await publishedListing(owner, { images: [{ _id: 'a', thumbnail: 'listings/a/thumbnail/a.jpg', medium: 'm', large: 'l' }, { _id: 'b', thumbnail: 'listings/a/thumbnail/b.jpg', medium: 'm', large: 'l' }] }, new Date(Date.now() - 5000).toISOString());
    const second = await savedDraft(owner);
    const mine = await listMyListings(owner.record.userId);
    expect(mine.items.map((item) => [item.listingId, item.status])).toEqual([
      [second.listingId, 'draft'],
      [first.listingId, 'published'],
    ]);
    expect(mine.items[0]).toMatchObject({ thumbnail: null, publishedOn: null, onMarketSince: null, title: second.title, createdAt: second.createdAt });
    expect(mine.items[1]).toMatchObject({ thumbnail: `${assetBase()}/listings/a/thumbnail/a.jpg`, publishedOn: first.publishedOn, onMarketSince: first.publishedOn });
    expect((await listMyListings(randomUUID())).items).toEqual([]);
  });

  it('counts the listings published in the last 7 days, community-wide', async () => {
    const owner = await broker('recent');
    const now = new Date('2031-03-20T12:00:00.000Z');
    const before = (await countRecentListings(now)).count;
    await publishedListing(owner, {}, new Date(now.getTime() - 6.9 * DAY_MS).toISOString());
    await publishedListing(owner, {}, new Date(now.getTime() - 7.1 * DAY_MS).toISOString());
    await publishedListing(owner, {}, new Date(now.getTime() - 30 * DAY_MS).toISOString());
    expect(await countRecentListings(now)).toEqual({ count: before + 1 });
    expect((await countRecentListings(new Date(now.getTime() + 60 * DAY_MS))).count).toBe(0);
    expect((await countRecentListings()).count).toBeGreaterThanOrEqual(before + 3);
  });
});

describe('listings (domain): delete', () => {
  it('removes a draft with its photos and stray uploads, and gives its count of the day back', async () => {
    const owner = await broker('abandoner');
    const { listingId } = await withinDailyLimit(owner.record.userId, 'listing', () => createListing(owner.record));
    expect(await usedToday(owner.record.userId)).toBe(1);
    // Variants outside the listing's prefix (older keys) go by their names; uploads never finalised by the sweep.
    const legacy = await storedPhoto(`legacy/${listingId}`);
    await listingsRepository.addImage(listingId, legacy, 10);
    const stray = await storedPhoto(`listings/${listingId}`);
    const other = await storedPhoto(`listings/${randomUUID()}`);
    await deleteListing(owner.principal, listingId);
    expect(await listingsRepository.get(listingId)).toBeNull();
    expect(await keysUnder(`legacy/${listingId}/`)).toEqual([]);
    expect(await keysUnder(`listings/${listingId}/`)).toEqual([]);
    expect(await keysUnder(other.thumbnail)).toEqual([other.thumbnail]);
    expect(stray._id).not.toBe(other._id);
    expect(await usedToday(owner.record.userId)).toBe(0);
    expect(await refusal(deleteListing(owner.principal, listingId))).toEqual({ status: 404, message: 'Listing not found' });
  });

  it('a draft created on an earlier day keeps the count of its day', async () => {
    const owner = await broker('yesterday');
    const record = await publishedListing(owner, { status: 'draft', publishedOn: null, expiresAt: null, createdAt: new Date(Date.now() - 2 * DAY_MS).toISOString() });
    await withinDailyLimit(owner.record.userId, 'listing', async () => null);
    await deleteListing(owner.principal, record.listingId);
    expect(await usedToday(owner.record.userId)).toBe(1);
  });

  it('removes a published listing from the browser, remembers the property\'s days and price, keeps the day\'s count', async () => {
    const owner = await broker('seller');
    const marketId = 'placer-auburn';
    const publishedOn = new Date(Date.now() - 10 * DAY_MS).toISOString();
    const listing = await withinDailyLimit(owner.record.userId, 'listing', () => publishedListing(owner, { marketId, price: 777_000, leasePrice: 2.25, createdAt: new Date().toISOString() }, publishedOn));
    await refreshDirectory(owner.record.userId);
    expect((await listedBroker(owner.record.userId)).activeListings).toBe(1);
    const photo = await storedPhoto(`legacy/${listing.listingId}`);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: `LST#${listing.listingId}`, sk: 'LST' }, UpdateExpression: 'SET images = :i', ExpressionAttributeValues: { ':i': [photo] } }));
    expect(await browse({ marketId })).toEqual([listing.listingId]);

    await deleteListing(owner.principal, listing.listingId);
    expect(await browse({ marketId })).toEqual([]);
    expect((await listedBroker(owner.record.userId)).activeListings).toBe(0);
    expect(await keysUnder(`legacy/${listing.listingId}/`)).toEqual([]);
    expect(await usedToday(owner.record.userId)).toBe(1);
    const history = await propertyHistoryRepository.get(propertyKeyOf(listing));
    expect(history).toMatchObject({ lastPrice: 777_000, lastLeasePrice: 2.25 });
    expect(Math.round(history!.liveMs / DAY_MS)).toBe(10);
    expect(Date.now() - Date.parse(history!.lastEndedAt)).toBeLessThan(60_000);
  });

  it('refuses someone else\'s delete (404 draft, 403 published) and removes nothing', async () => {
    const owner = await broker('keeper');
    const other = await broker('vandal');
    const draft = await savedDraft(owner);
    const published = await publishedListing(owner);
    expect(await refusal(deleteListing(other.principal, draft.listingId))).toEqual({ status: 404, message: 'Listing not found' });
    expect(await refusal(deleteListing(other.principal, published.listingId))).toEqual({ status: 403, message: 'You can only change your own listings.' });
    expect((await listingsRepository.get(draft.listingId))?.status).toBe('draft');
    expect((await listingsRepository.get(published.listingId))?.status).toBe('published');
  });

  it('operators remove any listing; a second removal answers 404', async () => {
    const owner = await broker('removed');
    const queued = await publishedListing(owner, { status: 'queued', publishedOn: null, expiresAt: null });
    await adminDeleteListing(queued.listingId);
    expect(await listingsRepository.get(queued.listingId)).toBeNull();
    expect(await listingsRepository.idsByStatus('queued')).not.toContain(queued.listingId);
    expect(await refusal(adminDeleteListing(queued.listingId))).toEqual({ status: 404, message: 'Listing not found' });
    expect(await removeListing(queued.listingId)).toBeNull();
  });

  it('an expired listing removed leaves the property history as its expiry wrote it', async () => {
    const owner = await broker('expired-removed');
    const expired = await publishedListing(owner, { status: 'expired' });
    const removed = await removeListing(expired.listingId);
    expect(removed).toMatchObject({ listingId: expired.listingId, status: 'expired' });
    expect(await propertyHistoryRepository.get(propertyKeyOf(expired))).toBeNull();
  });

  it('two deletes of one listing at once both succeed', async () => {
    const owner = await broker('double-delete');
    const draft = await savedDraft(owner);
    expect(await Promise.all([refusal(deleteListing(owner.principal, draft.listingId)), refusal(deleteListing(owner.principal, draft.listingId))])).toEqual([null, null]);
    expect(await listingsRepository.get(draft.listingId)).toBeNull();
  });

  it('a published listing without a publish date is removed without a property history', async () => {
    const owner = await broker('legacy');
    const legacy = await publishedListing(owner, { publishedOn: null });
    await deleteListing(owner.principal, legacy.listingId);
    expect(await listingsRepository.get(legacy.listingId)).toBeNull();
    expect(await propertyHistoryRepository.get(propertyKeyOf(legacy))).toBeNull();
  });
});
