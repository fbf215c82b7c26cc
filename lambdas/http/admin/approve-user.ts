import { httpHandler } from '../../core/http';
import { approveUser } from '../../domain/admin';

export const handler = httpHandler('adminApproveUser', async ({ params }) => ({ user: await approveUser(params.userId) }));
