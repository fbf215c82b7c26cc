import { httpHandler } from '../../core/http';
import { listUsers } from '../../domain/admin';

export const handler = httpHandler('adminListUsers', async ({ query }) => listUsers(query.status, query));
