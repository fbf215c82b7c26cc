import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { presignListingImage } from '../../domain/listings-images';

export const handler = httpHandler(api.presignListingImage, ({ principal, params, body }) =>
  presignListingImage(principal, params.listingId, body),
);
