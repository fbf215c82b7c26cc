import { httpHandler } from '../../core/http';
import { getListing } from '../../domain/listings';

export const handler = httpHandler('getListing', async ({ principal, params }) => ({
  listing: await getListing(principal, params.listingId),
}));
