import type { listingCriteria, requirementCriteria } from '@shared/api/schemas/search';
import { textParam, type RawSearch } from './search-params';

/**
 * The browsers' criteria beside their three filters (shared/rules/search.ts), as their URLs hold them: strings,
 * checked by the shared schemas where the page uses them (knownCriteria), not here (the route table loads no zod).
 */
export const listingCriteriaNames = ['markets', 'sizeMin', 'sizeMax', 'priceMin', 'priceMax', 'rateMin', 'rateMax', 'rateFrequencyId', 'leaseTypeId', 'keyword', 'newWithin', 'priceReduced', 'clearHeightMin', 'acresMin', 'unitsMin'] as const satisfies readonly (keyof typeof listingCriteria)[];
export const requirementCriteriaNames = ['markets', 'sizeMin', 'sizeMax', 'fitSqft', 'fitPrice', 'fitRate', 'rateFrequencyId', 'keyword', 'newWithin'] as const satisfies readonly (keyof typeof requirementCriteria)[];
/** A criterion as the router reads it from the URL: `sizeMin=10000` is a number, `priceReduced=true` a boolean. */
export type CriterionParam = string | number | boolean;
export type CriteriaParams<Name extends string> = { [N in Name]?: CriterionParam };

/** The criteria of a URL: numbers, booleans and strings of at most 2,000 characters (a market list is the longest); else dropped. */
export function criteriaParams<Name extends string>(search: RawSearch, names: readonly Name[]): CriteriaParams<Name> {
  const out: CriteriaParams<Name> = {};
  for (const name of names) {
    const value = search[name];
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) out[name] = value;
    else if (textParam(value, 2000)) out[name] = textParam(value, 2000);
  }
  return out;
}

/** An order of the browsers, as the URL holds it (checked where the page uses it). */
export const sortParam = (value: unknown) => textParam(value, 20) || undefined;
