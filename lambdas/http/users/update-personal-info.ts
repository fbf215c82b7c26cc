import { httpHandler } from '../../core/http';
import { updatePersonalInfo } from '../../domain/users';

export const handler = httpHandler('updatePersonalInfo', async ({ principal, currentUser, body }) => ({
  user: await updatePersonalInfo(principal, currentUser, body),
}));
