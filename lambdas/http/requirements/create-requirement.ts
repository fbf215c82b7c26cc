import * as api from '../../../shared/api/contract';
import { notFound } from '../../core/errors';
import { httpHandler } from '../../core/http';
import { withinDailyLimit } from '../../domain/creation-limits';
import { createRequirement } from '../../domain/requirements';

export const handler = httpHandler(
  api.createRequirement,
  async ({ currentUser, principal, body }) => {
    // 'approved' routes always load an active record; the check only narrows the type.
    if (!currentUser) throw notFound('User not found');
    return { requirement: await withinDailyLimit(currentUser.userId, 'requirement', () => createRequirement(currentUser, body, principal.delegate)) };
  },
  { successStatus: 201, idempotent: true },
);
