import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { deleteListing } from '../../domain/listings';

export const handler = httpHandler(api.deleteListing, async ({ principal, params }) => {
  await deleteListing(principal, params.listingId);
  return { ok: true as const };
});
