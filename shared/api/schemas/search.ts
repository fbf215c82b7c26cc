import * as z from '../../zod';
import { idsOf, leaseFrequencies, leaseTypes, marketAreas } from '../../catalog';
import { browseSorts, newWithinDays } from '../../rules/search';
import { allOr, text } from './common';

/**
 * The browsers' criteria beside the spec's three filters (shared/rules/search.ts decides what they keep).
 * Each reads from a URL's string or from a saved search's JSON value, and is absent when not set.
 */

/** A submarket, a county without submarkets, or a whole county with submarkets (standing for all of them). */
const areaId = z.enum(idsOf(marketAreas), { error: 'Unknown market.' });
const areaIdsMax = marketAreas.length;

/** Several markets at once: a comma-separated list in a URL, a list in a saved search; empty is none. */
const marketSelection = z.optional(
  z.pipe(
    z.pipe(
      z.union([z.string().check(z.maxLength(2000)), z.array(z.string()).check(z.maxLength(areaIdsMax))]),
      z.transform((value) => {
        const ids = (typeof value === 'string' ? value.split(',') : value).map((id) => id.trim()).filter(Boolean);
        return ids.length ? [...new Set(ids)] : undefined;
      }),
    ),
    z.optional(z.array(areaId).check(z.maxLength(areaIdsMax, `At most ${areaIdsMax} markets.`))),
  ),
);

const amount = (max: number, what: string) =>
  z.optional(z.coerce.number({ error: `${what} must be a number.` }).check(z.nonnegative(`${what} cannot be negative.`), z.maximum(max, `${what} is too large.`)));

const newWithin = z.optional(
  z.pipe(
    z.coerce.number(),
    z.union(
      newWithinDays.map((days) => z.literal(days)),
      { error: `New within ${newWithinDays.join(' or ')} days.` },
    ),
  ),
);

/** "true" (or true) keeps only such items; anything else given is refused, "false" is no filter. */
const flag = z.optional(
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'Use true or false.' }),
    z.transform((value) => (value === true || value === 'true' ? true : undefined)),
  ),
);

const keyword = z.optional(z.pipe(text(100), z.transform((value) => value || undefined)));

const commonCriteria = {
  markets: marketSelection,
  sizeMin: amount(100_000_000, 'Minimum size'),
  sizeMax: amount(100_000_000, 'Maximum size'),
  keyword,
  newWithin,
  /** The frequency the typed lease rates are in; per year when absent. */
  rateFrequencyId: allOr(z.enum(idsOf(leaseFrequencies), { error: 'Unknown lease frequency.' })),
};

/** The Listings browser's criteria beside its three filters. */
export const listingCriteria = {
  ...commonCriteria,
  priceMin: amount(10_000_000_000, 'Minimum price'),
  priceMax: amount(10_000_000_000, 'Maximum price'),
  rateMin: amount(1_000_000, 'Minimum lease rate'),
  rateMax: amount(1_000_000, 'Maximum lease rate'),
  leaseTypeId: allOr(z.enum(idsOf(leaseTypes), { error: 'Unknown lease type.' })),
  priceReduced: flag,
  /** Property facts where they matter: at least this clear height (ft), this many acres, this many units. */
  clearHeightMin: amount(10_000, 'Minimum clear height'),
  acresMin: amount(10_000_000, 'Minimum acres'),
  unitsMin: amount(100_000, 'Minimum units'),
};

/** The Requirements browser's criteria: "fits a listing of N sf at $X" (a sale price or a lease rate per sf). */
export const requirementCriteria = {
  ...commonCriteria,
  fitSqft: amount(100_000_000, 'The listing’s size'),
  fitPrice: amount(10_000_000_000, 'The listing’s price'),
  fitRate: amount(1_000_000, 'The listing’s lease rate'),
};

type Ranges = { sizeMin?: number; sizeMax?: number; priceMin?: number; priceMax?: number; rateMin?: number; rateMax?: number };
const inOrder = (low: keyof Ranges, high: keyof Ranges, message: string) =>
  z.refine((value: unknown) => {
    const r = value as Ranges;
    return r[low] === undefined || r[high] === undefined || r[low] <= r[high];
  }, { path: [high], message });

/** A range whose minimum is above its maximum means nothing: refused, on the maximum. */
export const rangesInOrder = [
  inOrder('sizeMin', 'sizeMax', 'The maximum size must be at least the minimum.'),
  inOrder('priceMin', 'priceMax', 'The maximum price must be at least the minimum.'),
  inOrder('rateMin', 'rateMax', 'The maximum lease rate must be at least the minimum.'),
];

export const browseSort = z._default(z.enum(browseSorts), 'newest');

/** The first page's count of results: exact, or at least `count` when the count stopped at its bound. */
export const searchTotal = z.object({ count: z.number().check(z.int(), z.nonnegative()), exact: z.boolean() });
export type SearchTotal = z.infer<typeof searchTotal>;
