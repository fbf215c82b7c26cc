import type { ContactListFilter } from '@shared/api/schemas/directory';
import { byId, marketAreas, propertyTypes, requirementTypes } from '@shared/catalog';

const dealTypeById = byId(requirementTypes);
const propertyTypeById = byId(propertyTypes);
const areaById = byId(marketAreas);

/** "Office · Placer · active in the last 90 days · “smith”": what a saved filter keeps, in words. */
export function filterSummary(filter: Omit<ContactListFilter, 'recent'> & { recent?: boolean }): string {
  const parts = [
    filter.dealTypeId && dealTypeById.get(filter.dealTypeId)?.name,
    filter.propertyTypeId && propertyTypeById.get(filter.propertyTypeId)?.name,
    filter.marketId && areaById.get(filter.marketId)?.name,
    filter.recent && 'active in the last 90 days',
    filter.q && `“${filter.q}”`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every broker in the directory';
}
