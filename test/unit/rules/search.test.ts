import { describe, expect, it } from 'vitest';
import { listListingsQuery, listRequirementsQuery, listingsSearchFilters } from '../../../shared/api';
import {
  fits,
  listingFacetsOf,
  marketSlotsOf,
  marketsOfSelection,
  needsRowCheck,
  rankComparator,
  requirementFacetsOf,
  searchParamsOf,
  searchWordsOf,
  statedFacts,
  type ListingFacets,
  type ListingsFilters,
  type RequirementFacets,
  type RequirementsFilters,
} from '../../../shared/rules';

const now = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** A stored listing as the row builders read it. */
const stored = {
  title: 'Warehouse with dock doors',
  description: 'Clear height 24 feet, Rancho Cordova.',
  highlights: ['Fenced yard', 'Near Highway 50'],
  listingTypeId: 'for-lease',
  propertyTypeId: 'industrial',
  marketId: 'sac-rancho-cordova',
  sqft: 12_000,
  minSqft: null,
  maxSqft: null,
  price: null,
  leasePrice: 1.05,
  leaseFrequencyId: 'monthly' as const,
  leaseTypeId: 'nnn',
  publishedOn: daysAgo(3),
  priceHistory: [
    { at: daysAgo(3), price: null, leasePrice: 1.2 },
    { at: daysAgo(1), price: null, leasePrice: 1.05 },
  ],
};
const listing = listingFacetsOf(stored);
const listingFits = (filters: ListingsFilters, item: ListingFacets = listing) => fits({ kind: 'listings', filters }, item, now);

describe('a listing and the listings criteria', () => {
  it.each<[string, ListingsFilters, ListingFacets, boolean]>([
    ['no criteria', {}, listing, true],
    // Size: the listing's sqft, or its min–max, overlapping the range; either end open.
    ['size range holding its sqft', { sizeMin: 10_000, sizeMax: 15_000 }, listing, true],
    ['size range below it', { sizeMax: 11_999 }, listing, false],
    ['size range above it', { sizeMin: 12_001 }, listing, false],
    ['size range ending at its sqft', { sizeMin: 5_000, sizeMax: 12_000 }, listing, true],
    ['min–max overlapping the range from below', { sizeMin: 8_000, sizeMax: 9_000 }, { ...listing, sqft: null, minSqft: 5_000, maxSqft: 8_500 }, true],
    ['min–max wholly below the range', { sizeMin: 9_000 }, { ...listing, sqft: null, minSqft: 5_000, maxSqft: 8_500 }, false],
    ['min–max holding the whole range', { sizeMin: 6_000, sizeMax: 7_000 }, { ...listing, sqft: null, minSqft: 5_000, maxSqft: 8_500 }, true],
    ['only a minimum stated', { sizeMin: 4_000, sizeMax: 6_000 }, { ...listing, sqft: null, minSqft: 5_000, maxSqft: null }, true],
    ['no size at all, a size range set', { sizeMin: 1 }, { ...listing, sqft: null }, false],
    ['no size at all, no size range', {}, { ...listing, sqft: null }, true],
    // Sale price.
    ['a price in range', { priceMin: 1_000_000, priceMax: 2_000_000 }, { ...listing, price: 1_500_000 }, true],
    ['a price over the maximum', { priceMax: 1_000_000 }, { ...listing, price: 1_500_000 }, false],
    ['no price, a price range set', { priceMin: 0 }, listing, false],
    // Lease rate: per sf, compared per year whatever the frequencies.
    ['$1.05/mo under $1.10/mo', { rateMax: 1.1, rateFrequencyId: 'monthly' }, listing, true],
    ['$1.05/mo over $1.00/mo', { rateMax: 1, rateFrequencyId: 'monthly' }, listing, false],
    ['$1.05/mo = $12.60/yr, under $13/yr', { rateMax: 13 }, listing, true],
    ['$1.05/mo = $12.60/yr, over $12/yr', { rateMax: 12, rateFrequencyId: 'annually' }, listing, false],
    ['$12.60/yr at least $12.60/yr', { rateMin: 12.6 }, listing, true],
    ['an annual rate against a monthly range', { rateMin: 1, rateMax: 2, rateFrequencyId: 'monthly' }, { ...listing, leasePrice: 18, leaseFrequencyId: 'annually' }, true],
    ['no lease rate, a rate range set', { rateMax: 100 }, { ...listing, leasePrice: null }, false],
    // Lease type.
    ['its lease type', { leaseTypeId: 'nnn' }, listing, true],
    ['another lease type', { leaseTypeId: 'full-service' }, listing, false],
    ['"ALL" lease types', { leaseTypeId: 'ALL' }, listing, true],
    ['no lease type stated, a lease type set', { leaseTypeId: 'nnn' }, { ...listing, leaseTypeId: null }, false],
    // Keyword over title, description and highlights: each word starts a word of the listing.
    ['a word of the title', { keyword: 'warehouse' }, listing, true],
    ['a word of the description, another case', { keyword: 'CORDOVA' }, listing, true],
    ['a word of a highlight', { keyword: 'fenced' }, listing, true],
    ['the start of a word', { keyword: 'ware' }, listing, true],
    ['the inside of a word', { keyword: 'house' }, listing, false],
    ['two words, both there', { keyword: 'dock yard' }, listing, true],
    ['two words, one missing', { keyword: 'dock office' }, listing, false],
    ['a blank keyword', { keyword: '  ' }, listing, true],
    ['a keyword, a row without words', { keyword: 'dock' }, { ...listing, words: undefined }, false],
    // New in the last 7 / 30 days, and price reduced.
    ['published 3 days ago, new in 7', { newWithin: 7 }, listing, true],
    ['published 8 days ago, new in 7', { newWithin: 7 }, { ...listing, publishedOn: daysAgo(8) }, false],
    ['published 8 days ago, new in 30', { newWithin: 30 }, { ...listing, publishedOn: daysAgo(8) }, true],
    ['price reduced', { priceReduced: true }, listing, true],
    ['price never changed', { priceReduced: true }, { ...listing, priceReduced: false }, false],
    ['a row without the flag', { priceReduced: true }, { ...listing, priceReduced: undefined }, false],
    ['the flag off', { priceReduced: false }, { ...listing, priceReduced: false }, true],
    // Several markets: submarkets and whole counties.
    ['its submarket among several', { markets: ['sac-power-inn', 'sac-rancho-cordova'] }, listing, true],
    ['other submarkets only', { markets: ['sac-power-inn', 'sac-midtown'] }, listing, false],
    ['its whole county', { markets: ['sacramento'] }, listing, true],
    ['another county', { markets: ['placer'] }, listing, false],
    ['a county and a submarket elsewhere', { markets: ['placer', 'sac-rancho-cordova'] }, listing, true],
    ['a county without submarkets', { markets: ['sutter-county'] }, { ...listing, marketId: 'sutter-county' }, true],
    ['the spec filter inside the selection', { marketId: 'sac-rancho-cordova', markets: ['sacramento'] }, listing, true],
    ['the spec filter outside the selection', { marketId: 'sac-rancho-cordova', markets: ['placer'] }, listing, false],
    // Property facts where they matter: only a fact of the listing's own type counts.
    ['clear height at least 24 ft', { clearHeightMin: 24 }, { ...listing, clearHeightFt: 26 }, true],
    ['clear height below', { clearHeightMin: 24 }, { ...listing, clearHeightFt: 20 }, false],
    ['clear height not stated', { clearHeightMin: 1 }, listing, false],
    ['acres at least', { acresMin: 5 }, { ...listing, acres: 5 }, true],
    ['units below', { unitsMin: 50 }, { ...listing, units: 12 }, false],
    // The question of the brief: 12,000 sf industrial in Rancho Cordova or Power Inn under $1.10/sf NNN.
    [
      'the whole question',
      { propertyTypeId: 'industrial', markets: ['sac-rancho-cordova', 'sac-power-inn'], sizeMin: 12_000, sizeMax: 12_000, rateMax: 1.1, rateFrequencyId: 'monthly', leaseTypeId: 'nnn' },
      listing,
      true,
    ],
  ])('%s', (_name, filters, item, expected) => expect(listingFits(filters, item)).toBe(expected));
});

const requirementStored = {
  title: 'Distribution space near Highway 50',
  description: 'Dock-high doors needed.',
  highlights: ['Power 2000 amps'],
  requirementTypeId: 'for-lease',
  propertyTypeId: 'industrial',
  marketIds: ['sac-rancho-cordova', 'sac-power-inn'],
  sqftMin: 10_000,
  sqftMax: 15_000,
  maxPrice: null,
  maxLeaseRate: 1.1,
  maxLeaseFrequencyId: 'monthly',
  sentAt: daysAgo(10),
};
const requirement = requirementFacetsOf(requirementStored);
const requirementFits = (filters: RequirementsFilters, item: RequirementFacets = requirement) => fits({ kind: 'requirements', filters }, item, now);

describe('a requirement and the requirements criteria', () => {
  it.each<[string, RequirementsFilters, RequirementFacets, boolean]>([
    ['no criteria', {}, requirement, true],
    ['a size range overlapping its range', { sizeMin: 14_000, sizeMax: 20_000 }, requirement, true],
    ['a size range above its range', { sizeMin: 15_001 }, requirement, false],
    ['a size range below, its minimum open', { sizeMax: 5_000 }, { ...requirement, sqftMin: null }, true],
    ['no size range of its own, a size range set', { sizeMin: 1 }, { ...requirement, sqftMin: null, sqftMax: null }, false],
    // "Fits a listing of N sf at $X".
    ['a listing inside its range', { fitSqft: 12_000 }, requirement, true],
    ['a listing at its maximum', { fitSqft: 15_000 }, requirement, true],
    ['a listing too big', { fitSqft: 15_001 }, requirement, false],
    ['a listing, its maximum open', { fitSqft: 90_000 }, { ...requirement, sqftMax: null }, true],
    ['a listing, no range stated', { fitSqft: 12_000 }, { ...requirement, sqftMin: null, sqftMax: null }, false],
    ['a rate within its budget, the same frequency', { fitRate: 1.05, rateFrequencyId: 'monthly' }, requirement, true],
    ['a rate over its budget', { fitRate: 1.2, rateFrequencyId: 'monthly' }, requirement, false],
    ['an annual rate against its monthly budget ($13.20/yr)', { fitRate: 13 }, requirement, true],
    ['an annual rate over its monthly budget', { fitRate: 13.5, rateFrequencyId: 'annually' }, requirement, false],
    ['a price, no price budget stated', { fitPrice: 1_000_000 }, requirement, false],
    ['a price within its budget', { fitPrice: 1_000_000 }, { ...requirement, maxPrice: 1_200_000 }, true],
    ['N sf at $X together', { fitSqft: 12_000, fitRate: 1.1, rateFrequencyId: 'monthly' }, requirement, true],
    ['a keyword of the description', { keyword: 'dock' }, requirement, true],
    ['a keyword of a highlight', { keyword: 'amps' }, requirement, true],
    ['a keyword it lacks', { keyword: 'office' }, requirement, false],
    ['sent 10 days ago, new in 7', { newWithin: 7 }, requirement, false],
    ['sent 10 days ago, new in 30', { newWithin: 30 }, requirement, true],
    ['one of its markets among several', { markets: ['sac-power-inn', 'placer-roseville'] }, requirement, true],
    ['its county', { markets: ['sacramento'] }, requirement, true],
    ['none of its markets', { markets: ['placer', 'yolo-davis'] }, requirement, false],
    ['a row without its markets, its partition answering', { markets: ['sacramento'] }, { ...requirement, marketIds: undefined }, true],
    ['a row without the budget, a rate to fit', { fitRate: 1 }, { ...requirement, maxLeaseRate: undefined }, false],
  ])('%s', (_name, filters, item, expected) => expect(requirementFits(filters, item)).toBe(expected));
});

describe('the markets a search reads', () => {
  it('a county stands for its submarkets, in catalogue order, each once', () => {
    expect(marketsOfSelection(['yolo', 'yolo-davis'])).toEqual(['yolo-davis', 'yolo-west-sacramento', 'yolo-woodland', 'yolo-outlier-yolo-county']);
    expect(marketsOfSelection(['sutter-county'])).toEqual(['sutter-county']);
    expect(marketsOfSelection(['sacramento'])).toHaveLength(21);
    expect(marketsOfSelection(undefined)).toEqual([]);
  });

  it.each<[string, Parameters<typeof marketSlotsOf>[0], (string | null)[]]>([
    ['nothing: every market', {}, [null]],
    ['the spec filter', { marketId: 'sac-midtown' }, ['sac-midtown']],
    ['a selection', { markets: ['sac-midtown', 'placer-lincoln'] }, ['sac-midtown', 'placer-lincoln']],
    ['both, the filter inside', { marketId: 'sac-midtown', markets: ['sacramento'] }, ['sac-midtown']],
    ['both, the filter outside: none', { marketId: 'sac-midtown', markets: ['placer'] }, []],
  ])('%s', (_name, filters, slots) => expect(marketSlotsOf(filters)).toEqual(slots));
});

describe('the facets and the row check', () => {
  it('the words are folded, each once, bounded', () => {
    expect(searchWordsOf({ title: 'Café Space', description: 'café, CAFE and more', highlights: ['Patio'] })).toBe(' cafe space patio and more');
    const long = searchWordsOf({ title: '', description: Array.from({ length: 2000 }, (_, i) => `word${i}`).join(' '), highlights: [] });
    expect(long.length).toBeLessThanOrEqual(2000);
    expect(long.startsWith(' word0 word1 ')).toBe(true);
  });

  it('a fact counts only where the property type states it', () => {
    expect(listingFacetsOf({ ...stored, facts: { clearHeightFt: 24, acres: 3, units: 10 } })).toMatchObject({ clearHeightFt: 24, acres: null, units: null });
    expect(listingFacetsOf({ ...stored, propertyTypeId: 'land', facts: { clearHeightFt: 24, acres: 3 } })).toMatchObject({ clearHeightFt: null, acres: 3 });
    expect(listingFacetsOf({ ...stored, facts: undefined }).clearHeightFt).toBeNull();
    expect(statedFacts('office', { buildingClass: 'A', floors: 12, clearHeightFt: 30, yearBuilt: 1998, apn: '001-0020-003' })).toEqual([
      { id: 'buildingClass', name: 'Building class', value: 'Class A' },
      { id: 'floors', name: 'Floors', value: '12' },
      { id: 'yearBuilt', name: 'Year built', value: '1998' },
      { id: 'apn', name: 'APN', value: '001-0020-003' },
    ]);
    expect(statedFacts(null, { floors: 3 })).toEqual([]);
  });

  it('a price reduction is the last price change going down', () => {
    expect(listing.priceReduced).toBe(true);
    expect(listingFacetsOf({ ...stored, priceHistory: [...stored.priceHistory, { at: daysAgo(0), price: null, leasePrice: 1.3 }] }).priceReduced).toBe(false);
    expect(listingFacetsOf({ ...stored, priceHistory: undefined }).priceReduced).toBe(false);
  });

  it('only criteria beyond the partitions need each row checked', () => {
    expect(needsRowCheck({ listingTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'sac-midtown', markets: ['placer'], rateFrequencyId: 'monthly' })).toBe(false);
    expect(needsRowCheck({ keyword: 'dock' })).toBe(true);
    expect(needsRowCheck({ sizeMin: 0 })).toBe(true);
    expect(needsRowCheck({ priceReduced: false, keyword: undefined })).toBe(false);
  });
});

describe('the ranked orders', () => {
  const items: ListingFacets[] = [
    { ...listing, price: 300, sqft: 10 },
    { ...listing, price: null, sqft: 30 },
    { ...listing, price: 100, sqft: null, minSqft: 5, maxSqft: 50 },
  ];
  it.each<[Parameters<typeof rankComparator>[1], (number | null | undefined)[], (item: ListingFacets) => number | null | undefined]>([
    ['priceAsc', [100, 300, null], (item) => item.price],
    ['priceDesc', [300, 100, null], (item) => item.price],
    ['sizeDesc', [50, 30, 10], (item) => item.sqft ?? item.maxSqft],
  ])('%s: values in order, unknown last', (sort, expected, value) => {
    expect([...items].sort(rankComparator('listings', sort)).map(value)).toEqual(expected);
  });
  it('a lease rate ranks per year', () => {
    const monthly = { ...listing, leasePrice: 1.5, leaseFrequencyId: 'monthly' };
    const annual = { ...listing, leasePrice: 15, leaseFrequencyId: 'annually' };
    expect([monthly, annual].sort(rankComparator('listings', 'rateAsc'))).toEqual([annual, monthly]);
  });
});

describe('the criteria as the URL and a saved search hold them', () => {
  it('reads a URL’s strings and a saved search’s values alike', () => {
    const fromUrl = listListingsQuery.parse({ markets: 'sacramento,placer-lincoln', sizeMin: '12000', rateMax: '1.10', rateFrequencyId: 'monthly', priceReduced: 'true', newWithin: '7', keyword: ' dock ' });
    expect(fromUrl).toMatchObject({ markets: ['sacramento', 'placer-lincoln'], sizeMin: 12_000, rateMax: 1.1, rateFrequencyId: 'monthly', priceReduced: true, newWithin: 7, keyword: 'dock', sort: 'newest' });
    const saved = listingsSearchFilters.parse({ markets: ['sacramento', 'placer-lincoln'], sizeMin: 12_000, priceReduced: true, newWithin: 7 });
    expect(saved).toMatchObject({ markets: ['sacramento', 'placer-lincoln'], sizeMin: 12_000, priceReduced: true, newWithin: 7 });
    expect(listListingsQuery.parse({ priceReduced: 'false', markets: '', keyword: '' })).toMatchObject({ priceReduced: undefined, markets: undefined, keyword: undefined });
    expect(searchParamsOf(saved)).toEqual({ markets: 'sacramento,placer-lincoln', sizeMin: '12000', priceReduced: 'true', newWithin: '7' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown market', { markets: 'sac-nowhere' }, 'Unknown market.'],
    ['a negative size', { sizeMin: '-1' }, 'Minimum size cannot be negative.'],
    ['not a number', { priceMax: 'cheap' }, 'Maximum price must be a number.'],
    ['a range upside down', { sizeMin: '20000', sizeMax: '10000' }, 'The maximum size must be at least the minimum.'],
    ['a rate range upside down', { rateMin: '2', rateMax: '1' }, 'The maximum lease rate must be at least the minimum.'],
    ['another recency', { newWithin: '14' }, 'New within 7 or 30 days.'],
    ['a flag that is not one', { priceReduced: 'yes' }, 'Use true or false.'],
    ['an unknown order', { sort: 'cheapest' }, ''],
  ])('refuses %s', (_name, query, message) => {
    const parsed = listListingsQuery.safeParse(query);
    expect(parsed.success).toBe(false);
    if (message) expect(parsed.error!.issues.map((issue) => issue.message)).toContain(message);
  });

  it('the requirements browser takes its own criteria, not a listing’s', () => {
    expect(listRequirementsQuery.parse({ fitSqft: '12000', fitRate: '1.1', rateFrequencyId: 'monthly', sort: 'sizeDesc' })).toMatchObject({ fitSqft: 12_000, fitRate: 1.1, sort: 'sizeDesc' });
    expect(listRequirementsQuery.parse({ priceReduced: 'true' })).not.toHaveProperty('priceReduced');
  });
});
