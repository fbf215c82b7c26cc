import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { createUser } from '../../domain/users';

export const handler = httpHandler(api.createUser, async ({ body }) => ({ user: await createUser(body) }), {
  successStatus: 201,
});
