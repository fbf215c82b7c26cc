import { httpHandler } from '../../core/http';
import { deleteListing } from '../../domain/listings';

export const handler = httpHandler('deleteListing', async ({ principal, params }) => {
  await deleteListing(principal, params.listingId);
  return { ok: true as const };
});
