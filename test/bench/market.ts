import { partitionFor, indexItemsOf as requirementIndexItems, toItem as requirementItem, type RequirementRecord } from '../../lambdas/data/requirements';
import { toItem as listingItem, type ListingRecord } from '../../lambdas/data/listings';
import { listingTypes, markets, propertyTypes, requirementTypes } from '../../shared/catalog';
import type { MarketTally } from './market-tally';
import { publishedListing, sentRequirement } from './seed';

const DAY_MS = 24 * 60 * 60 * 1000;
const nth = <T,>(items: readonly T[], n: number) => items[n % items.length]!;
/** A deterministic spread in [0, 1): sizes and prices vary like a market's. */
const spread = (n: number, salt: number) => ((n + salt) * 0.6180339887) % 1;

export interface MarketSeedIds {
  listings: { listingId: string; userId: string }[];
  requirements: { requirementId: string; userId: string }[];
}

/**
 * `count` listings (published, 1 in 10 sold or leased within the last 13 weeks) and `count` requirements
 * (sent with one to three markets, 1 in 10 filled within the last 13 weeks), sizes and prices spread like a
 * market's; requirements in the browse partition the recount reads. `ids` collects some of each still
 * active, for the transitions the bench makes before it recounts.
 */
export function* marketItems(count: number, ownerIds: readonly string[], tally: MarketTally, ids: MarketSeedIds, sample: number): Generator<Record<string, unknown>> {
  const now = Date.now();
  const all = partitionFor({});
  for (let n = 0; n < count; n++) {
    const closed = n % 10 === 9;
    // Every item its own moment (n ms apart): the recount pages gsi2 by these dates, and a run with 100k
    // listings on a hundred equal dates read 2 fewer than were written (the embedded engine's paging of
    // ties, it seems; not yet pinned down).
    const closedAt = new Date(now - (n % 88) * DAY_MS - n).toISOString();
    const sqft = Math.round(500 * 400 ** spread(n, 3));
    const base = publishedListing(n, nth(ownerIds, n), now - n);
    const listing = tally.listing({
      ...base,
      listingTypeId: nth(listingTypes, n).id,
      propertyTypeId: nth(propertyTypes, n * 11).id,
      marketId: nth(markets, n * 5).id,
      sqft,
      minSqft: null,
      maxSqft: null,
      price: Math.round(sqft * (150 + 250 * spread(n, 4))),
      leasePrice: Math.round((0.8 + 2 * spread(n, 5)) * 100) / 100,
      leaseFrequencyId: n % 3 ? 'monthly' : 'annually',
      // A closing moves the listing to gsi2 by its date, as the write path does.
      ...(closed ? { status: n % 20 === 19 ? 'sold' : 'leased', closedAt, updatedAt: closedAt } : {}),
    } as ListingRecord);
    yield listingItem(listing);
    if (!closed && ids.listings.length < sample) ids.listings.push({ listingId: listing.listingId, userId: listing.userId });

    const sent = sentRequirement(n, nth(ownerIds, n + 1), now - n);
    const low = Math.round(500 * 400 ** spread(n, 1));
    const requirement = tally.requirement({
      ...sent,
      requirementTypeId: nth(requirementTypes, n).id,
      propertyTypeId: nth(propertyTypes, n * 11).id,
      marketIds: Array.from({ length: 1 + (n % 3) }, (_, i) => nth(markets, n + i * 5).id),
      sqftMin: low,
      sqftMax: Math.round(low * 1.5),
      ...(closed ? { status: 'filled' as const, closedAt } : {}),
    });
    yield requirementItem(requirement);
    if (!closed) {
      yield* requirementIndexItems(requirement as RequirementRecord & { sentAt: string }).filter((item) => item.pk === all);
      if (ids.requirements.length < sample) ids.requirements.push({ requirementId: requirement.requirementId, userId: requirement.userId });
    }
  }
}
