import { httpHandler } from '../../core/http';
import { deleteListingImage } from '../../domain/listings-images';

export const handler = httpHandler('deleteListingImage', ({ principal, params }) =>
  deleteListingImage(principal, params.listingId, params.imageId),
);
