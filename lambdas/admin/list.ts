import type { AdminUser, UserStatus } from '../../shared/api';
import { adminFunctionById } from '../../shared/api/routes';
import { usersRepository } from '../data/users';
import { toAdminUser } from '../domain/admin';
import { adminHandler } from './command';

/** `npm run admin -- list [--status …]`: every account in a status, oldest first. */
async function allUsers(status: UserStatus): Promise<AdminUser[]> {
  const items: AdminUser[] = [];
  for await (const record of usersRepository.allByStatus(status)) items.push(toAdminUser(record));
  return items;
}

export const handler = adminHandler(adminFunctionById.adminList, async ({ status }) => ({ ok: true, action: 'list', items: await allUsers(status) }));
