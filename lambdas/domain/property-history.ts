import { DAYS_ON_BISN_MEMORY_DAYS, lastPriceChange, propertyKeyOf, type PricePoint } from '../../shared/rules';
import { onMarketSinceOf, type ListingRecord } from '../data/listings';
import { propertyHistoryRepository, type PropertyHistory } from '../data/property-history';

const DAY_MS = 24 * 60 * 60 * 1000;

interface MarketHistory {
  onMarketSince: string;
  priceHistory: PricePoint[] | null;
}

/**
 * At publish: when the property's last listing ended within 12 months, the new one's days on
 * BISN continue from that count, and a price different from the last one starts its price history.
 */
function marketHistoryFrom(record: ListingRecord & { publishedOn: string }, history: PropertyHistory | null): MarketHistory {
  const published = Date.parse(record.publishedOn);
  if (!history || published - Date.parse(history.lastEndedAt) > DAYS_ON_BISN_MEMORY_DAYS * DAY_MS) {
    return { onMarketSince: record.publishedOn, priceHistory: null };
  }
  const changed = (history.lastPrice ?? null) !== record.price || (history.lastLeasePrice ?? null) !== record.leasePrice;
  return {
    onMarketSince: new Date(published - history.liveMs).toISOString(),
    priceHistory: changed
      ? [
          { at: history.lastEndedAt, price: history.lastPrice, leasePrice: history.lastLeasePrice },
          { at: record.publishedOn, price: record.price, leasePrice: record.leasePrice },
        ]
      : null,
  };
}

/** A published listing leaves (expired, sold, leased, deleted): the property remembers its count and price. */
export async function rememberPropertyEnd(record: ListingRecord & { publishedOn: string }, endedAt: string): Promise<void> {
  await propertyHistoryRepository.put({
    propertyKey: propertyKeyOf(record),
    liveMs: Math.max(0, Date.parse(endedAt) - Date.parse(onMarketSinceOf(record))),
    lastEndedAt: endedAt,
    lastPrice: record.price,
    lastLeasePrice: record.leasePrice,
  });
}

/** The market history of listings published at `at` (a chunk of the blast's), their properties read in BatchGets: by listingId. */
export async function marketHistoriesAt(records: readonly ListingRecord[], at: (record: ListingRecord) => string): Promise<Map<string, MarketHistory>> {
  const histories = new Map((await propertyHistoryRepository.getMany(records.map(propertyKeyOf))).map((history) => [history.propertyKey, history]));
  return new Map(records.map((record) => [record.listingId, marketHistoryFrom({ ...record, publishedOn: at(record) }, histories.get(propertyKeyOf(record)) ?? null)]));
}

/** How much cheaper each listing comes back than its property's last listing (the digest marks it), or null: by listingId. */
export async function reductionsSinceLastListing(records: readonly ListingRecord[], at: (record: ListingRecord) => string): Promise<Map<string, number | null>> {
  const histories = await marketHistoriesAt(records, at);
  return new Map(records.map((record) => [record.listingId, reductionFrom(histories.get(record.listingId)!)]));
}

function reductionFrom({ priceHistory }: MarketHistory): number | null {
  const change = priceHistory && lastPriceChange(priceHistory);
  return change?.direction === 'reduced' ? change.percent : null;
}
