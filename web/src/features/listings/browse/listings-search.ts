import { idsOf, listingTypes, markets, propertyTypes } from '@shared/catalog';
import { oneOf, type RawSearch } from '@/lib/search-params';

const listingTypeIds = idsOf(listingTypes);
const propertyTypeIds = idsOf(propertyTypes);
const marketIds = idsOf(markets);

export interface ListingsSearch {
  listingTypeId?: (typeof listingTypeIds)[number];
  propertyTypeId?: (typeof propertyTypeIds)[number];
  marketId?: (typeof marketIds)[number];
}

/**
 * The Listings browser's filters live in the URL (?listingTypeId=for-lease&marketId=sac-midtown), so a
 * filtered list can be shared and survives a reload. Absent means ALL; an unknown value is dropped.
 */
export const listingsSearch = (search: RawSearch): ListingsSearch => ({
  listingTypeId: oneOf(listingTypeIds, search.listingTypeId),
  propertyTypeId: oneOf(propertyTypeIds, search.propertyTypeId),
  marketId: oneOf(marketIds, search.marketId),
});
