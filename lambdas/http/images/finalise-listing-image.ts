import { httpHandler } from '../../core/http';
import { finaliseListingImage } from '../../domain/listings-images';

export const handler = httpHandler('finaliseListingImage', ({ principal, params, body }) =>
  finaliseListingImage(principal, params.listingId, body.key),
);
