import { httpHandler } from '../../core/http';
import { publishListing } from '../../domain/listings';

export const handler = httpHandler('publishListing', async ({ principal, params }) => ({
  listing: await publishListing(principal, params.listingId),
}));
