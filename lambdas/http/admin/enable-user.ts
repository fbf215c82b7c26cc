import { httpHandler } from '../../core/http';
import { enableUser } from '../../domain/admin';

export const handler = httpHandler('adminEnableUser', async ({ params }) => ({ user: await enableUser(params.userId) }));
