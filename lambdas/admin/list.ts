import type { AdminUser, AuditAction, AuditEntry, Delegation, UserStatus } from '../../shared/api';
import { adminFunctionById } from '../../shared/api/routes';
import { usersRepository } from '../data/users';
import { toAdminUser } from '../domain/admin';
import { auditLog } from '../domain/audit';
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

/** `npm run admin -- audit [--action …] [--limit N]`: the audit trail's newest entries, as the Operators page's Audit tab shows them. */
async function newestAuditEntries(limit: number, action?: AuditAction): Promise<AuditEntry[]> {
  const items: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await auditLog({ limit: Math.min(100, limit - items.length), cursor, action });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && items.length < limit);
  return items;
}

export const handler = adminHandler(adminFunctionById.adminList, async (command) => {
  if (command.action === 'audit') return { ok: true, action: 'audit', items: await newestAuditEntries(command.limit, command.only) };
  return command.action === 'delegates'
    ? { ok: true, action: 'delegates', items: await allDelegationsAwaiting() }
    : { ok: true, action: 'list', items: await allUsers(command.status) };
});
