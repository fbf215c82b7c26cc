import type { ListingTypeId, PropertyTypeId } from '@shared/catalog';
import { idParam, type RawSearch } from '@/lib/search-params';

/** The Listings browser's filters; absent means ALL. */
export interface ListingsSearch {
  listingTypeId?: ListingTypeId;
  propertyTypeId?: PropertyTypeId;
  marketId?: string;
  /** Longest on BISN first; absent: newest first. */
  sort?: 'daysOnBisn';
}

/** The filters as the URL holds them: id-shaped, not yet checked against the catalogues. */
export type ListingsSearchParams = { [Name in keyof ListingsSearch]?: string };

/**
 * The Listings browser's filters live in the URL (?listingTypeId=for-lease&marketId=sac-midtown), so a
 * filtered list can be shared and survives a reload. The route keeps id-shaped values only; the page
 * drops ids that are not in the catalogues (knownListingFilters in listing-filters.tsx).
 */
export const listingsSearch = (search: RawSearch): ListingsSearchParams => ({
  listingTypeId: idParam(search.listingTypeId),
  propertyTypeId: idParam(search.propertyTypeId),
  marketId: idParam(search.marketId),
  sort: search.sort === 'daysOnBisn' ? 'daysOnBisn' : undefined,
});
