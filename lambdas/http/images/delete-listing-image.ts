import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { deleteListingImage } from '../../domain/listings-images';

export const handler = httpHandler(api.deleteListingImage, ({ principal, params }) =>
  deleteListingImage(principal, params.listingId, params.imageId),
);
