import { idsOf, markets, propertyTypes, requirementTypes } from '@shared/catalog';
import { oneOf, type RawSearch } from '@/lib/search-params';

const requirementTypeIds = idsOf(requirementTypes);
const propertyTypeIds = idsOf(propertyTypes);
const marketIds = idsOf(markets);

export interface RequirementsSearch {
  requirementTypeId?: (typeof requirementTypeIds)[number];
  propertyTypeId?: (typeof propertyTypeIds)[number];
  marketId?: (typeof marketIds)[number];
}

/**
 * The Requirements browser's filters live in the URL (?propertyTypeId=office&marketId=sac-midtown), so a
 * filtered list can be shared and survives a reload. Absent means ALL; an unknown value is dropped.
 */
export const requirementsSearch = (search: RawSearch): RequirementsSearch => ({
  requirementTypeId: oneOf(requirementTypeIds, search.requirementTypeId),
  propertyTypeId: oneOf(propertyTypeIds, search.propertyTypeId),
  marketId: oneOf(marketIds, search.marketId),
});
