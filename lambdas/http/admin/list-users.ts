import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listUsers } from '../../domain/admin';

export const handler = httpHandler(api.adminListUsers, async ({ query }) => listUsers(query.status, query));
