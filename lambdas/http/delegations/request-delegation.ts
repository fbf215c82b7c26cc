import * as api from '../../../shared/api/contract';
import { notFound } from '../../core/errors';
import { httpHandler } from '../../core/http';
import { requestDelegation } from '../../domain/delegations';

export const handler = httpHandler(
  api.requestDelegation,
  async ({ currentUser, body }) => {
    // Every write route loads the caller's record; the check only narrows the type.
    if (!currentUser) throw notFound('User not found');
    return { delegation: await requestDelegation(currentUser, body.brokerEmail) };
  },
  { successStatus: 201 },
);
