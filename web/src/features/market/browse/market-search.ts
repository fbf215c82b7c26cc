import { idParam, type RawSearch } from '@/lib/search-params';

/** The Market page's filters as the URL holds them (?area=yolo-davis&propertyTypeId=office): id-shaped, not yet checked. */
export interface MarketSearchParams {
  area?: string;
  propertyTypeId?: string;
  dealTypeId?: string;
}

/** Held in the URL like the browsers' filters: shareable, kept on reload. */
export const marketSearch = (search: RawSearch): MarketSearchParams => ({
  area: idParam(search.area),
  propertyTypeId: idParam(search.propertyTypeId),
  dealTypeId: idParam(search.dealTypeId),
});
