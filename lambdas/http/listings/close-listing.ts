import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { closeListing } from '../../domain/listing-lifecycle';

export const handler = httpHandler(api.closeListing, async ({ principal, params, body }) => ({ listing: await closeListing(principal, params.listingId, body) }));
