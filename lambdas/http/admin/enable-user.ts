import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { enableUser } from '../../domain/admin';

export const handler = httpHandler(api.adminEnableUser, async ({ params }) => ({ user: await enableUser(params.userId) }));
