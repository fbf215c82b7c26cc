import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateBrokerInfo } from '../../domain/users';

export const handler = httpHandler(api.updateBrokerInfo, async ({ principal, currentUser, body }) => ({
  user: await updateBrokerInfo(principal, currentUser, body),
}));
