import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { setListingBrochure } from '../../domain/listings-brochure';

export const handler = httpHandler(api.setListingBrochure, ({ principal, params, body }) => setListingBrochure(principal, params.listingId, body.key));
