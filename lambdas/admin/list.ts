import type { AdminUser, Delegation, UserStatus } from '../../shared/api';
import { adminFunctionById } from '../../shared/api/routes';
import { usersRepository } from '../data/users';
import { toAdminUser } from '../domain/admin';
import { listDelegationsAwaitingOperator } from '../domain/delegations';
import { adminHandler } from './command';

/** `npm run admin -- list [--status …]`: every account in a status, oldest first. */
async function allUsers(status: UserStatus): Promise<AdminUser[]> {
  const items: AdminUser[] = [];
  for await (const record of usersRepository.allByStatus(status)) items.push(await toAdminUser(record));
  return items;
}

/** `npm run admin -- delegates`: the delegations brokers confirmed, awaiting an operator. */
async function allDelegationsAwaiting(): Promise<Delegation[]> {
  const items: Delegation[] = [];
  let cursor: string | undefined;
  do {
    const page = await listDelegationsAwaitingOperator(100, cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export const handler = adminHandler(adminFunctionById.adminList, async (command) =>
  command.action === 'delegates'
    ? { ok: true, action: 'delegates', items: await allDelegationsAwaiting() }
    : { ok: true, action: 'list', items: await allUsers(command.status) },
);
