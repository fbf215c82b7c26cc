import { httpHandler } from '../../core/http';
import { markEmailConfirmed } from '../../domain/users';

export const handler = httpHandler('setActiveStatus', async ({ principal, currentUser }) => ({
  user: await markEmailConfirmed(principal, currentUser),
}));
