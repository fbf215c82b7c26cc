import * as z from '@shared/zod';
import { listingCriteria, rangesInOrder, requirementCriteria } from '@shared/api/schemas/search';
import { marketsOfSelection } from '@shared/rules/search';
import { counties } from '@shared/catalog';
import { parseDecimalInput } from '@shared/rules/format';
import type { CriteriaParams } from '@/lib/search-criteria-params';
import { numberCriteria, type SearchKind } from './criteria-url';

const shapes = { listings: listingCriteria, requirements: requirementCriteria } as const;

/** The URL's criteria the shared schema takes, each as a string (what the API and a saved search read); the others dropped. */
export function knownCriteria(kind: SearchKind, params: CriteriaParams<string>): Record<string, string> {
  const shape = shapes[kind] as Record<string, z.ZodMiniType>;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = value === undefined ? '' : String(value);
    if (text && shape[name]?.safeParse(text).success && shape[name].parse(text) !== undefined) out[name] = text;
  }
  return out;
}

/** The form's values: every criterion as typed, the markets as the tree's ticks, the flag as a box. */
export interface CriteriaFormValues {
  markets: string[];
  priceReduced: boolean;
  [name: string]: string | string[] | boolean;
}

/** The criteria as the form starts: the URL's, the markets' counties spelt out as their submarkets. */
export function criteriaFormValues(kind: SearchKind, criteria: Record<string, string>): CriteriaFormValues {
  const values: CriteriaFormValues = { markets: marketsOfSelection(criteria.markets?.split(',')), priceReduced: criteria.priceReduced === 'true' };
  for (const name of Object.keys(shapes[kind])) if (name !== 'markets' && name !== 'priceReduced') values[name] = criteria[name] ?? '';
  return values;
}

/** The markets ticked, a whole county as its id: the URL's shortest spelling. */
function marketSelectionOf(marketIds: readonly string[]): string[] {
  const ticked = new Set(marketIds);
  return counties.flatMap((county) => {
    const ids = county.submarkets.length ? county.submarkets.map((m) => m.id) : [county.id];
    return county.submarkets.length && ids.every((id) => ticked.has(id)) ? [county.id] : ids.filter((id) => ticked.has(id));
  });
}

/** Form values → the criteria, checked by the shared schema (its messages, under the form's field names). */
export const criteriaFormSchema = (kind: SearchKind) =>
  z.pipe(
    z.transform((input: unknown) => {
      const values = input as CriteriaFormValues;
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(values)) {
        if (name === 'markets') out[name] = marketSelectionOf(value as string[]);
        else if (typeof value === 'string' && value.trim()) out[name] = numberCriteria.has(name) ? (parseDecimalInput(value) ?? value) : value;
        else if (value === true) out[name] = true;
      }
      return out;
    }),
    z.object(shapes[kind]).check(...rangesInOrder),
  );
