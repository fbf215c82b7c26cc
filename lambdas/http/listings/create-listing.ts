import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { notFound } from '../../core/errors';
import { withinDailyLimit } from '../../domain/creation-limits';
import { createListing } from '../../domain/listings';

export const handler = httpHandler(
  api.createListing,
  async ({ currentUser, principal }) => {
    if (!currentUser) throw notFound('User not found');
    return withinDailyLimit(currentUser.userId, 'listing', () => createListing(currentUser, principal.delegate));
  },
  { successStatus: 201, idempotent: true },
);
