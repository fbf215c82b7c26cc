import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { finaliseListingImage } from '../../domain/listings-images';

export const handler = httpHandler(
  api.finaliseListingImage,
  ({ principal, params, body }) => finaliseListingImage(principal, params.listingId, body.key),
  { idempotent: true },
);
