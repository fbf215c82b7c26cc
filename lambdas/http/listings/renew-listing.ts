import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { renewListing } from '../../domain/listing-lifecycle';

export const handler = httpHandler(api.renewListing, async ({ principal, params }) => ({ listing: await renewListing(principal, params.listingId) }));
