import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../lambdas/data/table';
import { listingsRepository } from '../../lambdas/data/listings';
import { propertyHistoryRepository } from '../../lambdas/data/property-history';
import {
  changeListingPrice,
  closeListing,
  expireListings,
  remindListingOwners,
  renewListing,
  renewListingRecord,
} from '../../lambdas/domain/listing-lifecycle';
import { listListings, listMyListings } from '../../lambdas/domain/listings';
import { listListingsQuery } from '../../shared/api';
import { propertyKeyOf } from '../../shared/rules';
import { keysUnder, publishedListing, refusal, savedDraft, storedPhoto } from './listings-support';
import { broker, mailsTo } from './support';

const DAY_MS = 24 * 3600 * 1000;
const notRenewable = 'Only a published or expired listing can be renewed.';
const notClosable = 'Only a published or expired listing can be marked sold or leased.';
const onlyPublishedRepriced = 'Only a published listing can change its price here; a draft changes it in the editor.';
const changedElsewhere =
  'This listing was changed elsewhere (in another tab or by someone else) since you opened it. Reload it to see those changes, or overwrite them with yours.';

/** The browser's cards of one submarket. */
const browse = async (marketId: string) => (await listListings(listListingsQuery.parse({ marketId, limit: 25 }))).items.map((item) => item.listingId);
const recently = (iso: string | null | undefined) => Math.abs(Date.now() - Date.parse(iso ?? '')) < 60_000;
const only = (ids: readonly string[], mine: readonly string[]) => ids.filter((id) => mine.includes(id));

describe('listing lifecycle (domain): renew', () => {
  it('renews a published listing for 120 days from now, owner only', async () => {
    const owner = await broker('renewer');
    const other = await broker('other');
    const listing = await publishedListing(owner, {}, new Date(Date.now() - 100 * DAY_MS).toISOString());
    expect(await refusal(renewListing(other.principal, listing.listingId))).toEqual({ status: 403, message: 'You can only change your own listings.' });
    const renewed = await renewListing(owner.principal, listing.listingId);
    expect(renewed).toMatchObject({ listingId: listing.listingId, status: 'published', publishedOn: listing.publishedOn, closedAt: null, user: expect.objectContaining({ email: owner.record.email }) });
    expect(Date.parse(renewed.expiresAt!) - Date.now()).toBeGreaterThan(120 * DAY_MS - 60_000);
    expect(Date.parse(renewed.expiresAt!) - Date.now()).toBeLessThanOrEqual(120 * DAY_MS);
    const stored = await listingsRepository.get(listing.listingId);
    expect(stored).toMatchObject({ status: 'published', expiresAt: renewed.expiresAt });
    expect(Date.parse(stored!.expiresAt!) - Date.parse(stored!.renewedAt!)).toBe(120 * DAY_MS);
  });

  it('refuses to renew a draft, a queued or a sold listing (409), and renews nothing that was never published', async () => {
    const owner = await broker('not-renewable');
    const draft = await savedDraft(owner);
    const queued = await publishedListing(owner, { status: 'queued', publishedOn: null, expiresAt: null });
    const sold = await publishedListing(owner, { status: 'sold' });
    for (const { listingId } of [draft, queued, sold]) {
      expect(await refusal(renewListing(owner.principal, listingId))).toEqual({ status: 409, message: notRenewable });
    }
    expect(await renewListingRecord(draft.listingId)).toBeNull();
    expect(await renewListingRecord(randomUUID())).toBeNull();
    // An expired status without a publish date (never happens in the flow): the renewal does not touch it.
    const odd = await publishedListing(owner, { status: 'expired', publishedOn: null });
    expect(await renewListingRecord(odd.listingId)).toBeNull();
    expect(await refusal(renewListing(owner.principal, odd.listingId))).toEqual({ status: 409, message: notRenewable });
    expect((await listingsRepository.get(queued.listingId))?.status).toBe('queued');
  });

  it('an expired listing leaves the browser, stays its owner\'s, and comes back renewed with its photos', async () => {
    const owner = await broker('expiring');
    const marketId = 'eldorado-placerville';
    const publishedOn = new Date(Date.now() - 121 * DAY_MS).toISOString();
    const listing = await publishedListing(owner, { marketId }, publishedOn);
    expect(await browse(marketId)).toEqual([listing.listingId]);
    const expiredAt = new Date(Date.parse(listing.expiresAt!) + 1000);
    const report = await expireListings(expiredAt);
    expect(only(report.expired, [listing.listingId])).toEqual([listing.listingId]);
    expect(await browse(marketId)).toEqual([]);
    const stored = await listingsRepository.get(listing.listingId);
    expect(stored).toMatchObject({ status: 'expired', closedAt: expiredAt.toISOString() });
    expect((await listMyListings(owner.record.userId)).items.map((item) => item.status)).toEqual(['expired']);
    const history = await propertyHistoryRepository.get(propertyKeyOf(listing));
    expect(history).toMatchObject({ lastEndedAt: expiredAt.toISOString(), liveMs: 120 * DAY_MS + 1000, lastPrice: listing.price });

    const renewed = await renewListing(owner.principal, listing.listingId);
    expect(renewed).toMatchObject({ status: 'published', closedAt: null });
    expect(recently(new Date(Date.parse(renewed.expiresAt!) - 120 * DAY_MS).toISOString())).toBe(true);
    expect(await browse(marketId)).toEqual([listing.listingId]);
    expect((await listingsRepository.get(listing.listingId))?.closedAt).toBeUndefined();
  });
});

describe('listing lifecycle (domain): sold or leased', () => {
  it('marks a published listing sold with its date: out of the browser, remembered, kept in My listings; final', async () => {
    const owner = await broker('closer');
    const other = await broker('other');
    const marketId = 'eldorado-cameron-park';
    const listing = await publishedListing(owner, { marketId, price: 640_000, leasePrice: null }, new Date(Date.now() - 20 * DAY_MS).toISOString());
    expect(await refusal(closeListing(other.principal, listing.listingId, { outcome: 'sold' }))).toEqual({ status: 403, message: 'You can only change your own listings.' });
    const sold = await closeListing(owner.principal, listing.listingId, { outcome: 'sold', closedOn: '2026-11-02' });
    expect(sold).toMatchObject({ listingId: listing.listingId, status: 'sold', closedOn: '2026-11-02', publishedOn: listing.publishedOn, user: expect.objectContaining({ email: owner.record.email }) });
    expect(recently(sold.closedAt)).toBe(true);
    expect(await browse(marketId)).toEqual([]);
    expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'sold', closedOn: '2026-11-02', closedAt: sold.closedAt });
    const history = await propertyHistoryRepository.get(propertyKeyOf(listing));
    expect(history).toMatchObject({ lastEndedAt: sold.closedAt, lastPrice: 640_000, lastLeasePrice: null });
    expect(Math.round(history!.liveMs / DAY_MS)).toBe(20);
    expect((await listMyListings(owner.record.userId)).items.map((item) => [item.listingId, item.status])).toEqual([[listing.listingId, 'sold']]);

    for (const outcome of ['sold', 'leased'] as const) {
      expect(await refusal(closeListing(owner.principal, listing.listingId, { outcome }))).toEqual({ status: 409, message: notClosable });
    }
    expect(await refusal(renewListing(owner.principal, listing.listingId))).toEqual({ status: 409, message: notRenewable });
  });

  it('marks an expired listing leased without a date; the property keeps the end its expiry recorded', async () => {
    const owner = await broker('leaser');
    const listing = await publishedListing(owner, {}, new Date(Date.now() - 130 * DAY_MS).toISOString());
    const expiredAt = new Date(Date.parse(listing.expiresAt!) + 5000);
    await expireListings(expiredAt);
    const leased = await closeListing(owner.principal, listing.listingId, { outcome: 'leased' });
    expect(leased).toMatchObject({ status: 'leased', closedOn: null });
    expect(recently(leased.closedAt)).toBe(true);
    expect((await listingsRepository.get(listing.listingId))?.closedOn).toBeUndefined();
    expect(await propertyHistoryRepository.get(propertyKeyOf(listing))).toMatchObject({ lastEndedAt: expiredAt.toISOString() });
  });

  it('of two closes at once, one wins and the other is refused (409)', async () => {
    const owner = await broker('double-closer');
    const listing = await publishedListing(owner);
    const answers = await Promise.all([
      refusal(closeListing(owner.principal, listing.listingId, { outcome: 'sold' })),
      refusal(closeListing(owner.principal, listing.listingId, { outcome: 'leased' })),
    ]);
    expect(answers).toContainEqual(null);
    expect(answers).toContainEqual({ status: 409, message: notClosable });
  });

  it('refuses to close a draft or a queued listing (409)', async () => {
    const owner = await broker('early-closer');
    const draft = await savedDraft(owner);
    const queued = await publishedListing(owner, { status: 'queued', publishedOn: null, expiresAt: null });
    for (const { listingId } of [draft, queued]) {
      expect(await refusal(closeListing(owner.principal, listingId, { outcome: 'sold' }))).toEqual({ status: 409, message: notClosable });
    }
    expect((await listingsRepository.get(draft.listingId))?.status).toBe('draft');
  });
});

describe('listing lifecycle (domain): price change', () => {
  it('keeps each new price with its date, the first change recording the published one; the card follows', async () => {
    const owner = await broker('repricer');
    const marketId = 'eldorado-shingle-springs';
    const listing = await publishedListing(owner, { marketId, listingTypeId: 'for-sale-or-lease', price: 1_000_000, leasePrice: 2, leaseFrequencyId: 'monthly' });
    const first = await changeListingPrice(owner.principal, listing.listingId, { price: 950_000, leasePrice: 2, leaseFrequencyId: 'monthly', version: 1 });
    expect(first).toMatchObject({ price: 950_000, version: 2, status: 'published', user: expect.objectContaining({ email: owner.record.email }) });
    expect(first.priceHistory).toEqual([
      { at: listing.publishedOn, price: 1_000_000, leasePrice: 2 },
      { at: expect.any(String), price: 950_000, leasePrice: 2 },
    ]);
    expect(recently(first.priceHistory[1]!.at)).toBe(true);
    const second = await changeListingPrice(owner.principal, listing.listingId, { price: 900_000, leasePrice: 1.75, leaseFrequencyId: 'annually', version: 2 });
    expect(second.priceHistory.map((point) => [point.price, point.leasePrice])).toEqual([
      [1_000_000, 2],
      [950_000, 2],
      [900_000, 1.75],
    ]);
    expect(second).toMatchObject({ leasePrice: 1.75, leaseFrequencyId: 'annually', version: 3 });
    const [card] = (await listListings(listListingsQuery.parse({ marketId, limit: 5 }))).items;
    expect(card).toMatchObject({ listingId: listing.listingId, price: 900_000, leasePrice: 1.75, leaseFrequencyId: 'annually' });
    expect((await listingsRepository.get(listing.listingId))?.priceHistory).toHaveLength(3);
  });

  it('a price change racing a close is refused as for a listing no longer published', async () => {
    const owner = await broker('late-pricer');
    const listing = await publishedListing(owner);
    const changing = refusal(changeListingPrice(owner.principal, listing.listingId, { price: 5, leasePrice: null, leaseFrequencyId: null, version: 1 }));
    await listingsRepository.close(listing.listingId, 'sold', null, new Date().toISOString());
    expect(await changing).toEqual({ status: 409, message: onlyPublishedRepriced });
    expect((await listingsRepository.get(listing.listingId))?.price).toBe(listing.price);
  });

  it('refuses a change based on an older version with the current one; a draft, an expired one, someone else\'s', async () => {
    const owner = await broker('stale-pricer');
    const other = await broker('other');
    const listing = await publishedListing(owner, { version: 5 });
    const body = { price: 1, leasePrice: null, leaseFrequencyId: null };
    expect(await refusal(changeListingPrice(owner.principal, listing.listingId, { ...body, version: 4 }))).toEqual({ status: 409, message: changedElsewhere, currentVersion: 5 });
    expect(await refusal(changeListingPrice(other.principal, listing.listingId, { ...body, version: 5 }))).toEqual({ status: 403, message: 'You can only change your own listings.' });
    const draft = await savedDraft(owner);
    const expired = await publishedListing(owner, { status: 'expired' });
    for (const { listingId } of [draft, expired]) {
      expect(await refusal(changeListingPrice(owner.principal, listingId, { ...body, version: 1 }))).toEqual({ status: 409, message: onlyPublishedRepriced });
    }
    const odd = await publishedListing(owner, { publishedOn: null });
    expect(await refusal(changeListingPrice(owner.principal, odd.listingId, { ...body, version: 1 }))).toEqual({ status: 409, message: onlyPublishedRepriced });
    expect((await listingsRepository.get(listing.listingId))?.price).toBe(listing.price);
  });
});

describe('listing lifecycle (domain): expiry job', () => {
  it('expires at 120 days, purges with the photos 60 days later, and runs again harmlessly', async () => {
    const owner = await broker('expiry');
    const base = Date.parse('2020-01-10T09:00:00.000Z');
    const old = await publishedListing(owner, {}, new Date(base).toISOString());
    const young = await publishedListing(owner, {}, new Date(base + 10 * DAY_MS).toISOString());
    const photo = await storedPhoto(`listings/${old.listingId}`);
    await listingsRepository.delete(old.listingId);
    await listingsRepository.create({ ...old, images: [photo] });

    // 2020 belongs to this test alone (tests before it publish in the present, the reminders' in 2019 come after):
    // each run's report is exact.
    expect(await expireListings(new Date(base + 119 * DAY_MS))).toEqual({ expired: [], deleted: [] });
    expect((await listingsRepository.get(old.listingId))?.status).toBe('published');
    const day121 = new Date(base + 121 * DAY_MS);
    expect(await expireListings(day121)).toEqual({ expired: [old.listingId], deleted: [] });
    expect((await listingsRepository.get(old.listingId))?.status).toBe('expired');
    expect((await listingsRepository.get(young.listingId))?.status).toBe('published');
    expect(await expireListings(day121)).toEqual({ expired: [], deleted: [] });

    expect(await expireListings(new Date(base + 179 * DAY_MS))).toEqual({ expired: [young.listingId], deleted: [] });
    expect(await keysUnder(`listings/${old.listingId}/`)).toHaveLength(3);
    expect(await expireListings(new Date(base + 181 * DAY_MS))).toEqual({ expired: [], deleted: [old.listingId] });
    expect(await listingsRepository.get(old.listingId)).toBeNull();
    expect(await keysUnder(`listings/${old.listingId}/`)).toEqual([]);
    expect((await listingsRepository.get(young.listingId))?.status).toBe('expired');
  });

  it('leaves a listing renewed since the job read it alone', async () => {
    const owner = await broker('renewed-meanwhile');
    const marketId = 'placer-granite-bay';
    const base = Date.parse('2021-02-01T09:00:00.000Z');
    const listing = await publishedListing(owner, { marketId }, new Date(base).toISOString());
    // The renewal lands after the job's read and before its conditional write, every time: it is made as the
    // job sends its write of this listing (a renewal merely sent alongside the job raced it under load).
    const client = db();
    const send = client.send.bind(client);
    let renewed = false;
    const between = vi.spyOn(client, 'send').mockImplementation((async (command: UpdateCommand) => {
      if (!renewed && command instanceof UpdateCommand && command.input.Key?.pk === `LST#${listing.listingId}`) {
        renewed = true;
        await listingsRepository.renew(listing.listingId, new Date(Date.now() + 120 * DAY_MS).toISOString(), new Date().toISOString());
      }
      return send(command);
    }) as never);
    const job = await expireListings(new Date(base + 121 * DAY_MS)).finally(() => between.mockRestore());
    expect(renewed).toBe(true);
    expect(only(job.expired, [listing.listingId])).toEqual([]);
    expect((await listingsRepository.get(listing.listingId))?.status).toBe('published');
    expect(await browse(marketId)).toEqual([listing.listingId]);
  });
});

describe('listing lifecycle (domain): reminders', () => {
  it('reminds at 30, 14 and 1 days before the expiry, once each, and never on the expiry itself', async () => {
    const owner = await broker('reminded');
    const expiresAt = Date.parse('2019-06-30T12:00:00.000Z');
    const listing = await publishedListing(owner, { title: `Reminded ${randomUUID().slice(0, 6)}` }, new Date(expiresAt - 120 * DAY_MS).toISOString());
    const mine = [listing.listingId];
    const at = (daysBefore: number) => new Date(expiresAt - daysBefore * DAY_MS);

    expect(await remindListingOwners(at(31))).toEqual({ reminded: [], failed: 0 });
    for (const [daysBefore, expected] of [[29.5, mine], [29.4, []], [13.5, mine], [13.4, []], [0.5, mine], [0.4, []], [0, []]] as const) {
      const report = await remindListingOwners(at(daysBefore));
      expect(only(report.reminded, mine), `${daysBefore} days before`).toEqual(expected);
      expect(report.failed).toBe(0);
    }
    const subjects = (await mailsTo(owner.record.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([30, 14, 1].map((days) => `Your listing “${listing.title}” expires in ${days === 1 ? '1 day' : `${days} days`}`));
  });

  it('skips an owner who is no longer active', async () => {
    const owner = await broker('disabled', { status: 'disabled' });
    const expiresAt = Date.parse('2019-09-30T12:00:00.000Z');
    const listing = await publishedListing(owner, {}, new Date(expiresAt - 120 * DAY_MS).toISOString());
    const report = await remindListingOwners(new Date(expiresAt - 10 * DAY_MS));
    expect(only(report.reminded, [listing.listingId])).toEqual([]);
    expect(report.failed).toBe(0);
    expect(await mailsTo(owner.record.email)).toEqual([]);
  });
});
