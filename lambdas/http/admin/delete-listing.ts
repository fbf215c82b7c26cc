import { httpHandler } from '../../core/http';
import { adminDeleteListing } from '../../domain/listings';

export const handler = httpHandler('adminDeleteListing', async ({ params }) => {
  await adminDeleteListing(params.listingId);
  return { ok: true as const };
});
