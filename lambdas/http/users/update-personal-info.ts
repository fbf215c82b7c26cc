import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updatePersonalInfo } from '../../domain/users';

export const handler = httpHandler(api.updatePersonalInfo, async ({ principal, currentUser, body }) => ({
  user: await updatePersonalInfo(principal, currentUser, body),
}));
