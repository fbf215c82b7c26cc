import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { publishListing } from '../../domain/listings';

export const handler = httpHandler(
  api.publishListing,
  async ({ principal, params }) => ({ listing: await publishListing(principal, params.listingId) }),
  { idempotent: true },
);
