import { ALL, counties, factsOfPropertyType, markets as marketCatalogue, type LeaseFrequencyId, type PropertyFactId } from '../catalog';
import { lastPriceChange, type PricePoint } from './lifecycle';
import type { ListingMarketSource } from './market';
import { leaseRatePerYear } from './matching';

/**
 * What the Listings and Requirements browsers, saved searches, their instant alerts and the digest all ask
 * of an item: one predicate (`fits`), fed the same facets on every path. The browser reads them from the
 * browse index rows, which the row builders fill with `listingFacetsOf` / `requirementFacetsOf`; the
 * alerts and the digest compute them from the stored item with the same functions.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** "New in the last 7 / 30 days". */
export const newWithinDays = [7, 30] as const;
/** The words of an item kept for the keyword search: distinct, folded, in order, up to this many characters. */
export const SEARCH_WORDS_MAX_CHARS = 2000;

/** A listing as every search reads it. An index row may lack the fields after the spec's three: unknown. */
export interface ListingFacets {
  listingTypeId: string | null;
  propertyTypeId: string | null;
  marketId: string | null;
  sqft?: number | null;
  minSqft?: number | null;
  maxSqft?: number | null;
  price?: number | null;
  leasePrice?: number | null;
  leaseFrequencyId?: string | null;
  leaseTypeId?: string | null;
  /** The keyword search's words (searchWordsOf): space-separated, with a space before each. */
  words?: string;
  publishedOn?: string | null;
  priceReduced?: boolean;
  /** Property facts of its type the browser filters by (null: not stated, or not a fact of its type). */
  clearHeightFt?: number | null;
  acres?: number | null;
  units?: number | null;
}

/** A requirement as every search reads it; as for listings, a row may lack the fields after the spec's three. */
export interface RequirementFacets {
  requirementTypeId: string | null;
  propertyTypeId: string | null;
  /** Absent on a row that does not carry it: the partition the row was read from answers the market. */
  marketIds?: readonly (string | null)[];
  sqftMin?: number | null;
  sqftMax?: number | null;
  maxPrice?: number | null;
  maxLeaseRate?: number | null;
  maxLeaseFrequencyId?: string | null;
  words?: string;
  sentAt?: string | null;
}

type Filter = string | null | undefined;
type Amount = number | null | undefined;

/** The criteria both browsers share beside the spec's three filters. */
interface CommonCriteria {
  /** Submarkets and whole counties (a county id stands for all its submarkets), any of them. */
  markets?: readonly string[] | null;
  /** A size range in sf; either end may be open. */
  sizeMin?: Amount;
  sizeMax?: Amount;
  keyword?: string | null;
  /** Made public in the last 7 or 30 days. */
  newWithin?: number | null;
  /** The frequency the criteria's lease rates are typed in (absent: per year). */
  rateFrequencyId?: LeaseFrequencyId | null;
}

/** A Listings browser search: the spec's filters (absent, null or "ALL": no filter) and the criteria beside them. */
export interface ListingsFilters extends CommonCriteria {
  listingTypeId?: Filter;
  propertyTypeId?: Filter;
  marketId?: Filter;
  priceMin?: Amount;
  priceMax?: Amount;
  /** Lease rate per sf, in `rateFrequencyId`, compared per year. */
  rateMin?: Amount;
  rateMax?: Amount;
  leaseTypeId?: Filter;
  priceReduced?: boolean | null;
  /** At least this clear height (ft), this many acres, this many units. */
  clearHeightMin?: Amount;
  acresMin?: Amount;
  unitsMin?: Amount;
}

/** A Requirements browser search; "fits a listing of N sf at $X": `fitSqft` and a sale price or a lease rate. */
export interface RequirementsFilters extends CommonCriteria {
  requirementTypeId?: Filter;
  propertyTypeId?: Filter;
  marketId?: Filter;
  fitSqft?: Amount;
  fitPrice?: Amount;
  fitRate?: Amount;
}

const unset = (value: Filter): value is null | undefined | '' => !value || value === ALL;
const given = (value: Amount): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * One filter slot as the browse index answers it (lambdas/data/browse-index.ts): no filter takes every item;
 * a filter takes the items with that very id. An item without a value (or "ALL") sits in the `*` slot
 * only, so a filter never takes it.
 */
const slotFits = (filter: Filter, values: readonly Filter[]) => unset(filter) || values.some((value) => !unset(value) && value === filter);

const countyMarkets: ReadonlyMap<string, readonly string[]> = new Map(
  counties.map((county) => [county.id, marketCatalogue.filter((m) => m.countyId === county.id).map((m) => m.id)]),
);

/** The markets a selection names: a county stands for its submarkets; catalogue order, each once. Empty: no selection. */
export function marketsOfSelection(selection: readonly string[] | null | undefined): string[] {
  const chosen = new Set((selection ?? []).flatMap((id) => countyMarkets.get(id) ?? [id]));
  return marketCatalogue.filter((m) => chosen.has(m.id)).map((m) => m.id);
}

/**
 * The market slots a search reads: the one market of the spec's filter, the markets of the selection, or
 * both (then the filter's market only if the selection holds it: none otherwise); [null] for no market at all.
 */
export function marketSlotsOf(filters: { marketId?: Filter; markets?: readonly string[] | null }): (string | null)[] {
  const selected = marketsOfSelection(filters.markets);
  if (unset(filters.marketId)) return selected.length ? selected : [null];
  return selected.length && !selected.includes(filters.marketId) ? [] : [filters.marketId];
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const wordsIn = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** An item's words for the keyword search: title, description and highlights, folded, each once, bounded. */
export function searchWordsOf(item: { title: string; description: string; highlights: readonly string[] }): string {
  const seen = new Set<string>();
  let out = '';
  for (const word of wordsIn([item.title, ...item.highlights, item.description].join(' '))) {
    if (seen.has(word)) continue;
    if (out.length + word.length + 1 > SEARCH_WORDS_MAX_CHARS) break;
    seen.add(word);
    out += ` ${word}`;
  }
  return out;
}

/** Every word of the keyword starts a word of the item ("ware" finds "warehouse"); an empty keyword takes all. */
function keywordFits(keyword: string | null | undefined, words: string | undefined): boolean {
  const wanted = wordsIn(keyword ?? '');
  if (wanted.length === 0) return true;
  return words !== undefined && wanted.every((word) => words.includes(` ${word}`));
}

/** Within [min, max], either open; an unknown value fails a range that is set. */
function inRange(value: Amount, min: Amount, max: Amount): boolean {
  if (!given(min) && !given(max)) return true;
  if (!given(value)) return false;
  return (!given(min) || value >= min) && (!given(max) || value <= max);
}

/**
 * The sizes an item spans overlap [min, max]: a listing's sqft or its min–max, a requirement's range; an
 * end the item leaves open reaches as far as needed. An item with no size fails a size range that is set.
 */
function spanOverlaps(span: { low: Amount; high: Amount }[], min: Amount, max: Amount): boolean {
  if (!given(min) && !given(max)) return true;
  return span.some(({ low, high }) => {
    if (!given(low) && !given(high)) return false;
    return (!given(max) || !given(low) || low <= max) && (!given(min) || !given(high) || high >= min);
  });
}

const perYear = (rate: Amount, frequencyId: string | null | undefined): Amount =>
  given(rate) ? leaseRatePerYear(rate, frequencyId === 'monthly' ? 'monthly' : 'annually') : null;

function isNew(publicAt: string | null | undefined, days: number | null | undefined, now: Date): boolean {
  if (!days) return true;
  return !!publicAt && publicAt >= new Date(now.getTime() - days * DAY_MS).toISOString();
}

function listingFits(filters: ListingsFilters, listing: ListingFacets, now: Date): boolean {
  const rateFrequency = filters.rateFrequencyId ?? 'annually';
  return (
    slotFits(filters.listingTypeId, [listing.listingTypeId]) &&
    slotFits(filters.propertyTypeId, [listing.propertyTypeId]) &&
    marketSlotsOf(filters).some((slot) => slotFits(slot, [listing.marketId])) &&
    spanOverlaps(
      [
        { low: listing.sqft, high: listing.sqft },
        { low: listing.minSqft ?? listing.maxSqft, high: listing.maxSqft ?? listing.minSqft },
      ],
      filters.sizeMin,
      filters.sizeMax,
    ) &&
    inRange(listing.price, filters.priceMin, filters.priceMax) &&
    inRange(perYear(listing.leasePrice, listing.leaseFrequencyId), perYear(filters.rateMin, rateFrequency), perYear(filters.rateMax, rateFrequency)) &&
    slotFits(filters.leaseTypeId, [listing.leaseTypeId]) &&
    keywordFits(filters.keyword, listing.words) &&
    isNew(listing.publishedOn, filters.newWithin, now) &&
    (!filters.priceReduced || listing.priceReduced === true) &&
    inRange(listing.clearHeightFt, filters.clearHeightMin, null) &&
    inRange(listing.acres, filters.acresMin, null) &&
    inRange(listing.units, filters.unitsMin, null)
  );
}

/** The requirement takes a listing of `sqft`: its range holds it (an open end holds all beyond); no range, no. */
function takesSize(requirement: RequirementFacets, sqft: Amount): boolean {
  if (!given(sqft)) return true;
  const { sqftMin, sqftMax } = requirement;
  if (!given(sqftMin) && !given(sqftMax)) return false;
  return (!given(sqftMin) || sqft >= sqftMin) && (!given(sqftMax) || sqft <= sqftMax);
}

/** Its budget reaches `asked` (both per year for a rate); no budget stated, no. */
const budgetReaches = (budget: Amount, asked: Amount) => !given(asked) || (given(budget) && budget >= asked);

function requirementFits(filters: RequirementsFilters, requirement: RequirementFacets, now: Date): boolean {
  const slots = marketSlotsOf(filters);
  return (
    slotFits(filters.requirementTypeId, [requirement.requirementTypeId]) &&
    slotFits(filters.propertyTypeId, [requirement.propertyTypeId]) &&
    slots.length > 0 &&
    (requirement.marketIds === undefined || slots.some((slot) => slotFits(slot, requirement.marketIds!))) &&
    spanOverlaps([{ low: requirement.sqftMin, high: requirement.sqftMax }], filters.sizeMin, filters.sizeMax) &&
    takesSize(requirement, filters.fitSqft) &&
    budgetReaches(requirement.maxPrice, filters.fitPrice) &&
    budgetReaches(perYear(requirement.maxLeaseRate, requirement.maxLeaseFrequencyId), perYear(filters.fitRate, filters.rateFrequencyId)) &&
    keywordFits(filters.keyword, requirement.words) &&
    isNew(requirement.sentAt, filters.newWithin, now)
  );
}

/** What the browse index's partitions answer by themselves: the spec's three filters, the markets, and the rates' unit. */
const PARTITION_CRITERIA: ReadonlySet<string> = new Set(['listingTypeId', 'requirementTypeId', 'propertyTypeId', 'marketId', 'markets', 'rateFrequencyId']);

/** Whether a search keeps less than its partitions hold: then each row read is checked with `fits`. */
export function needsRowCheck(filters: ListingsFilters | RequirementsFilters): boolean {
  return Object.entries(filters).some(([name, value]) => !PARTITION_CRITERIA.has(name) && value !== undefined && value !== null && value !== '' && value !== false);
}

/**
 * Whether an item fits a search at `now`: exactly when the browser with those criteria lists it. Only the
 * criteria: whether the item is public (a listing published, a requirement sent and active) is the
 * caller's to know.
 */
export function fits(search: { kind: 'listings'; filters: ListingsFilters }, item: ListingFacets, now: Date): boolean;
export function fits(search: { kind: 'requirements'; filters: RequirementsFilters }, item: RequirementFacets, now: Date): boolean;
export function fits(
  search: { kind: 'listings'; filters: ListingsFilters } | { kind: 'requirements'; filters: RequirementsFilters },
  item: ListingFacets | RequirementFacets,
  now: Date,
): boolean {
  return search.kind === 'listings' ? listingFits(search.filters, item as ListingFacets, now) : requirementFits(search.filters, item as RequirementFacets, now);
}

/** The stored listing fields the facets come from: those the market counts, with its words, lease type, prices and facts. */
export interface ListingFacetSource extends Omit<ListingMarketSource, 'status' | 'closedAt'> {
  title: string;
  description: string;
  highlights: readonly string[];
  leaseTypeId: string | null;
  priceHistory?: readonly PricePoint[];
  /** Absent on a listing that states no property facts. */
  facts?: Partial<Record<PropertyFactId, unknown>>;
}

/** A number-valued fact the listing states for its property type, else null. */
function statedNumber(listing: ListingFacetSource, id: PropertyFactId): number | null {
  const value = listing.facts?.[id];
  return typeof value === 'number' && factsOfPropertyType(listing.propertyTypeId).some((fact) => fact.id === id) ? value : null;
}

/** What a search reads of a listing (the browse index row holds exactly this). */
export function listingFacetsOf(listing: ListingFacetSource): Required<ListingFacets> {
  return {
    listingTypeId: listing.listingTypeId,
    propertyTypeId: listing.propertyTypeId,
    marketId: listing.marketId,
    sqft: listing.sqft,
    minSqft: listing.minSqft,
    maxSqft: listing.maxSqft,
    price: listing.price,
    leasePrice: listing.leasePrice,
    leaseFrequencyId: listing.leaseFrequencyId,
    leaseTypeId: listing.leaseTypeId,
    words: searchWordsOf(listing),
    publishedOn: listing.publishedOn,
    priceReduced: lastPriceChange(listing.priceHistory ?? [])?.direction === 'reduced',
    clearHeightFt: statedNumber(listing, 'clearHeightFt'),
    acres: statedNumber(listing, 'acres'),
    units: statedNumber(listing, 'units'),
  };
}

/** The stored requirement fields the facets come from. */
export interface RequirementFacetSource {
  title: string;
  description: string;
  highlights: readonly string[];
  requirementTypeId: string;
  propertyTypeId: string;
  marketIds: readonly string[];
  sqftMin: number | null;
  sqftMax: number | null;
  maxPrice?: number | null;
  maxLeaseRate?: number | null;
  maxLeaseFrequencyId?: string | null;
  sentAt: string | null;
}

/** What a search reads of a requirement (the browse index row holds exactly this). */
export function requirementFacetsOf(requirement: RequirementFacetSource): Required<RequirementFacets> {
  return {
    requirementTypeId: requirement.requirementTypeId,
    propertyTypeId: requirement.propertyTypeId,
    marketIds: requirement.marketIds,
    sqftMin: requirement.sqftMin,
    sqftMax: requirement.sqftMax,
    maxPrice: requirement.maxPrice ?? null,
    maxLeaseRate: requirement.maxLeaseRate ?? null,
    maxLeaseFrequencyId: requirement.maxLeaseFrequencyId ?? null,
    words: searchWordsOf(requirement),
    sentAt: requirement.sentAt,
  };
}

/** The browsers' orders: newest first (the spec's), longest on BISN first, or by price, lease rate or size. */
export const browseSorts = ['newest', 'daysOnBisn', 'priceAsc', 'priceDesc', 'rateAsc', 'rateDesc', 'sizeAsc', 'sizeDesc'] as const;
export type BrowseSort = (typeof browseSorts)[number];
/** The orders a browse index gives; the others rank a bounded set of results in memory. */
export type IndexSort = Extract<BrowseSort, 'newest' | 'daysOnBisn'>;
export const isIndexSort = (sort: BrowseSort): sort is IndexSort => sort === 'newest' || sort === 'daysOnBisn';

type RankedSort = Exclude<BrowseSort, IndexSort>;
const rankOf: Record<RankedSort, { listing: (item: ListingFacets) => Amount; requirement: (item: RequirementFacets) => Amount; descending: boolean }> = {
  priceAsc: { listing: (l) => l.price, requirement: (r) => r.maxPrice, descending: false },
  priceDesc: { listing: (l) => l.price, requirement: (r) => r.maxPrice, descending: true },
  rateAsc: { listing: (l) => perYear(l.leasePrice, l.leaseFrequencyId), requirement: (r) => perYear(r.maxLeaseRate, r.maxLeaseFrequencyId), descending: false },
  rateDesc: { listing: (l) => perYear(l.leasePrice, l.leaseFrequencyId), requirement: (r) => perYear(r.maxLeaseRate, r.maxLeaseFrequencyId), descending: true },
  sizeAsc: { listing: (l) => l.sqft ?? l.maxSqft ?? l.minSqft, requirement: (r) => r.sqftMax ?? r.sqftMin, descending: false },
  sizeDesc: { listing: (l) => l.sqft ?? l.maxSqft ?? l.minSqft, requirement: (r) => r.sqftMax ?? r.sqftMin, descending: true },
};

/** A comparator for a ranked order: items without the value last, ties in the order given (newest first). */
export function rankComparator(kind: 'listings', sort: RankedSort): (a: ListingFacets, b: ListingFacets) => number;
export function rankComparator(kind: 'requirements', sort: RankedSort): (a: RequirementFacets, b: RequirementFacets) => number;
export function rankComparator(kind: 'listings' | 'requirements', sort: RankedSort): (a: never, b: never) => number {
  const rank = rankOf[sort];
  const value = (kind === 'listings' ? rank.listing : rank.requirement) as (item: unknown) => Amount;
  return (a, b) => {
    const [x, y] = [value(a), value(b)];
    if (!given(x) || !given(y)) return Number(!given(x)) - Number(!given(y));
    return rank.descending ? y - x : x - y;
  };
}

/** A search's criteria as a browser's URL holds them: set values only, lists comma-separated. */
export function searchParamsOf(filters: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || value === false || value === ALL) continue;
    if (Array.isArray(value)) {
      if (value.length) out[name] = value.join(',');
    } else out[name] = String(value);
  }
  return out;
}
