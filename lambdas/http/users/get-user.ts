import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { getOwnUser } from '../../domain/users';

export const handler = httpHandler(
  api.getUserByCognitoId,
  async ({ principal, currentUser }) => ({ user: await getOwnUser(principal, currentUser) }),
  // Signing in repairs a record that sign-up failed to create.
  { usesCurrentUser: true, repairsRecord: true },
);
