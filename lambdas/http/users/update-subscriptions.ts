import { httpHandler } from '../../core/http';
import { updateSubscriptions } from '../../domain/users';

export const handler = httpHandler('updateSubscriptions', async ({ principal, currentUser, body }) => ({
  user: await updateSubscriptions(principal, currentUser, body),
}));
