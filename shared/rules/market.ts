import { counties, markets, propertyTypes, requirementTypes, type LeaseFrequencyId } from '../catalog';
import { marketDay } from './format';
import { leaseRatePerYear } from './matching';

/**
 * Market intelligence: live demand (active requirements) against supply (active listings) for
 * the region, each county and each submarket, by property type and deal type. Pure: the write path, the
 * nightly reconciliation, the API and the web app all read these.
 *
 * Every listing and requirement has "market facts" (what it contributes, or null for nothing), and its
 * facts map to additive contributions to aggregate cells: one cell per area × property type (or all) ×
 * deal type (or all). A change of an item adds the difference of its contributions after and before, so
 * every figure is a sum (counts, square feet, histogram buckets) and nothing is recounted on a write.
 */

/** The whole region: the top of the market tree. */
export const REGION = 'region';
/** "Any property type / deal type" in a cell's key. */
export const ANY = '*';

export type MarketLevel = 'region' | 'county' | 'submarket';

export interface MarketArea {
  /** `region`, a county id or a submarket id (the catalogue keeps them distinct). */
  readonly id: string;
  readonly name: string;
  readonly level: MarketLevel;
  /** The county of a submarket. */
  readonly countyId?: string;
}

/**
 * Every area the Market page shows: the region, the 6 counties, the 36 submarkets. Sutter and Yuba are
 * counties without submarkets: their market id is their county id, so each is one area, a county.
 */
export const marketPageAreas: readonly MarketArea[] = [
  { id: REGION, name: 'Sacramento region', level: 'region' },
  ...counties.map((county) => ({ id: county.id, name: county.name, level: 'county' as const })),
  ...markets.filter((m) => m.id !== m.countyId).map((m) => ({ id: m.id, name: m.name, level: 'submarket' as const, countyId: m.countyId })),
];

const areaById: ReadonlyMap<string, MarketArea> = new Map(marketPageAreas.map((area) => [area.id, area]));
export const marketPageAreaOf = (id: string): MarketArea | undefined => areaById.get(id);
const countyOfMarket: ReadonlyMap<string, string> = new Map(markets.map((m) => [m.id, m.countyId]));

/**
 * The areas an item in `marketIds` counts in, each once: the region, the county of each market, and each
 * market that is a submarket. A requirement naming two submarkets of one county counts once in the county
 * (so a county's figures are never more than the sum of its submarkets', and contain each of them).
 */
export function areasOf(marketIds: readonly string[]): string[] {
  const out = new Set<string>([REGION]);
  for (const id of marketIds) {
    const county = countyOfMarket.get(id);
    if (!county) continue;
    out.add(county);
    if (id !== county) out.add(id);
  }
  return [...out];
}

// ---- weeks ----------------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** The market's week of a moment: the date (YYYY-MM-DD) of its Monday, in Sacramento's time zone. */
export function weekOf(at: string | Date): string {
  const day = Date.parse(`${marketDay(at)}T00:00:00Z`);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The week `weeks` after (negative: before) `week`. */
export function addWeeks(week: string, weeks: number): string {
  return new Date(Date.parse(`${week}T00:00:00Z`) + weeks * 7 * DAY_MS).toISOString().slice(0, 10);
}

/** The trend's weeks: the last 52, oldest first, `now`'s week last. */
export const TREND_WEEKS = 52;
/**
 * "In the last 90 days" is the last 13 weeks, this one included: closings are counted by week, so the
 * window moves a week at a time and a figure does not change overnight without a closing.
 */
export const RECENT_WEEKS = 13;

export function weeksEndingAt(week: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addWeeks(week, i - count + 1));
}

// ---- normalisation ---------------------------------------------------------------------------------------

/** An item's size: its square feet, or the middle of its range (one side alone is the size); null if unstated. */
export function sizeOf(sqft: number | null | undefined, low: number | null | undefined, high: number | null | undefined): number | null {
  if (sqft != null && sqft > 0) return sqft;
  const a = low != null && low > 0 ? low : null;
  const b = high != null && high > 0 ? high : null;
  if (a === null && b === null) return null;
  return Math.round(((a ?? b)! + (b ?? a)!) / 2);
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Asking price per square foot: the price over the size, when both are stated. */
export function pricePerSqft(price: number | null | undefined, size: number | null): number | null {
  return price != null && price > 0 && size ? cents(price / size) : null;
}

/** A lease rate (per square foot, monthly or annually) as per square foot per year. */
export function leaseRatePerSqftYear(rate: number | null | undefined, frequencyId: LeaseFrequencyId | null | undefined): number | null {
  return rate != null && rate > 0 ? cents(leaseRatePerYear(rate, frequencyId ?? null)) : null;
}

// ---- histograms and medians -------------------------------------------------------------------------------

/**
 * Sizes and prices are kept as histograms of logarithmic buckets, each 2 % wider than the one below: a
 * cell holds a bounded set of numbers whatever its item count (a few hundred buckets over the sizes and
 * prices that occur), buckets add up across cells (a county is the sum of its parts) and a median read
 * from them is within 1 % of the exact one, shown to 3 significant digits. (1 % buckets doubled the
 * attributes of a busy cell, and with them the Market page's read time.)
 */
export const BUCKET_BASE = 1.02;

export const bucketOf = (value: number): number => Math.floor(Math.log(value) / Math.log(BUCKET_BASE) + 1e-9);
/** The middle of a bucket (geometric), the value a median in it reads as. */
export const bucketValue = (bucket: number): number => BUCKET_BASE ** (bucket + 0.5);

/** The median of a histogram (bucket → count): the lower middle item's bucket; null when empty. */
export function medianOf(histogram: ReadonlyMap<number, number>): number | null {
  const buckets = [...histogram.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (const [bucket, n] of buckets) {
    seen += n;
    if (seen >= middle) return bucketValue(bucket);
  }
  return null;
}

// ---- facts and contributions --------------------------------------------------------------------------------

/**
 * What one item contributes, stored on it (as JSON, `market`) when counted: the write path adds the
 * difference between these and the facts it computes now, and a retry that finds them equal adds nothing.
 * Short keys: they are kept on every item.
 */
export interface MarketFacts {
  /** listing or requirement */
  k: 'L' | 'R';
  /** property type and deal type (listing type / requirement type) */
  p: string;
  d: string;
  /** its markets */
  m: string[];
  /** Active (published / sent): its size, price per sf, lease rate per sf per year, and the week it went out. */
  a?: { s: number | null; pp: number | null; lr: number | null; w: string };
  /** Closed with a deal (filled, sold, leased) in week `w`. */
  c?: { as: 'filled' | 'sold' | 'leased'; w: string };
}

export interface ListingMarketSource {
  status: string;
  listingTypeId: string | null;
  propertyTypeId: string | null;
  marketId: string | null;
  sqft: number | null;
  minSqft: number | null;
  maxSqft: number | null;
  price: number | null;
  leasePrice: number | null;
  leaseFrequencyId: LeaseFrequencyId | null;
  publishedOn: string | null;
  closedAt?: string | undefined;
}

export interface RequirementMarketSource {
  status: string;
  requirementTypeId: string;
  propertyTypeId: string;
  marketIds: readonly string[];
  sqftMin: number | null;
  sqftMax: number | null;
  sentAt: string | null;
  closedAt?: string | undefined;
}

/** A published listing is supply; a sold or leased one counts in its closing week; anything else, nothing. */
export function listingFacts(listing: ListingMarketSource): MarketFacts | null {
  const { listingTypeId: d, propertyTypeId: p, marketId } = listing;
  if (!d || !p || !marketId) return null;
  const base = { k: 'L' as const, p, d, m: [marketId] };
  if (listing.status === 'published' && listing.publishedOn) {
    const s = sizeOf(listing.sqft, listing.minSqft, listing.maxSqft);
    return { ...base, a: { s, pp: pricePerSqft(listing.price, s), lr: leaseRatePerSqftYear(listing.leasePrice, listing.leaseFrequencyId), w: weekOf(listing.publishedOn) } };
  }
  if ((listing.status === 'sold' || listing.status === 'leased') && listing.closedAt) return { ...base, c: { as: listing.status, w: weekOf(listing.closedAt) } };
  return null;
}

/** A sent requirement is demand; a filled one counts in its closing week; anything else, nothing. */
export function requirementFacts(requirement: RequirementMarketSource): MarketFacts | null {
  const base = { k: 'R' as const, p: requirement.propertyTypeId, d: requirement.requirementTypeId, m: [...requirement.marketIds] };
  if (requirement.status === 'sent' && requirement.sentAt) {
    return { ...base, a: { s: sizeOf(null, requirement.sqftMin, requirement.sqftMax), pp: null, lr: null, w: weekOf(requirement.sentAt) } };
  }
  if (requirement.status === 'filled' && requirement.closedAt) return { ...base, c: { as: 'filled', w: weekOf(requirement.closedAt) } };
  return null;
}

/** The property type whose sizes count in acres, apart from the buildings' square feet. */
export const LAND = 'land';
const SQFT_PER_ACRE = 43_560;
const acres = (sqft: number) => Math.round((sqft / SQFT_PER_ACRE) * 10) / 10;

/** A cell: `<property type or *>|<deal type or *>|<area>`. */
export const cellKey = (propertyTypeId: string, dealTypeId: string, area: string) => `${propertyTypeId}|${dealTypeId}|${area}`;
export function parseCellKey(key: string): { propertyTypeId: string; dealTypeId: string; area: string } {
  const [propertyTypeId, dealTypeId, area] = key.split('|') as [string, string, string];
  return { propertyTypeId, dealTypeId, area };
}

/**
 * A cell's attributes. Stock: `rq`/`ls` active requirements/listings, `rqSf`/`lsSf` the stated square
 * feet of buildings and `rqSized`/`lsSized` how many stated one, `rqLandSf`/`lsLandSf` those of land, `hR`/`hL<bucket>` their size histograms, `hP<bucket>`
 * asking price per sf, `hE<bucket>` lease rate per sf per year. By week (`<YYYYMMDD>` of its Monday):
 * `nR`/`nL<week>` active items that went out that week, `fR`/`sL`/`lL<week>` filled, sold, leased.
 */
export type CellValues = Record<string, number>;

const weekTag = (week: string) => week.replaceAll('-', '');
export const newAttr = (kind: 'R' | 'L', week: string) => `n${kind}${weekTag(week)}`;
const closedAttr: Record<'filled' | 'sold' | 'leased', string> = { filled: 'fR', sold: 'sL', leased: 'lL' };
export const closedAttrOf = (as: 'filled' | 'sold' | 'leased', week: string) => `${closedAttr[as]}${weekTag(week)}`;
/** The week of a by-week attribute, or null for a stock attribute. */
export function weekOfAttr(attr: string): string | null {
  const match = /^(?:nR|nL|fR|sL|lL)(\d{4})(\d{2})(\d{2})$/.exec(attr);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function add(values: CellValues, attr: string, amount: number) {
  values[attr] = (values[attr] ?? 0) + amount;
}

/** What facts add to each of their cells (area × property type or all × deal type or all). */
export function contributions(facts: MarketFacts | null): Map<string, CellValues> {
  const out = new Map<string, CellValues>();
  if (!facts) return out;
  const values: CellValues = {};
  if (facts.a) {
    const { s, pp, lr, w } = facts.a;
    const kind = facts.k === 'R' ? 'rq' : 'ls';
    add(values, kind, 1);
    add(values, newAttr(facts.k, w), 1);
    // Land counts apart, in acres: a 12-acre parcel's 522,720 sq ft would swamp the buildings' square feet.
    if (s && facts.p === LAND) add(values, `${kind}LandSf`, s);
    else if (s) {
      add(values, `${kind}Sf`, s);
      add(values, `${kind}Sized`, 1);
      add(values, `h${facts.k}${bucketOf(s)}`, 1);
    }
    if (pp) add(values, `hP${bucketOf(pp)}`, 1);
    if (lr) add(values, `hE${bucketOf(lr)}`, 1);
  }
  if (facts.c) add(values, closedAttrOf(facts.c.as, facts.c.w), 1);
  for (const area of areasOf(facts.m)) {
    for (const p of [facts.p, ANY]) for (const d of [facts.d, ANY]) out.set(cellKey(p, d, area), values);
  }
  return out;
}

/** What a change of facts adds: after − before, cell by cell, without the zeros. */
export function contributionDelta(before: MarketFacts | null, after: MarketFacts | null): Map<string, CellValues> {
  const out = new Map<string, CellValues>();
  const merge = (map: Map<string, CellValues>, sign: number) => {
    for (const [cell, values] of map) {
      const into = out.get(cell) ?? {};
      for (const [attr, n] of Object.entries(values)) add(into, attr, sign * n);
      out.set(cell, into);
    }
  };
  merge(contributions(after), 1);
  merge(contributions(before), -1);
  for (const [cell, values] of out) {
    for (const attr of Object.keys(values)) if (values[attr] === 0) delete values[attr];
    if (Object.keys(values).length === 0) out.delete(cell);
  }
  return out;
}

/** Adds one cell's values into another (the recount). */
export function addInto(into: CellValues, values: CellValues): void {
  for (const [attr, n] of Object.entries(values)) add(into, attr, n);
}

// ---- figures ---------------------------------------------------------------------------------------------

/** What the Market page shows of one cell (now, or one week of the trend). */
export interface MarketFigures {
  requirements: number;
  /** Square feet of buildings wanted (land is in acres). */
  requirementSqft: number;
  requirementAcres: number;
  requirementMedianSqft: number | null;
  /** Sent this week (trend: that week) and still active. */
  requirementsNew: number;
  /** Filled in the last 13 weeks (trend: that week). */
  requirementsFilled: number;
  listings: number;
  listingSqft: number;
  listingAcres: number;
  listingMedianSqft: number | null;
  medianPricePerSqft: number | null;
  medianLeaseRatePerSqftYear: number | null;
  listingsNew: number;
  listingsSold: number;
  listingsLeased: number;
  /** Active requirements per active listing; null without listings. */
  demandSupplyRatio: number | null;
  /** Square feet wanted per square foot offered; null when none is offered. */
  sqftDemandSupplyRatio: number | null;
}

/** A histogram bucket's attribute (`hR`, `hL`, `hP`, `hE` and its bucket), as opposed to a count. */
export const isHistogramAttr = (attr: string): boolean => /^h[RLPE]-?\d+$/.test(attr);

type HistogramKind = 'R' | 'L' | 'P' | 'E';

/** A cell's four histograms (bucket → count), in one pass over its values. */
function histograms(values: CellValues): Record<HistogramKind, Map<number, number>> {
  const out: Record<HistogramKind, Map<number, number>> = { R: new Map(), L: new Map(), P: new Map(), E: new Map() };
  for (const [attr, n] of Object.entries(values)) if (isHistogramAttr(attr)) out[attr[1] as HistogramKind].set(Number(attr.slice(2)), n);
  return out;
}

/** A median to 3 significant digits (4,000 sq ft, $24.0): the histogram's precision, no false digits. */
const significant = (value: number | null) => (value === null ? null : Number(value.toPrecision(3)));
const ratio = (demand: number, supply: number) => (supply > 0 ? Math.round((demand / supply) * 100) / 100 : null);

/**
 * A cell's figures at `week`: the stock as it is, items new in `week`, and closings in the `closedWeeks`
 * weeks ending with it (13 for the page's "last 90 days", 1 for a week of the trend).
 */
export function figuresOf(values: CellValues, week: string, closedWeeks = RECENT_WEEKS): MarketFigures {
  const v = (attr: string) => values[attr] ?? 0;
  const recent = weeksEndingAt(week, closedWeeks);
  const closed = (as: 'filled' | 'sold' | 'leased') => recent.reduce((sum, w) => sum + v(closedAttrOf(as, w)), 0);
  const h = histograms(values);
  return {
    requirements: v('rq'),
    requirementSqft: v('rqSf'),
    requirementAcres: acres(v('rqLandSf')),
    requirementMedianSqft: significant(medianOf(h.R)),
    requirementsNew: v(newAttr('R', week)),
    requirementsFilled: closed('filled'),
    listings: v('ls'),
    listingSqft: v('lsSf'),
    listingAcres: acres(v('lsLandSf')),
    listingMedianSqft: significant(medianOf(h.L)),
    medianPricePerSqft: significant(medianOf(h.P)),
    medianLeaseRatePerSqftYear: significant(medianOf(h.E)),
    listingsNew: v(newAttr('L', week)),
    listingsSold: closed('sold'),
    listingsLeased: closed('leased'),
    demandSupplyRatio: ratio(v('rq'), v('ls')),
    sqftDemandSupplyRatio: ratio(v('rqSf'), v('lsSf')),
  };
}

/**
 * The attributes figuresOf reads at `week` besides the histograms: what a read that needs no medians
 * projects (a busy cell's histograms are most of its size).
 */
export function countAttributes(week: string): string[] {
  return [
    'rq', 'rqSf', 'rqSized', 'rqLandSf', 'ls', 'lsSf', 'lsSized', 'lsLandSf', newAttr('R', week), newAttr('L', week),
    ...weeksEndingAt(week, RECENT_WEEKS).flatMap((w) => (['filled', 'sold', 'leased'] as const).map((as) => closedAttrOf(as, w))),
  ];
}

/** The property types and deal types a cell can be keyed by: each one, or all (`*`). */
export const marketPropertyTypes = [ANY, ...propertyTypes.map((t) => t.id)];
export const marketDealTypes = [ANY, ...requirementTypes.map((t) => t.id)];
