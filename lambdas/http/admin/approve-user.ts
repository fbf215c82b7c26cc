import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { approveUser } from '../../domain/admin';

export const handler = httpHandler(api.adminApproveUser, async ({ params }) => ({ user: await approveUser(params.userId) }));
