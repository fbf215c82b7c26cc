import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { notFound } from '../../core/errors';
import { createListing } from '../../domain/listings';

export const handler = httpHandler(
  api.createListing,
  async ({ currentUser }) => {
    if (!currentUser) throw notFound('User not found');
    return createListing(currentUser);
  },
  { successStatus: 201 },
);
