import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ListingRecord } from '../../lambdas/data/listings';
import { propertyHistoryRepository } from '../../lambdas/data/property-history';
import { marketHistoriesAt, reductionsSinceLastListing, rememberPropertyEnd } from '../../lambdas/domain/property-history';
import { propertyKeyOf } from '../../shared/rules';
import { withoutProjections } from './projections';

// These tests call the functions the projections call, each on its own.
withoutProjections();

const DAY_MS = 24 * 3600 * 1000;

/** A published listing at an address of its own (only the fields the history reads matter). */
function listingAt(street: string, fields: Partial<ListingRecord> & { publishedOn: string }): ListingRecord & { publishedOn: string } {
  return { address1: street, address2: 'Suite 100', zipCode: '95758', price: 2_000_000, leasePrice: null, ...fields } as ListingRecord & { publishedOn: string };
}
const street = () => `${1000 + Math.floor(Math.random() * 8000)} ${randomUUID().slice(0, 8)} Drive`;
/** One listing through the batch reads the blast and the digest make. */
const marketHistoryAt = async (record: ListingRecord & { publishedOn: string }) => (await marketHistoriesAt([record], () => record.publishedOn)).get(record.listingId)!;
const reductionSinceLastListing = async (record: ListingRecord, publishedOn: string) => (await reductionsSinceLastListing([record], () => publishedOn)).get(record.listingId)!;
const at = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

describe('property history (domain)', () => {
  it('a property never listed before starts its days on BISN at the publish date, with no price history', async () => {
    const listing = listingAt(street(), { publishedOn: '2026-01-05T14:00:00.000Z' });
    expect(await marketHistoryAt(listing)).toEqual({ onMarketSince: '2026-01-05T14:00:00.000Z', priceHistory: null });
    expect(await reductionSinceLastListing(listing, listing.publishedOn)).toBeNull();
  });

  it('remembers how long the listing was live, its end and its price, counted from when the property came on BISN', async () => {
    const address = street();
    const first = listingAt(address, { publishedOn: '2026-01-05T14:00:00.000Z', onMarketSince: '2025-12-01T14:00:00.000Z', price: 2_000_000, leasePrice: 3.5 });
    await rememberPropertyEnd(first, '2026-02-04T14:00:00.000Z');
    expect(await propertyHistoryRepository.get(propertyKeyOf(first))).toMatchObject({
      liveMs: 65 * DAY_MS,
      lastEndedAt: '2026-02-04T14:00:00.000Z',
      lastPrice: 2_000_000,
      lastLeasePrice: 3.5,
    });
    // An ending older than the one kept changes nothing (a replayed or late change).
    await rememberPropertyEnd(first, '2026-01-20T14:00:00.000Z');
    expect(await propertyHistoryRepository.get(propertyKeyOf(first))).toMatchObject({ liveMs: 65 * DAY_MS, lastEndedAt: '2026-02-04T14:00:00.000Z' });
    // An end before its start (clock skew) counts nothing, never a negative time.
    const skewed = listingAt(street(), { publishedOn: '2026-01-05T14:00:00.000Z' });
    await rememberPropertyEnd(skewed, '2025-11-01T00:00:00.000Z');
    expect((await propertyHistoryRepository.get(propertyKeyOf(skewed)))?.liveMs).toBe(0);
  });

  it('posted again within 12 months (typed differently), it continues the count and starts a history when the price changed', async () => {
    const number = 1000 + Math.floor(Math.random() * 8000);
    const name = randomUUID().slice(0, 8);
    const first = listingAt(`${number} ${name} Drive`, { publishedOn: '2026-01-05T14:00:00.000Z', price: 2_000_000 });
    await rememberPropertyEnd(first, at(first.publishedOn, 120));
    const again = listingAt(`${number} ${name} Dr.`, { address2: 'Ste 100', publishedOn: at(first.publishedOn, 300), price: 1_800_000 });
    expect(await marketHistoryAt(again)).toEqual({
      onMarketSince: at(again.publishedOn, -120),
      priceHistory: [
        { at: at(first.publishedOn, 120), price: 2_000_000, leasePrice: null },
        { at: again.publishedOn, price: 1_800_000, leasePrice: null },
      ],
    });
    expect(await reductionSinceLastListing({ ...again, publishedOn: null }, again.publishedOn)).toBe(10);
    expect(await reductionSinceLastListing({ ...again, price: 2_200_000 }, again.publishedOn)).toBeNull();
    expect(await reductionSinceLastListing({ ...again, price: 2_000_000 }, again.publishedOn)).toBeNull();
    // A digest reads them all at once: the same answers, a property with no history included.
    const fresh = listingAt(street(), { listingId: randomUUID(), publishedOn: again.publishedOn, price: 900_000 });
    const cheaper = { ...again, listingId: randomUUID(), publishedOn: null };
    const dearer = { ...again, listingId: randomUUID(), price: 2_200_000 };
    expect(await reductionsSinceLastListing([cheaper, dearer, fresh], () => again.publishedOn)).toEqual(
      new Map([
        [cheaper.listingId, 10],
        [dearer.listingId, null],
        [fresh.listingId, null],
      ]),
    );
    expect((await marketHistoryAt({ ...again, price: 2_000_000 })).priceHistory).toBeNull();
    expect((await marketHistoryAt({ ...again, price: 2_000_000, leasePrice: 2 })).priceHistory).toEqual([
      { at: at(first.publishedOn, 120), price: 2_000_000, leasePrice: null },
      { at: again.publishedOn, price: 2_000_000, leasePrice: 2 },
    ]);
  });

  it('remembers a property for 365 days after its last listing ended, not a moment longer', async () => {
    const address = street();
    const ended = '2025-03-01T00:00:00.000Z';
    await propertyHistoryRepository.put({ propertyKey: propertyKeyOf(listingAt(address, { publishedOn: ended })), liveMs: 10 * DAY_MS, lastEndedAt: ended, lastPrice: 2_000_000, lastLeasePrice: null });
    const onTheDay = listingAt(address, { publishedOn: at(ended, 365) });
    expect((await marketHistoryAt(onTheDay)).onMarketSince).toBe(at(ended, 355));
    const later = listingAt(address, { publishedOn: new Date(Date.parse(ended) + 365 * DAY_MS + 1).toISOString() });
    expect(await marketHistoryAt(later)).toEqual({ onMarketSince: later.publishedOn, priceHistory: null });
  });

  it('a history stored without prices counts as no price, the same as a listing without one', async () => {
    const address = street();
    const ended = '2026-05-01T00:00:00.000Z';
    await propertyHistoryRepository.put({ propertyKey: propertyKeyOf(listingAt(address, { publishedOn: ended })), liveMs: DAY_MS, lastEndedAt: ended } as never);
    const listing = listingAt(address, { publishedOn: at(ended, 10), price: null, leasePrice: null });
    expect(await marketHistoryAt(listing)).toEqual({ onMarketSince: at(ended, 9), priceHistory: null });
  });
});
