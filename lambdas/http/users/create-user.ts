import { httpHandler } from '../../core/http';
import { createUser } from '../../domain/users';

export const handler = httpHandler('createUser', async ({ body }) => ({ user: await createUser(body) }), {
  successStatus: 201,
});
