import { browseSorts, type BrowseSort } from '@shared/rules/search';
import { oneOf } from '@/lib/search-params';
import type { CriterionParam } from '@/lib/search-criteria-params';

/**
 * The criteria as the browsers' URLs hold them, without the shared schemas: the browse pages render with this
 * module, and load the schemas (./criteria) only for a URL that has criteria or when More filters opens.
 */
export type SearchKind = 'listings' | 'requirements';

/** More filters' props: the browser, the URL's criteria (as strings) and what applies new ones. */
export interface CriteriaFormProps {
  kind: SearchKind;
  value: Record<string, string>;
  onApply: (criteria: Record<string, CriterionParam>) => void;
}

/** The criteria that are numbers. */
export const numberCriteria = new Set(['sizeMin', 'sizeMax', 'priceMin', 'priceMax', 'rateMin', 'rateMax', 'fitSqft', 'fitPrice', 'fitRate', 'newWithin', 'clearHeightMin', 'acresMin', 'unitsMin']);

/** The order of the URL, if it is one. */
export const knownSort = (sort: string | undefined): BrowseSort | undefined => (sort === 'newest' ? undefined : oneOf(browseSorts, sort));

/** The criteria as the URL holds them: set values only, numbers as numbers, a list comma-separated. */
export function urlSearchOf(criteria: object): Record<string, CriterionParam> {
  const out: Record<string, CriterionParam> = {};
  for (const [name, value] of Object.entries(criteria)) {
    if (value === undefined || value === null || value === '' || value === false || value === 'ALL') continue;
    if (Array.isArray(value)) {
      if (value.length) out[name] = value.join(',');
    } else if (typeof value === 'number' || typeof value === 'boolean') out[name] = value;
    else if (numberCriteria.has(name) && /^\d+(\.\d+)?$/.test(String(value))) out[name] = Number(value);
    else if (value === 'true') out[name] = true;
    else out[name] = String(value);
  }
  return out;
}
