import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateNotificationPreferences } from '../../domain/users';

export const handler = httpHandler(api.updateNotificationPreferences, async ({ principal, currentUser, body }) => ({
  user: await updateNotificationPreferences(principal, currentUser, body),
}));
