import {
  counties,
  listingTypes,
  markets,
  propertyTypes,
  type LeaseFrequencyId,
  type ListingTypeId,
  type PropertyTypeId,
  type RequirementTypeId,
} from '../catalog';
import { formatLeaseRate, formatSqft, formatSqftRange, formatWholePrice } from './format';

/**
 * Matching a requirement with a listing. Every weight and tolerance lives here and in
 * docs/DECISIONS.md "Matching"; nothing else decides what a match is.
 *
 * A listing can match a requirement only when the deal fits, the property type is the same and the
 * listing's market is among the requirement's. Then it is scored 0–100: the core criteria (deal, size,
 * price) share 90 points in proportion to their weights among those both sides state; shared words of
 * the highlights and descriptions add up to 10.
 */
export const matchingRules = {
  weights: { deal: 20, size: 40, price: 30 },
  corePoints: 90,
  keywordPoints: 10,
  /** A deal of "For Sale - User" against "For Sale - Investment" (either way) scores this share of the deal weight. */
  partialDealFit: 0.5,
  /** Size outside the requirement's range by up to this share of the nearest bound fits partially; further does not match. */
  sizeTolerance: 0.2,
  /** A size just outside the range scores from 1 down to this at the tolerance. */
  sizeFloor: 0.5,
  /** A price over the budget by up to this share fits partially; further scores nothing (but may still match on the rest). */
  priceTolerance: 0.1,
  priceFloor: 0.5,
  /** Shared words for the full keyword points. */
  keywordsForFull: 3,
  /** Matches below this are not kept or shown. */
  minScore: 60,
  /** A new match at or above this is worth a notice mail to both brokers. */
  noticeScore: 80,
} as const;

export type MatchVerdict = 'fit' | 'partial' | 'miss';
export type MatchCriterion = 'deal' | 'propertyType' | 'market' | 'size' | 'price' | 'keywords';

/** One criterion of a match with its verdict (✓ / ~ / ✗) and the numbers, e.g. "12,400 sf — within 10,000–15,000 sf". */
export interface MatchReason {
  criterion: MatchCriterion;
  verdict: MatchVerdict;
  text: string;
}

export interface MatchResult {
  score: number;
  reasons: MatchReason[];
}

/** What matching reads of a requirement: its gates, size range, budget and the words of its text. */
export interface MatchableRequirement {
  requirementTypeId: RequirementTypeId;
  propertyTypeId: PropertyTypeId;
  marketIds: readonly string[];
  sqftMin: number | null;
  sqftMax: number | null;
  maxPrice: number | null;
  maxLeaseRate: number | null;
  maxLeaseFrequencyId: LeaseFrequencyId | null;
  keywords: readonly string[];
}

/** What matching reads of a listing. */
export interface MatchableListing {
  listingTypeId: ListingTypeId | null;
  propertyTypeId: PropertyTypeId | null;
  marketId: string | null;
  sqft: number | null;
  minSqft: number | null;
  maxSqft: number | null;
  price: number | null;
  leasePrice: number | null;
  leaseFrequencyId: LeaseFrequencyId | null;
  keywords: readonly string[];
}

export const verdictSymbol: Record<MatchVerdict, string> = { fit: '✓', partial: '~', miss: '✗' };

const typeName = (id: string) => listingTypes.find((t) => t.id === id)?.name ?? id;
const propertyTypeName = (id: string) => propertyTypes.find((t) => t.id === id)?.name ?? id;
const marketName = (id: string) => markets.find((m) => m.id === id)?.name ?? id;
const SALE_TYPES: readonly string[] = ['for-sale-user', 'for-sale-investment'];
const EITHER = 'for-sale-or-lease';

/** How well the listing's deal fits the requirement's: 1, a partial share, or null (no match). */
export function dealFit(requirementTypeId: string, listingTypeId: string): number | null {
  if (requirementTypeId === listingTypeId) return 1;
  if (requirementTypeId === EITHER || listingTypeId === EITHER) return 1;
  if (SALE_TYPES.includes(requirementTypeId) && SALE_TYPES.includes(listingTypeId)) return matchingRules.partialDealFit;
  return null;
}

/** The requirement's markets as submarkets: a county id (should one be stored) stands for all its markets. */
export function expandMarkets(marketIds: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const id of marketIds) {
    const county = counties.find((c) => c.id === id);
    if (county && county.submarkets.length > 0) for (const m of markets.filter((x) => x.countyId === id)) out.add(m.id);
    else out.add(id);
  }
  return out;
}

/** The listing's size as a range: its sqft, or its min–max (one side alone is a single size); null if unstated. */
function listingSize(listing: MatchableListing): { low: number; high: number } | null {
  if (listing.sqft != null) return { low: listing.sqft, high: listing.sqft };
  const low = listing.minSqft ?? listing.maxSqft;
  const high = listing.maxSqft ?? listing.minSqft;
  return low != null && high != null ? { low: Math.min(low, high), high: Math.max(low, high) } : null;
}

/** Size fit: 1 when the ranges overlap, sliding to the floor at the tolerance, null beyond (no match). */
export function sizeFit(requirement: Pick<MatchableRequirement, 'sqftMin' | 'sqftMax'>, listing: MatchableListing):
  | { fit: number; reason: MatchReason }
  | 'unstated'
  | null {
  const size = listingSize(listing);
  if (!size || (requirement.sqftMin == null && requirement.sqftMax == null)) return 'unstated';
  const min = requirement.sqftMin ?? 0;
  const max = requirement.sqftMax ?? Number.POSITIVE_INFINITY;
  const shown = size.low === size.high ? `${formatSqft(size.low)} sf` : `${formatSqft(size.low)}–${formatSqft(size.high)} sf`;
  const wanted = formatSqftRange(requirement.sqftMin, requirement.sqftMax).replace(' sqft', ' sf').replace(' - ', '–');
  if (size.low <= max && size.high >= min) {
    return { fit: 1, reason: { criterion: 'size', verdict: 'fit', text: `${shown} — within ${wanted}` } };
  }
  const below = size.high < min;
  const gap = below ? (min - size.high) / min : (size.low - max) / max;
  if (gap > matchingRules.sizeTolerance) return null;
  const fit = 1 - (gap / matchingRules.sizeTolerance) * (1 - matchingRules.sizeFloor);
  const percent = Math.max(1, Math.round(gap * 100));
  return {
    fit,
    reason: { criterion: 'size', verdict: 'partial', text: `${shown} — ${percent}% ${below ? 'under' : 'over'} ${wanted}` },
  };
}

/** A lease rate per square foot as per year (monthly × 12). */
export const leaseRatePerYear = (rate: number, frequencyId: LeaseFrequencyId | null) => (frequencyId === 'monthly' ? rate * 12 : rate);

function overBudgetFit(asked: number, budget: number): { fit: number; verdict: MatchVerdict; over: number } {
  if (asked <= budget) return { fit: 1, verdict: 'fit', over: 0 };
  const over = budget > 0 ? (asked - budget) / budget : Number.POSITIVE_INFINITY;
  if (over > matchingRules.priceTolerance) return { fit: 0, verdict: 'miss', over };
  return { fit: 1 - (over / matchingRules.priceTolerance) * (1 - matchingRules.priceFloor), verdict: 'partial', over };
}

/**
 * Price fit where both sides state one: the sale price against the maximum price, the lease rate (per
 * year, whatever the frequency) against the maximum lease rate. Both stated: the better counts.
 */
export function priceFit(requirement: MatchableRequirement, listing: MatchableListing): { fit: number; reason: MatchReason } | null {
  const options: { fit: number; reason: MatchReason }[] = [];
  if (requirement.maxPrice != null && listing.price != null && listing.price > 0) {
    const { fit, verdict, over } = overBudgetFit(listing.price, requirement.maxPrice);
    const budget = formatWholePrice(requirement.maxPrice);
    const text =
      verdict === 'fit'
        ? `${formatWholePrice(listing.price)} — within the budget of ${budget}`
        : `${formatWholePrice(listing.price)} — ${Math.max(1, Math.round(over * 100))}% over the budget of ${budget}`;
    options.push({ fit, reason: { criterion: 'price', verdict, text } });
  }
  if (requirement.maxLeaseRate != null && listing.leasePrice != null && listing.leasePrice > 0) {
    const asked = leaseRatePerYear(listing.leasePrice, listing.leaseFrequencyId);
    const budget = leaseRatePerYear(requirement.maxLeaseRate, requirement.maxLeaseFrequencyId);
    const { fit, verdict, over } = overBudgetFit(asked, budget);
    const rate = formatLeaseRate(listing.leasePrice, listing.leaseFrequencyId);
    const maximum = formatLeaseRate(requirement.maxLeaseRate, requirement.maxLeaseFrequencyId);
    const text =
      verdict === 'fit'
        ? `${rate} — within the maximum of ${maximum}`
        : `${rate} — ${Math.max(1, Math.round(over * 100))}% over the maximum of ${maximum}`;
    options.push({ fit, reason: { criterion: 'price', verdict, text } });
  }
  return options.sort((a, b) => b.fit - a.fit)[0] ?? null;
}

const STOP_WORDS = new Set(
  'about above after again also been before being below between both could does doing down during each from further have having here into just more most other over same should some such than that their them then there these they this those through under until very were what when where which while will with within would your available space building property great close near sqft square feet feet'.split(
    ' ',
  ),
);

/** The words matching compares: lower case, four letters or more, no common words; at most 60, first first. */
export function keywordsOf(highlights: readonly string[], description: string): string[] {
  const words = `${highlights.join(' ')} ${description}`.toLowerCase().match(/[a-z][a-z0-9-]{3,}/g) ?? [];
  const out = new Set<string>();
  for (const word of words) {
    if (!STOP_WORDS.has(word)) out.add(word);
    if (out.size === 60) break;
  }
  return [...out];
}

function keywordFit(requirement: MatchableRequirement, listing: MatchableListing): { fit: number; reason: MatchReason } {
  const theirs = new Set(listing.keywords);
  const shared = requirement.keywords.filter((w) => theirs.has(w));
  const fit = Math.min(1, shared.length / matchingRules.keywordsForFull);
  const verdict: MatchVerdict = fit === 1 ? 'fit' : fit > 0 ? 'partial' : 'miss';
  const text = shared.length ? `Both mention ${shared.slice(0, 5).map((w) => `“${w}”`).join(', ')}` : 'No highlights in common';
  return { fit, reason: { criterion: 'keywords', verdict, text } };
}

/**
 * The match of a listing with a requirement: its score and reasons, or null when the two cannot match
 * (a gate fails, the size is beyond the tolerance) or score below `matchingRules.minScore`.
 */
export function matchOf(requirement: MatchableRequirement, listing: MatchableListing): MatchResult | null {
  if (!listing.listingTypeId || !listing.propertyTypeId || !listing.marketId) return null;
  const deal = dealFit(requirement.requirementTypeId, listing.listingTypeId);
  if (deal == null) return null;
  if (listing.propertyTypeId !== requirement.propertyTypeId) return null;
  if (!expandMarkets(requirement.marketIds).has(listing.marketId)) return null;
  const size = sizeFit(requirement, listing);
  if (size == null) return null;

  const { weights } = matchingRules;
  const dealReason: MatchReason =
    deal === 1
      ? {
          criterion: 'deal',
          verdict: 'fit',
          text:
            listing.listingTypeId === requirement.requirementTypeId
              ? `${typeName(listing.listingTypeId)} — as required`
              : `${typeName(listing.listingTypeId)} — fits ${typeName(requirement.requirementTypeId)}`,
        }
      : { criterion: 'deal', verdict: 'partial', text: `${typeName(listing.listingTypeId)} — asked: ${typeName(requirement.requirementTypeId)}` };
  const core: { weight: number; fit: number }[] = [{ weight: weights.deal, fit: deal }];
  const reasons: MatchReason[] = [
    dealReason,
    { criterion: 'propertyType', verdict: 'fit', text: propertyTypeName(listing.propertyTypeId) },
    { criterion: 'market', verdict: 'fit', text: `${marketName(listing.marketId)} — in the requirement's markets` },
  ];
  if (size !== 'unstated') {
    core.push({ weight: weights.size, fit: size.fit });
    reasons.push(size.reason);
  }
  const price = priceFit(requirement, listing);
  if (price) {
    core.push({ weight: weights.price, fit: price.fit });
    reasons.push(price.reason);
  }
  const keywords = keywordFit(requirement, listing);
  reasons.push(keywords.reason);

  const coreShare = core.reduce((sum, c) => sum + c.weight * c.fit, 0) / core.reduce((sum, c) => sum + c.weight, 0);
  const score = Math.round(coreShare * matchingRules.corePoints + keywords.fit * matchingRules.keywordPoints);
  return score >= matchingRules.minScore ? { score, reasons } : null;
}

