import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { changeListingPrice } from '../../domain/listing-lifecycle';

export const handler = httpHandler(api.changeListingPrice, async ({ principal, params, body }) => ({
  listing: await changeListingPrice(principal, params.listingId, body),
}));
