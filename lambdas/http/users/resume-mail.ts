import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { resumeMail } from '../../domain/users';

export const handler = httpHandler(api.resumeMail, async ({ principal, currentUser }) => ({ user: await resumeMail(principal, currentUser) }), {
  usesCurrentUser: true,
});
