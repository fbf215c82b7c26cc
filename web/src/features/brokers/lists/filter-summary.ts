import type * as z from '@shared/zod';
import { contactListFilter, type ContactListFilter } from '@shared/api/schemas/directory';
import { byId, marketAreas, propertyTypes, requirementTypes } from '@shared/catalog';

const dealTypeById = byId(requirementTypes);
const propertyTypeById = byId(propertyTypes);
const areaById = byId(marketAreas);

/** "Office · Placer · active in the last 90 days · “smith”": what a saved filter keeps, in words. */
export function filterSummary(input: z.input<typeof contactListFilter>): string {
  // The filter as saved: `ALL` (and no value) is no filter.
  const filter: Partial<ContactListFilter> = contactListFilter.safeParse(input).data ?? {};
  const parts = [
    filter.dealTypeId && dealTypeById.get(filter.dealTypeId)?.name,
    filter.propertyTypeId && propertyTypeById.get(filter.propertyTypeId)?.name,
    filter.marketId && areaById.get(filter.marketId)?.name,
    filter.recent && 'active in the last 90 days',
    filter.q && `“${filter.q}”`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every broker in the directory';
}
