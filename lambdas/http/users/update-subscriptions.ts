import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateSubscriptions } from '../../domain/users';

export const handler = httpHandler(api.updateSubscriptions, async ({ principal, currentUser, body }) => ({
  user: await updateSubscriptions(principal, currentUser, body),
}));
