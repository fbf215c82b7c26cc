import { AdminGetUserCommand, AdminListGroupsForUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import type { AccountStatusAction } from '../../shared/api';
import type { CognitoConsoleEventName } from '../../shared/api/routes';
import { approvedGroupName } from '../../shared/api/routes';
import { cognito } from '../core/aws';
import { env } from '../core/env';
import { logger } from '../core/logger';
import { recentCallers } from '../core/recent-callers';
import { usersRepository, type UserRecord } from '../data/users';
import { markAccountDeleted } from './account-removal';
import { approveUser } from './admin';
import { changeAccountStatus, consoleActor, recordStatusChange } from './audit';
import { approveDelegationsOf } from './delegations';
import { refreshDirectoryAndAssistants } from './directory';

export interface ConsoleChange {
  readonly eventName: CognitoConsoleEventName;
  readonly username: string;
  readonly groupName?: string;
}

/** What Cognito says of the user now; null when the user no longer exists. */
async function cognitoState(username: string): Promise<{ enabled: boolean; groups: Set<string> } | null> {
  const ids = { UserPoolId: env().USER_POOL_ID, Username: username };
  try {
    const [user, groups] = await Promise.all([
      cognito().send(new AdminGetUserCommand(ids)),
      cognito().send(new AdminListGroupsForUserCommand({ ...ids, Limit: 60 })),
    ]);
    return { enabled: user.Enabled !== false, groups: new Set((groups.Groups ?? []).map((g) => g.GroupName!)) };
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/** The sub of the user Cognito knows by this username or alias; null when Cognito knows no such user. */
async function cognitoSubOf(username: string): Promise<string | null> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: env().USER_POOL_ID, Username: username }));
    return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? null;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/**
 * The record of the user an event names. The console names the username (the record's id), but the CLI
 * and scripts often pass the e-mail alias, which Cognito accepts: the alias is resolved to the sub while
 * Cognito knows the user, and a user it no longer knows (deleted by alias) is found by e-mail.
 */
async function recordOf(username: string): Promise<UserRecord | null> {
  const byId = await usersRepository.get(username);
  if (byId) return byId;
  const sub = await cognitoSubOf(username);
  if (sub) return usersRepository.get(sub);
  return username.includes('@') ? usersRepository.findByEmail(username) : null;
}

/**
 * A status transition from the status read, in the audit trail as the console's; a lost race means another
 * event already made it.
 */
async function transition(record: UserRecord, fields: Pick<UserRecord, 'status'>, action: AccountStatusAction, detail: string | null = null): Promise<boolean> {
  if (!(await changeAccountStatus(record, fields, action, consoleActor, detail))) return false;
  // An approval taken back must not be remembered by this process's read cache.
  recentCallers.delete(record.userId);
  await refreshDirectoryAndAssistants(record.userId);
  return true;
}

/**
 * Applies an operator's action in the Cognito console to the user's record, with the effect the operator
 * page has. The event says which aspect changed; the new state is read from Cognito itself, so a repeated
 * or late event reconciles to what is true now instead of replaying an old change, and every transition
 * is conditional (the approval e-mail goes out once). Returns what was changed, for the log and tests.
 */
export async function applyConsoleChange(change: ConsoleChange): Promise<string> {
  const record = await recordOf(change.username);
  if (!record) return 'no record';
  // The account's last status change into the trail, if a crash or a lost race kept it out.
  await recordStatusChange(record);
  const state = await cognitoState(record.userId);
  if (!state) {
    // Deleted in Cognito (whichever event brought us here): the account and what it posted are gone too.
    await markAccountDeleted(record, consoleActor);
    return 'deleted';
  }
  if (record.status === 'deleted') return 'unchanged';

  switch (change.eventName) {
    case 'AdminDisableUser':
    case 'AdminEnableUser': {
      if (!state.enabled && record.status !== 'disabled') {
        return (await transition(record, { status: 'disabled' }, 'disable')) ? 'disabled' : 'unchanged';
      }
      if (state.enabled && record.status === 'disabled') {
        const status = record.approvedAt || state.groups.has(approvedGroupName) ? 'active' : 'awaiting approval';
        return (await transition(record, { status }, 'enable', `now ${status}`)) ? `enabled (${status})` : 'unchanged';
      }
      return 'unchanged';
    }
    case 'AdminAddUserToGroup':
    case 'AdminRemoveUserFromGroup': {
      if (change.groupName !== approvedGroupName) return 'unchanged';
      if (state.groups.has(approvedGroupName) && record.status === 'awaiting approval') {
        await approveUser(record.userId, consoleActor);
        return 'approved';
      }
      // Added (again) to the group while active: approves the account as a delegate of the brokers who confirmed it.
      if (change.eventName === 'AdminAddUserToGroup' && state.groups.has(approvedGroupName) && record.status === 'active') {
        return (await approveDelegationsOf(record, consoleActor)) > 0 ? 'delegations approved' : 'unchanged';
      }
      if (!state.groups.has(approvedGroupName) && record.status === 'active') {
        return (await transition(record, { status: 'awaiting approval' }, 'withdraw-approval')) ? 'approval withdrawn' : 'unchanged';
      }
      return 'unchanged';
    }
    case 'AdminDeleteUser':
      // The user still exists in Cognito (read above): a late or replayed delete of a re-created user.
      return 'unchanged';
  }
}

export function logConsoleChange(change: ConsoleChange, outcome: string): void {
  logger.info('cognito console change', { eventName: change.eventName, userId: change.username, outcome });
}
