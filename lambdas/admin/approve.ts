import { adminFunctionById } from '../../shared/api/routes';
import { approveUser } from '../domain/admin';
import { adminCliActor } from '../domain/audit';
import { adminHandler } from './command';

/** `npm run admin -- approve <email>`: the account becomes active and gets the approval e-mail. */
export const handler = adminHandler(adminFunctionById.adminApprove, async ({ action, email }) => ({ ok: true, action, user: await approveUser(email, adminCliActor) }));
