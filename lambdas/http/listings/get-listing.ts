import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { getListing } from '../../domain/listings';

export const handler = httpHandler(api.getListing, async ({ principal, params, callerApproved }) => ({
  listing: await getListing(principal, params.listingId, callerApproved),
}));
