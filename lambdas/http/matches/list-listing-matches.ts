import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listListingMatches } from '../../domain/matching';

export const handler = httpHandler(api.listListingMatches, async ({ principal, params, callerApproved }) => ({
  items: await listListingMatches(principal, params.listingId, callerApproved),
}));
