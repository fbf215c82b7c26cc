import { httpHandler } from '../../core/http';
import { presignListingImage } from '../../domain/listings-images';

export const handler = httpHandler('presignListingImage', ({ principal, params, body }) =>
  presignListingImage(principal, params.listingId, body),
);
