import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateDirectoryPrivacy } from '../../domain/users';

export const handler = httpHandler(api.updateDirectoryPrivacy, async ({ principal, currentUser, body }) => ({
  user: await updateDirectoryPrivacy(principal, currentUser, body),
}));
