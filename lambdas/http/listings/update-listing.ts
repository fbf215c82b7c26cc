import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateListing } from '../../domain/listings';

export const handler = httpHandler(api.updateListing, async ({ principal, params, body }) => ({
  listing: await updateListing(principal, params.listingId, body),
}));
