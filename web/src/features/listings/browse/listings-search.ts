import { z } from 'zod';
import { listingTypeId, marketId, propertyTypeId } from '@shared/api/schemas';

/**
 * The Listings browser's filters live in the URL (?listingTypeId=for-lease&marketId=sac-midtown), so a
 * filtered list can be shared and survives a reload. Absent means ALL; an unknown value is dropped.
 */
export const listingsSearch = z.object({
  listingTypeId: listingTypeId.optional().catch(undefined),
  propertyTypeId: propertyTypeId.optional().catch(undefined),
  marketId: marketId.optional().catch(undefined),
});
export type ListingsSearch = z.infer<typeof listingsSearch>;
