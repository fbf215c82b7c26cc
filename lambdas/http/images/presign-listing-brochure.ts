import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { presignListingBrochure } from '../../domain/listings-brochure';

export const handler = httpHandler(api.presignListingBrochure, ({ principal, params, body }) => presignListingBrochure(principal, params.listingId, body));
