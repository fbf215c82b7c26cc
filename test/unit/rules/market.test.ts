import { describe, expect, it } from 'vitest';
import {
  addInto,
  areasOf,
  cellKey,
  contributionDelta,
  contributions,
  figuresOf,
  leaseRatePerSqftYear,
  listingFacts,
  marketPageAreas,
  medianOf,
  bucketOf,
  pricePerSqft,
  requirementFacts,
  sizeOf,
  weekOf,
  addWeeks,
  type CellValues,
  type ListingMarketSource,
  type RequirementMarketSource,
} from '../../../shared/rules';
import { counties } from '../../../shared/catalog';

const listing = (fields: Partial<ListingMarketSource> = {}): ListingMarketSource => ({
  status: 'published',
  listingTypeId: 'for-lease',
  propertyTypeId: 'office',
  marketId: 'placer-roseville',
  sqft: 10_000,
  minSqft: null,
  maxSqft: null,
  price: null,
  leasePrice: 2,
  leaseFrequencyId: 'monthly',
  publishedOn: '2026-11-24T16:00:00.000Z',
  ...fields,
});

const requirement = (fields: Partial<RequirementMarketSource> = {}): RequirementMarketSource => ({
  status: 'sent',
  requirementTypeId: 'for-lease',
  propertyTypeId: 'office',
  marketIds: ['placer-roseville', 'placer-rocklin'],
  sqftMin: 4_000,
  sqftMax: 6_000,
  sentAt: '2026-11-24T16:00:00.000Z',
  ...fields,
});

/** The sum of every cell an item's facts add to, keyed like the aggregates. */
function totals(...maps: Map<string, CellValues>[]): Map<string, CellValues> {
  const out = new Map<string, CellValues>();
  for (const map of maps) for (const [key, values] of map) addInto(out.get(key) ?? out.set(key, {}).get(key)!, values);
  return out;
}

describe('normalisation', () => {
  it('reads a lease rate per square foot per year, monthly rates times twelve', () => {
    expect(leaseRatePerSqftYear(2, 'monthly')).toBe(24);
    expect(leaseRatePerSqftYear(1.255, 'monthly')).toBe(15.06);
    expect(leaseRatePerSqftYear(24, 'annually')).toBe(24);
    expect(leaseRatePerSqftYear(0, 'annually')).toBeNull();
    expect(leaseRatePerSqftYear(null, 'monthly')).toBeNull();
  });

  it('divides the asking price by the size, only when both are stated', () => {
    expect(pricePerSqft(1_250_000, 5_000)).toBe(250);
    expect(pricePerSqft(1_000_000, 3_000)).toBe(333.33);
    expect(pricePerSqft(null, 5_000)).toBeNull();
    expect(pricePerSqft(1_000_000, null)).toBeNull();
  });

  it('takes the square feet, else the middle of the range, a lone bound as the size', () => {
    expect(sizeOf(8_000, 1_000, 2_000)).toBe(8_000);
    expect(sizeOf(null, 4_000, 6_000)).toBe(5_000);
    expect(sizeOf(null, 4_000, null)).toBe(4_000);
    expect(sizeOf(null, null, 7_000)).toBe(7_000);
    expect(sizeOf(null, null, null)).toBeNull();
  });

  it('weeks start on Monday in Sacramento (a Sunday evening there is still the week before)', () => {
    expect(weekOf('2026-11-25T12:00:00Z')).toBe('2026-11-23');
    expect(weekOf('2026-11-23T08:30:00Z')).toBe('2026-11-23'); // Monday 00:30 Pacific
    expect(weekOf('2026-11-23T07:30:00Z')).toBe('2026-11-16'); // Sunday 23:30 Pacific
    expect(addWeeks('2026-11-23', -51)).toBe('2025-12-01');
  });
});

describe('medians from histograms', () => {
  it('are within 1 % of the exact median, in its bucket; figures show them to 3 significant digits', () => {
    const values = [500, 1_200, 2_500, 4_000, 9_999, 12_000, 70_000];
    const histogram = new Map<number, number>();
    for (const v of values) histogram.set(bucketOf(v), (histogram.get(bucketOf(v)) ?? 0) + 1);
    const median = medianOf(histogram)!;
    expect(Math.abs(median - 4_000) / 4_000).toBeLessThan(0.01);
    expect(bucketOf(median)).toBe(bucketOf(4_000));
  });

  it('take the lower middle of an even count, and nothing of an empty histogram', () => {
    const histogram = new Map([[bucketOf(100), 1], [bucketOf(1_000), 1]]);
    expect(bucketOf(medianOf(histogram)!)).toBe(bucketOf(100));
    expect(medianOf(new Map())).toBeNull();
  });

  it('of a county are those of its submarkets merged', () => {
    const roseville = listingFacts(listing({ sqft: 1_000 }));
    const rocklin = listingFacts(listing({ marketId: 'placer-rocklin', sqft: 3_000 }));
    const both = totals(contributions(roseville), contributions(rocklin));
    const placer = figuresOf(both.get(cellKey('*', '*', 'placer'))!, '2026-11-23');
    expect(Math.abs(placer.listingMedianSqft! - 1_000)).toBeLessThanOrEqual(10);
    expect(placer.listingSqft).toBe(4_000);
    expect(placer.medianLeaseRatePerSqftYear).toBeCloseTo(24, 0);
  });

  it('count land in acres, apart from the buildings’ square feet and their median', () => {
    const office = listingFacts(listing({ sqft: 4_000 }));
    const parcel = listingFacts(listing({ propertyTypeId: 'land', sqft: 522_720 }));
    const region = figuresOf(totals(contributions(office), contributions(parcel)).get(cellKey('*', '*', 'region'))!, '2026-11-23');
    expect(region).toMatchObject({ listings: 2, listingSqft: 4_000, listingAcres: 12 });
    expect(Math.abs(region.listingMedianSqft! - 4_000)).toBeLessThanOrEqual(40);
    expect(figuresOf(contributions(parcel).get(cellKey('land', '*', 'region'))!, '2026-11-23')).toMatchObject({ listings: 1, listingSqft: 0, listingAcres: 12, listingMedianSqft: null });
  });
});

describe('contributions', () => {
  it('count an item once in each of its areas, under its own and the "all" property and deal types', () => {
    const cells = contributions(requirementFacts(requirement()));
    const areas = new Set([...cells.keys()].map((key) => key.split('|')[2]));
    expect([...areas].sort()).toEqual(['placer', 'placer-rocklin', 'placer-roseville', 'region']);
    expect(cells.size).toBe(4 * 4);
    expect(cells.get(cellKey('office', 'for-lease', 'placer'))).toMatchObject({ rq: 1, rqSf: 5_000, rqSized: 1, nR20261123: 1 });
    expect(cells.get(cellKey('*', '*', 'region'))).toMatchObject({ rq: 1 });
  });

  it('a county holds each of its submarkets (⊇) and never more than their sum', () => {
    const items = [
      requirementFacts(requirement()),
      requirementFacts(requirement({ marketIds: ['placer-auburn'] })),
      requirementFacts(requirement({ marketIds: ['sac-midtown', 'placer-lincoln'] })),
      listingFacts(listing()),
      listingFacts(listing({ marketId: 'placer-rocklin', sqft: 2_000 })),
    ];
    const cells = totals(...items.map(contributions));
    for (const county of counties.filter((c) => c.submarkets.length)) {
      const countyCell = figuresOf(cells.get(cellKey('*', '*', county.id)) ?? {}, '2026-11-23');
      const subs = county.submarkets.map((m) => figuresOf(cells.get(cellKey('*', '*', m.id)) ?? {}, '2026-11-23'));
      for (const sub of subs) {
        expect(countyCell.requirements).toBeGreaterThanOrEqual(sub.requirements);
        expect(countyCell.listings).toBeGreaterThanOrEqual(sub.listings);
      }
      expect(countyCell.requirements).toBeLessThanOrEqual(subs.reduce((n, s) => n + s.requirements, 0));
      expect(countyCell.listings).toBe(subs.reduce((n, s) => n + s.listings, 0));
    }
    expect(figuresOf(cells.get(cellKey('*', '*', 'placer'))!, '2026-11-23').requirements).toBe(3);
  });

  it('Sutter and Yuba are counties without submarket cells', () => {
    expect(areasOf(['sutter-county'])).toEqual(['region', 'sutter-county']);
    expect(marketPageAreas.filter((a) => a.id === 'sutter-county').map((a) => a.level)).toEqual(['county']);
  });

  it('a transition adds after − before: filling a requirement moves it from active to filled in its week', () => {
    const sent = requirement();
    const filled = requirement({ status: 'filled', closedAt: '2026-11-26T18:00:00.000Z' });
    const delta = contributionDelta(requirementFacts(sent), requirementFacts(filled));
    expect(delta.get(cellKey('office', 'for-lease', 'placer-roseville'))).toEqual({ rq: -1, rqSf: -5_000, rqSized: -1, [`hR${bucketOf(5_000)}`]: -1, nR20261123: -1, fR20261123: 1 });
    expect(contributionDelta(requirementFacts(sent), requirementFacts(sent)).size).toBe(0);
  });

  it('drafts, queued, expired and withdrawn items count nowhere; a listing without a price has no price per sf', () => {
    expect(listingFacts(listing({ status: 'draft', publishedOn: null }))).toBeNull();
    expect(listingFacts(listing({ status: 'expired' }))).toBeNull();
    expect(requirementFacts(requirement({ status: 'withdrawn', closedAt: '2026-11-26T18:00:00.000Z' }))).toBeNull();
    const figures = figuresOf(contributions(listingFacts(listing())).get(cellKey('*', '*', 'region'))!, '2026-11-23');
    expect(figures).toMatchObject({ listings: 1, listingSqft: 10_000, medianPricePerSqft: null, listingsNew: 1, demandSupplyRatio: 0 });
  });

  it('counts closings of the last 13 weeks only, and a week of the trend only its own', () => {
    const soldLongAgo = listingFacts(listing({ status: 'sold', closedAt: '2026-08-01T18:00:00.000Z' }));
    const soldRecently = listingFacts(listing({ status: 'sold', closedAt: '2026-10-01T18:00:00.000Z' }));
    const cells = totals(contributions(soldLongAgo), contributions(soldRecently));
    const values = cells.get(cellKey('*', '*', 'region'))!;
    expect(figuresOf(values, '2026-11-23').listingsSold).toBe(1);
    expect(figuresOf(values, weekOf('2026-10-01T18:00:00.000Z'), 1).listingsSold).toBe(1);
    expect(figuresOf(values, '2026-11-23', 1).listingsSold).toBe(0);
  });
});
