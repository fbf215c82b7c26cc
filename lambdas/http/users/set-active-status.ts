import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { markEmailConfirmed } from '../../domain/users';

export const handler = httpHandler(
  api.setActiveStatus,
  async ({ principal, currentUser }) => ({ user: await markEmailConfirmed(principal, currentUser) }),
  // Sign-up's last step repairs a record that its second step failed to create.
  { repairsRecord: true },
);
