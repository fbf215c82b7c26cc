import { idParam, textParam, type RawSearch } from '@/lib/search-params';

/** The directory's filters as the URL holds them (?marketId=placer&sort=name): id-shaped, not yet checked. */
export interface BrokersSearchParams {
  dealTypeId?: string;
  propertyTypeId?: string;
  marketId?: string;
  /** "Active in the last 90 days". */
  recent?: 'true';
  q?: string;
  sort?: 'name';
}

/** The Brokers page keeps its filters in the URL, like the browsers: shareable, and kept on reload. */
export const brokersSearch = (search: RawSearch): BrokersSearchParams => ({
  dealTypeId: idParam(search.dealTypeId),
  propertyTypeId: idParam(search.propertyTypeId),
  marketId: idParam(search.marketId),
  recent: search.recent === 'true' || search.recent === true ? 'true' : undefined,
  q: textParam(search.q, 100) || undefined,
  sort: search.sort === 'name' ? 'name' : undefined,
});
