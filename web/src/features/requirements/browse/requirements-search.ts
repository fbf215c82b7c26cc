import type { PropertyTypeId, RequirementTypeId } from '@shared/catalog';
import { criteriaParams, requirementCriteriaNames, sortParam, type CriteriaParams } from '@/lib/search-criteria-params';
import { idParam, type RawSearch } from '@/lib/search-params';

/** The Requirements browser's three filters; absent means ALL. */
export interface RequirementsSearch {
  requirementTypeId?: RequirementTypeId;
  propertyTypeId?: PropertyTypeId;
  marketId?: string;
}

/** The filters, the criteria beside them and the order, as the URL holds them: not yet checked against the catalogues. */
export type RequirementsSearchParams = { [Name in keyof RequirementsSearch]?: string } & CriteriaParams<(typeof requirementCriteriaNames)[number]> & { sort?: string };

/**
 * The Requirements browser's search lives in the URL (?propertyTypeId=office&markets=sac-midtown&fitSqft=5000),
 * so a filtered list can be shared and survives a reload. The route keeps well-formed values only; the page
 * drops ids that are not in the catalogues and criteria the shared schemas refuse.
 */
export const requirementsSearch = (search: RawSearch): RequirementsSearchParams => ({
  requirementTypeId: idParam(search.requirementTypeId),
  propertyTypeId: idParam(search.propertyTypeId),
  marketId: idParam(search.marketId),
  ...criteriaParams(search, requirementCriteriaNames),
  sort: sortParam(search.sort),
});
