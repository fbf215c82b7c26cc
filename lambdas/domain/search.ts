import type { ListingsSearchFilters, RequirementsSearchFilters } from '../../shared/api';
import { fits, marketSlotsOf, needsRowCheck, type BrowseSort } from '../../shared/rules';
import { searchKeyOf } from '../data/browse-index';
import type { ListingSearchRead } from '../data/listings';
import type { RequirementSearchRead } from '../data/requirements';

/**
 * How a browser's search reads its index (README "Browse indexes"): the partitions of its type, property
 * type and market slots; when it has criteria beyond those, the rows the shared predicate takes at `now`;
 * in `sort`'s order.
 */
export function listingSearchRead(filters: ListingsSearchFilters, now: Date, sort: BrowseSort = 'newest'): ListingSearchRead {
  return {
    sort,
    searchKey: searchKeyOf({ filter: filters, sort }),
    listingTypeId: filters.listingTypeId,
    propertyTypeId: filters.propertyTypeId,
    marketSlots: marketSlotsOf(filters),
    accept: needsRowCheck(filters) ? (row) => fits({ kind: 'listings', filters }, row, now) : null,
  };
}

export function requirementSearchRead(filters: RequirementsSearchFilters, now: Date, sort: BrowseSort = 'newest'): RequirementSearchRead {
  return {
    sort,
    searchKey: searchKeyOf({ filter: filters, sort }),
    requirementTypeId: filters.requirementTypeId,
    propertyTypeId: filters.propertyTypeId,
    marketSlots: marketSlotsOf(filters),
    accept: needsRowCheck(filters) ? (row) => fits({ kind: 'requirements', filters }, row, now) : null,
  };
}
