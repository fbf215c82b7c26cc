import * as z from '../../shared/zod';
import { userStatus, type AdminUser, type User } from '../../shared/api';
import { env } from '../core/env';
import { HttpError } from '../core/errors';
import { logger } from '../core/logger';
import { usersRepository } from '../data/users';
import { approveUser, disableUser, enableUser, toAdminUser } from '../domain/admin';
import { adminDeleteListing } from '../domain/listings';
import { deleteRequirement } from '../domain/requirements';

/**
 * The admin Lambda: `npm run admin -- <action> [email]` invokes it against a deployed stage (bin/admin.ts),
 * and runs the same function in-process against the local stack.
 */
export const adminEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list'), status: z._default(userStatus, 'awaiting approval') }),
  z.object({ action: z.enum(['approve', 'disable', 'enable']), email: z.string().check(z.trim(), z.minLength(3)) }),
  z.object({ action: z.enum(['remove-listing', 'remove-requirement']), id: z.string().check(z.trim(), z.minLength(1)) }),
]);
export type AdminEvent = z.input<typeof adminEvent>;

export type AdminResult =
  | { ok: true; action: 'list'; items: AdminUser[] }
  | { ok: true; action: 'approve' | 'disable' | 'enable'; user: User }
  | { ok: true; action: 'remove-listing' | 'remove-requirement'; id: string }
  | { ok: false; message: string };

const actions = { approve: approveUser, disable: disableUser, enable: enableUser };
/** Operators remove contributions (PRODUCT.md): the same domain functions the operator routes call. */
const removals = { 'remove-listing': adminDeleteListing, 'remove-requirement': deleteRequirement };

async function allUsers(status: z.infer<typeof userStatus>): Promise<AdminUser[]> {
  const items: AdminUser[] = [];
  for await (const record of usersRepository.allByStatus(status)) items.push(toAdminUser(record));
  return items;
}

export async function handler(event?: unknown): Promise<AdminResult> {
  env();
  const parsed = adminEvent.safeParse(event);
  if (!parsed.success) {
    return { ok: false, message: `Invalid admin event: ${parsed.error.issues.map((i) => i.message).join('; ')}` };
  }
  const command = parsed.data;
  try {
    if (command.action === 'list') return { ok: true, action: 'list', items: await allUsers(command.status) };
    if ('id' in command) {
      await removals[command.action](command.id);
      logger.info('admin action', { action: command.action, id: command.id });
      return { ok: true, action: command.action, id: command.id };
    }
    const user = await actions[command.action](command.email);
    logger.info('admin action', { action: command.action, userId: user._id });
    return { ok: true, action: command.action, user };
  } catch (error) {
    // Refusals (no such account, already disabled…) are answers for the operator, not Lambda failures.
    if (error instanceof HttpError) return { ok: false, message: error.message };
    throw error;
  }
}
