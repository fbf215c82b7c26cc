import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AdminUser, AuditActor, User, UserStatus } from '../../shared/api';
import { cognito } from '../core/aws';
import { env } from '../core/env';
import { badRequest, conflict, notFound } from '../core/errors';
import { logger } from '../core/logger';
import { countMetric } from '../core/metrics';
import { recentCallers } from '../core/recent-callers';
import { encodeCursor, startKeyFor } from '../data/table';
import { delegationsRepository } from '../data/delegations';
import { fullNameOf, statusKey, usersRepository, type UserRecord } from '../data/users';
import { sendMail } from './mail';
import { approvalMail } from './mail/templates/approval';
import { toUserDto } from './users';
import { refreshDirectoryAndAssistants } from './directory';
import { approveDelegationsOf } from './delegations';
import { changeAccountStatus, recordStatusChange } from './audit';

/**
 * What operators do to accounts (PRODUCT.md "Accounts and approval"). Used by the operator routes
 * (lambdas/http/admin) and by the admin Lambdas (lambdas/admin, `npm run admin`), which name users by
 * e-mail: every action takes a user id or an e-mail address, and who acts, for the audit trail.
 */

/** The brokers an account asked to assist, by name, while the delegation stands (requested, confirmed or approved). */
async function assistedBy(delegateId: string): Promise<AdminUser['assists']> {
  const standing = (await delegationsRepository.ofDelegate(delegateId)).filter(
    (d): d is typeof d & { state: AdminUser['assists'][number]['state'] } => d.state === 'requested' || d.state === 'confirmed' || d.state === 'approved',
  );
  const brokers = new Map((await usersRepository.getMany(standing.map((d) => d.brokerId))).map((broker) => [broker.userId, broker]));
  return standing.flatMap((d) => {
    const broker = brokers.get(d.brokerId);
    return broker ? [{ name: fullNameOf(broker), email: broker.email, state: d.state }] : [];
  });
}

/** An account as the operators' lists show it: who, their license and firm, and whom they assist. */
export async function toAdminUser(record: UserRecord): Promise<AdminUser> {
  const { _id, firstName, lastName, email, license, brokerInfo, status, createdAt, emailConfirmed, mailStop } = toUserDto(record);
  return { _id, firstName, lastName, email, license, brokerInfo, status, createdAt, emailConfirmed, mailStop, assists: await assistedBy(record.userId) };
}

async function findUser(idOrEmail: string): Promise<UserRecord> {
  const record = idOrEmail.includes('@')
    ? await usersRepository.findByEmail(idOrEmail.trim().toLowerCase())
    : await usersRepository.get(idOrEmail);
  if (!record) throw notFound(`No account found for ${idOrEmail}`);
  // The account's last status change into the trail, if a crash or a lost race kept it out.
  await recordStatusChange(record);
  // Deleted in Cognito: nothing an operator does can bring the account back.
  if (record.status === 'deleted') throw conflict('This account has been deleted.');
  return record;
}

/** One page of accounts in a status, oldest first. */
export async function listUsers(
  status: UserStatus,
  page: { limit?: number; cursor?: string } = {},
): Promise<{ items: AdminUser[]; nextCursor: string | null }> {
  // A cursor must be a key of this status's index: a forged or foreign one is a 400, not a DynamoDB error.
  const startKey = startKeyFor(page.cursor, ['pk', 'sk', 'gsi2pk', 'gsi2sk'], { sk: 'PROFILE', gsi2pk: statusKey(status) });
  const { users, nextKey } = await usersRepository.pageByStatus(status, startKey, page.limit);
  return { items: await Promise.all(users.map(toAdminUser)), nextCursor: encodeCursor(nextKey) };
}

/**
 * Awaiting approval → active, then the approval e-mail. The status change is conditional, so two operators
 * clicking at once send one e-mail. Approving also approves the account as a delegate of each broker who
 * confirmed it, and then the e-mail is a delegate's, naming those brokers; approving an active
 * account does only that, and sends nothing.
 */
export async function approveUser(idOrEmail: string, actor: AuditActor): Promise<User> {
  const record = await findUser(idOrEmail);
  if (record.status === 'disabled') throw conflict('This account is disabled. Enable it instead of approving it.');
  await approveDelegationsOf(record, actor);
  const assisting = (await assistedBy(record.userId)).filter((broker) => broker.state === 'approved').map((broker) => broker.name);
  if (record.status === 'active') return toUserDto(record);
  const approved = await changeAccountStatus(record, { status: 'active', approvedAt: new Date().toISOString() }, 'approve', actor);
  if (!approved) return toUserDto(await findUser(record.userId));
  await refreshDirectoryAndAssistants(approved.userId);
  // A stopped address gets nothing, the approval notice included: the site shows the approval instead.
  if (!approved.mailStop) await sendMail(await approvalMail(approved, { assisting }));
  logger.info('user approved', { userId: approved.userId });
  countMetric('AccountApproved');
  return toUserDto(approved);
}

/**
 * Revokes the user's refresh tokens. Best effort: Cognito already refuses every sign-in and refresh of a
 * disabled user, and the API refuses their old ID tokens from the record, so a failure here is only logged.
 */
async function signOutEverywhere(ids: { UserPoolId: string; Username: string }): Promise<void> {
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand(ids));
  } catch (error) {
    logger.warn('global sign-out failed', { userId: ids.Username, error: error as Error });
  }
}

/**
 * Disabled in the record (the API refuses the old tokens: writes at once, reads within RECENT_CALLER_TTL_MS
 * in other warm functions, see lambdas/core/recent-callers.ts), in Cognito (no new sign-in), and signed out
 * everywhere (refresh tokens revoked). An operator cannot lock themselves out.
 */
export async function disableUser(idOrEmail: string, actor: AuditActor): Promise<User> {
  let record = await findUser(idOrEmail);
  if (actor.kind === 'operator' && record.userId === actor.userId) throw badRequest('You cannot disable your own account.');
  // The record first, conditional on the status read: of two calls at once one disables, the other finds it done.
  while (record.status !== 'disabled') record = (await changeAccountStatus(record, { status: 'disabled' }, 'disable', actor)) ?? (await findUser(record.userId));
  recentCallers.delete(record.userId);
  await refreshDirectoryAndAssistants(record.userId);
  const ids = { UserPoolId: env().USER_POOL_ID, Username: record.userId };
  await cognito().send(new AdminDisableUserCommand(ids));
  await signOutEverywhere(ids);
  logger.info('user disabled', { userId: record.userId });
  return toUserDto(record);
}

/**
 * Back to where the account was before it was disabled: active if it had been approved, else awaiting
 * approval. The record first, then Cognito (called again by a retry, whatever the record says), so the
 * console sync, told of the Cognito call, finds the change made and the trail names the operator.
 */
export async function enableUser(idOrEmail: string, actor: AuditActor): Promise<User> {
  let record = await findUser(idOrEmail);
  if (record.status === 'disabled') {
    const status: UserStatus = record.approvedAt ? 'active' : 'awaiting approval';
    const enabled = await changeAccountStatus(record, { status }, 'enable', actor, `now ${status}`);
    if (enabled) {
      await refreshDirectoryAndAssistants(record.userId);
      logger.info('user enabled', { userId: record.userId, status });
    }
    record = enabled ?? (await findUser(record.userId));
  }
  await cognito().send(new AdminEnableUserCommand({ UserPoolId: env().USER_POOL_ID, Username: record.userId }));
  return toUserDto(record);
}
