import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { adminDeleteListing } from '../../domain/listings';

export const handler = httpHandler(api.adminDeleteListing, async ({ params }) => {
  await adminDeleteListing(params.listingId);
  return { ok: true as const };
});
