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
export function searchReadOf(kind: 'listings', filters: ListingsSearchFilters, now: Date, sort?: BrowseSort): ListingSearchRead;
export function searchReadOf(kind: 'requirements', filters: RequirementsSearchFilters, now: Date, sort?: BrowseSort): RequirementSearchRead;
export function searchReadOf(
  kind: 'listings' | 'requirements',
  filters: ListingsSearchFilters | RequirementsSearchFilters,
  now: Date,
  sort: BrowseSort = 'newest',
): ListingSearchRead | RequirementSearchRead {
  const search = { kind, filters } as Parameters<typeof fits>[0];
  return {
    sort,
    searchKey: searchKeyOf({ filter: filters, sort }),
    ...('listingTypeId' in filters ? { listingTypeId: filters.listingTypeId } : {}),
    ...('requirementTypeId' in filters ? { requirementTypeId: filters.requirementTypeId } : {}),
    propertyTypeId: filters.propertyTypeId,
    marketSlots: marketSlotsOf(filters),
    accept: needsRowCheck(filters) ? (row: Parameters<typeof fits>[1]) => fits(search, row as never, now) : null,
  };
}
