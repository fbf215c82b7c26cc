import { DAYS_ON_BISN_MEMORY_DAYS, lastPriceChange, propertyKeyOf, type PricePoint } from '../../shared/rules';
import { onMarketSinceOf, type ListingRecord } from '../data/listings';
import { propertyHistoryRepository } from '../data/property-history';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * At publish (issue 14): when the property's last listing ended within 12 months, the new one's days on
 * BISN continue from that count, and a price different from the last one starts its price history.
 */
export async function marketHistoryAt(record: ListingRecord & { publishedOn: string }): Promise<{ onMarketSince: string; priceHistory: PricePoint[] | null }> {
  const history = await propertyHistoryRepository.get(propertyKeyOf(record));
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

/** How much cheaper a listing comes back than the property's last listing (the digest marks it), or null. */
export async function reductionSinceLastListing(record: ListingRecord, at: string): Promise<number | null> {
  const { priceHistory } = await marketHistoryAt({ ...record, publishedOn: at });
  const change = priceHistory && lastPriceChange(priceHistory);
  return change?.direction === 'reduced' ? change.percent : null;
}
