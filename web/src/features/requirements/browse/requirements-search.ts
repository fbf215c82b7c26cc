import type { PropertyTypeId, RequirementTypeId } from '@shared/catalog';
import { idParam, type RawSearch } from '@/lib/search-params';

/** The Requirements browser's filters; absent means ALL. */
export interface RequirementsSearch {
  requirementTypeId?: RequirementTypeId;
  propertyTypeId?: PropertyTypeId;
  marketId?: string;
}

/** The filters as the URL holds them: id-shaped, not yet checked against the catalogues. */
export type RequirementsSearchParams = { [Name in keyof RequirementsSearch]?: string };

/**
 * The Requirements browser's filters live in the URL (?propertyTypeId=office&marketId=sac-midtown), so a
 * filtered list can be shared and survives a reload. The route keeps id-shaped values only; the page
 * drops ids that are not in the catalogues (knownRequirementFilters in requirement-filters.tsx).
 */
export const requirementsSearch = (search: RawSearch): RequirementsSearchParams => ({
  requirementTypeId: idParam(search.requirementTypeId),
  propertyTypeId: idParam(search.propertyTypeId),
  marketId: idParam(search.marketId),
});
