import { adminFunctionById } from '../../shared/api/routes';
import { disableUser, enableUser } from '../domain/admin';
import { adminCliActor } from '../domain/audit';
import { adminHandler } from './command';

/** `npm run admin -- disable|enable <email>`: the account's access to the API and to sign-in (Cognito). */
export const handler = adminHandler(adminFunctionById.adminAccess, async ({ action, email }) => ({
  ok: true,
  action,
  user: await (action === 'disable' ? disableUser(email, adminCliActor) : enableUser(email, adminCliActor)),
}));
