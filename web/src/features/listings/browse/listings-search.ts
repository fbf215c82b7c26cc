import type { ListingTypeId, PropertyTypeId } from '@shared/catalog';
import { criteriaParams, listingCriteriaNames, sortParam, type CriteriaParams } from '@/lib/search-criteria-params';
import { idParam, type RawSearch } from '@/lib/search-params';

/** The Listings browser's three filters; absent means ALL. */
export interface ListingsSearch {
  listingTypeId?: ListingTypeId;
  propertyTypeId?: PropertyTypeId;
  marketId?: string;
}

/** The filters, the criteria beside them and the order, as the URL holds them: not yet checked against the catalogues. */
export type ListingsSearchParams = { [Name in keyof ListingsSearch]?: string } & CriteriaParams<(typeof listingCriteriaNames)[number]> & { sort?: string };

/**
 * The Listings browser's search lives in the URL (?listingTypeId=for-lease&markets=sacramento&sizeMin=10000),
 * so a filtered list can be shared and survives a reload. The route keeps well-formed values only; the page
 * drops ids that are not in the catalogues and criteria the shared schemas refuse.
 */
export const listingsSearch = (search: RawSearch): ListingsSearchParams => ({
  listingTypeId: idParam(search.listingTypeId),
  propertyTypeId: idParam(search.propertyTypeId),
  marketId: idParam(search.marketId),
  ...criteriaParams(search, listingCriteriaNames),
  sort: sortParam(search.sort),
});
