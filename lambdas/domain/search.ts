import type { ListingsSearchFilters, RequirementsSearchFilters } from '../../shared/api';
import { fits, marketSlotsOf, needsRowCheck } from '../../shared/rules';
import type { ListingSearchRead } from '../data/listings';
import type { RequirementSearchRead } from '../data/requirements';

/**
 * How a browser's search reads its index (README "Browse indexes"): the partitions of its type, property
 * type and market slots; when it has criteria beyond those, the rows the shared predicate takes at `now`.
 */
export function listingSearchRead(filters: ListingsSearchFilters, now: Date): Omit<ListingSearchRead, 'sort'> {
  return {
    listingTypeId: filters.listingTypeId,
    propertyTypeId: filters.propertyTypeId,
    marketSlots: marketSlotsOf(filters),
    accept: needsRowCheck(filters) ? (row) => fits({ kind: 'listings', filters }, row, now) : null,
  };
}

export function requirementSearchRead(filters: RequirementsSearchFilters, now: Date): Omit<RequirementSearchRead, 'sort'> {
  return {
    requirementTypeId: filters.requirementTypeId,
    propertyTypeId: filters.propertyTypeId,
    marketSlots: marketSlotsOf(filters),
    accept: needsRowCheck(filters) ? (row) => fits({ kind: 'requirements', filters }, row, now) : null,
  };
}
