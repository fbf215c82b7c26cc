import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminRemoveUserFromGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../lambdas/core/aws';
import { recentCallers } from '../../lambdas/core/recent-callers';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { usersRepository, type UserRecord } from '../../lambdas/data/users';
import { applyConsoleChange, type ConsoleChange } from '../../lambdas/domain/console-sync';
import { listedBroker, refreshDirectory } from '../../lambdas/domain/directory';
import { createRequirement } from '../../lambdas/domain/requirements';
import { listDelegations, requestDelegation, updateDelegation } from '../../lambdas/domain/delegations';
import { cognitoAdmin, cognitoFailsOnce, cognitoUser, failsOnce, userPoolId } from './accounts-support';
import { broker, mailsTo, requirementInput, type Actor } from './support';

/**
 * An operator working in the Cognito console: the test makes the console's call on the emulator, then hands
 * the domain the event CloudTrail would deliver for it.
 */
const approved = 'approved';
const ids = (userId: string) => ({ UserPoolId: userPoolId(), Username: userId });
const statusOf = async (userId: string) => (await usersRepository.get(userId))?.status;

async function account(label: string, fields: Partial<UserRecord> = {}): Promise<Actor> {
  const { sub, email } = await cognitoUser(label);
  return broker(label, { userId: sub, email, ...fields });
}

const change = (eventName: ConsoleChange['eventName'], username: string, groupName?: string): ConsoleChange => ({ eventName, username, ...(groupName ? { groupName } : {}) });

describe('console changes applied to the record', () => {
  it('ignores a user without a record', async () => {
    expect(await applyConsoleChange(change('AdminDisableUser', '33333333-3333-4333-8333-333333333333'))).toBe('no record');
  });

  it('a user gone from Cognito is deleted with what they posted, whatever the event; a deleted record changes no more', async () => {
    const { record } = await broker('gone');
    await createRequirement(record, requirementInput());
    expect(await applyConsoleChange(change('AdminEnableUser', record.userId))).toBe('deleted');
    expect(await statusOf(record.userId)).toBe('deleted');
    expect((await requirementsRepository.pageByOwner(record.userId, 10)).items).toEqual([]);

    // Re-created in Cognito under the same sub is impossible; a deleted record stays deleted whatever comes.
    const { record: back } = await account('deletedrecord', { status: 'deleted' });
    expect(await applyConsoleChange(change('AdminEnableUser', back.userId))).toBe('unchanged');
    expect(await applyConsoleChange(change('AdminAddUserToGroup', back.userId, approved))).toBe('unchanged');
    await cognitoAdmin().send(new AdminDisableUserCommand(ids(back.userId)));
    expect(await applyConsoleChange(change('AdminDisableUser', back.userId))).toBe('unchanged');
    expect(await statusOf(back.userId)).toBe('deleted');
  });

  it('a late delete of a user Cognito still has changes nothing', async () => {
    const { record } = await account('latedelete');
    expect(await applyConsoleChange(change('AdminDeleteUser', record.userId))).toBe('unchanged');
    expect(await statusOf(record.userId)).toBe('active');
  });

  it('a console disable disables the record, forgets the caller and unlists; enabling restores active when it had been approved', async () => {
    const { record } = await account('consoledisable');
    await refreshDirectory(record.userId);
    recentCallers.set(record.userId, 'active');
    // Cognito still enabled: the event is old news.
    expect(await applyConsoleChange(change('AdminDisableUser', record.userId))).toBe('unchanged');
    expect(await statusOf(record.userId)).toBe('active');

    await cognitoAdmin().send(new AdminDisableUserCommand(ids(record.userId)));
    expect(await applyConsoleChange(change('AdminDisableUser', record.userId))).toBe('disabled');
    expect(await statusOf(record.userId)).toBe('disabled');
    expect(recentCallers.get(record.userId)).toBeUndefined();
    await expect(listedBroker(record.userId)).rejects.toThrow('Broker not found');
    expect(await applyConsoleChange(change('AdminDisableUser', record.userId))).toBe('unchanged');
    // An enable event that arrives while Cognito still says disabled changes nothing.
    expect(await applyConsoleChange(change('AdminEnableUser', record.userId))).toBe('unchanged');
    expect(await statusOf(record.userId)).toBe('disabled');
  });

  it('a console enable restores the account: active if approved (by date or group), else awaiting approval', async () => {
    const wasApproved = await account('wasapproved', { status: 'disabled' });
    expect(await applyConsoleChange(change('AdminEnableUser', wasApproved.record.userId))).toBe('enabled (active)');
    expect(await statusOf(wasApproved.record.userId)).toBe('active');
    expect((await listedBroker(wasApproved.record.userId)).userId).toBe(wasApproved.record.userId);

    const neverApproved = await account('neverapproved', { status: 'disabled', approvedAt: null });
    expect(await applyConsoleChange(change('AdminDisableUser', neverApproved.record.userId))).toBe('enabled (awaiting approval)');
    expect(await statusOf(neverApproved.record.userId)).toBe('awaiting approval');

    const inGroup = await account('ingroup', { status: 'disabled', approvedAt: null });
    await cognitoAdmin().send(new AdminAddUserToGroupCommand({ ...ids(inGroup.record.userId), GroupName: approved }));
    expect(await applyConsoleChange(change('AdminEnableUser', inGroup.record.userId))).toBe('enabled (active)');
    expect(await statusOf(inGroup.record.userId)).toBe('active');
  });

  it('adding the user to the approved group approves the account and mails it once; other groups change nothing', async () => {
    const { record } = await account('consoleapprove', { status: 'awaiting approval', approvedAt: null });
    expect(await applyConsoleChange(change('AdminAddUserToGroup', record.userId, approved))).toBe('unchanged');
    await cognitoAdmin().send(new AdminAddUserToGroupCommand({ ...ids(record.userId), GroupName: approved }));
    expect(await applyConsoleChange(change('AdminAddUserToGroup', record.userId, 'operators'))).toBe('unchanged');
    expect(await statusOf(record.userId)).toBe('awaiting approval');
    expect(await applyConsoleChange(change('AdminAddUserToGroup', record.userId))).toBe('unchanged');

    expect(await applyConsoleChange(change('AdminAddUserToGroup', record.userId, approved))).toBe('approved');
    expect(await statusOf(record.userId)).toBe('active');
    expect((await mailsTo(record.email)).map((m) => m.subject)).toEqual(['Your BISN account is approved']);
    expect(await applyConsoleChange(change('AdminAddUserToGroup', record.userId, approved))).toBe('unchanged');
    // A late removal event while the user is still in the group changes nothing either.
    expect(await applyConsoleChange(change('AdminRemoveUserFromGroup', record.userId, approved))).toBe('unchanged');
    expect(await mailsTo(record.email)).toHaveLength(1);
  });

  it('adding an active user to the approved group again approves the delegations their brokers confirmed, once', async () => {
    const assistant = await account('consoleassistant');
    const owner = await broker('consoleowner');
    await requestDelegation(assistant.record, owner.record.email);
    await cognitoAdmin().send(new AdminAddUserToGroupCommand({ ...ids(assistant.record.userId), GroupName: approved }));
    // Requested, not yet confirmed by the broker: nothing for the operator to approve.
    expect(await applyConsoleChange(change('AdminAddUserToGroup', assistant.record.userId, approved))).toBe('unchanged');
    await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' });
    // Another group, or the removal event of a user still in the group, approves nothing.
    expect(await applyConsoleChange(change('AdminAddUserToGroup', assistant.record.userId, 'operators'))).toBe('unchanged');
    expect(await applyConsoleChange(change('AdminRemoveUserFromGroup', assistant.record.userId, approved))).toBe('unchanged');
    const stateOfDelegation = async () => (await listDelegations(owner.record.userId)).asBroker.map((d) => d.state);
    expect(await stateOfDelegation()).toEqual(['confirmed']);

    expect(await applyConsoleChange(change('AdminAddUserToGroup', assistant.record.userId, approved))).toBe('delegations approved');
    expect(await stateOfDelegation()).toEqual(['approved']);
    expect(await applyConsoleChange(change('AdminAddUserToGroup', assistant.record.userId, approved))).toBe('unchanged');
    expect(await statusOf(assistant.record.userId)).toBe('active');
  });

  it('removing the user from the approved group withdraws the approval; a disabled account stays disabled', async () => {
    const { record } = await account('withdrawn');
    await refreshDirectory(record.userId);
    expect(await applyConsoleChange(change('AdminRemoveUserFromGroup', record.userId, approved))).toBe('approval withdrawn');
    expect(await statusOf(record.userId)).toBe('awaiting approval');
    await expect(listedBroker(record.userId)).rejects.toThrow('Broker not found');
    expect(await applyConsoleChange(change('AdminRemoveUserFromGroup', record.userId, approved))).toBe('unchanged');

    const disabled = await account('disabledgroup', { status: 'disabled' });
    expect(await applyConsoleChange(change('AdminRemoveUserFromGroup', disabled.record.userId, approved))).toBe('unchanged');
    await cognitoAdmin().send(new AdminAddUserToGroupCommand({ ...ids(disabled.record.userId), GroupName: approved }));
    expect(await applyConsoleChange(change('AdminAddUserToGroup', disabled.record.userId, approved))).toBe('unchanged');
    expect(await statusOf(disabled.record.userId)).toBe('disabled');
    await cognitoAdmin().send(new AdminRemoveUserFromGroupCommand({ ...ids(disabled.record.userId), GroupName: approved }));
  });

  it('a user deleted in the console after the record was made is deleted', async () => {
    const { record } = await account('consoledelete');
    await cognitoAdmin().send(new AdminDeleteUserCommand(ids(record.userId)));
    expect(await applyConsoleChange(change('AdminDeleteUser', record.userId))).toBe('deleted');
    expect(await statusOf(record.userId)).toBe('deleted');
  });

  it('a user named by their e-mail alias (the CLI, scripts) is found: deleted, disabled and approved as by username', async () => {
    const { record } = await account('aliasdelete');
    await createRequirement(record, requirementInput());
    recentCallers.set(record.userId, 'active');
    await cognitoAdmin().send(new AdminDeleteUserCommand(ids(record.email)));
    expect(await applyConsoleChange(change('AdminDeleteUser', record.email))).toBe('deleted');
    expect(await statusOf(record.userId)).toBe('deleted');
    expect(recentCallers.get(record.userId)).toBeUndefined();
    expect((await requirementsRepository.pageByOwner(record.userId, 10)).items).toEqual([]);

    const { record: disabled } = await account('aliasdisable');
    await cognitoAdmin().send(new AdminDisableUserCommand(ids(disabled.email)));
    expect(await applyConsoleChange(change('AdminDisableUser', disabled.email))).toBe('disabled');
    expect(await statusOf(disabled.userId)).toBe('disabled');

    const { record: pending } = await account('aliasapprove', { status: 'awaiting approval', approvedAt: null });
    await cognitoAdmin().send(new AdminAddUserToGroupCommand({ ...ids(pending.email), GroupName: approved }));
    expect(await applyConsoleChange(change('AdminAddUserToGroup', pending.email, approved))).toBe('approved');
    expect(await statusOf(pending.userId)).toBe('active');
  });

  it('fails, deleting nothing, when Cognito cannot be read (the event is retried)', async () => {
    const { record } = await account('outage');
    const restore = cognitoFailsOnce('AdminGetUserCommand');
    try {
      await expect(applyConsoleChange(change('AdminDisableUser', record.userId))).rejects.toThrow('injected: AdminGetUserCommand failed');
    } finally {
      restore();
    }
    expect(await statusOf(record.userId)).toBe('active');
  });

  it('the same event delivered twice at once makes its change once', async () => {
    const enabled = await account('enabletwice', { status: 'disabled' });
    const enables = await Promise.all([applyConsoleChange(change('AdminEnableUser', enabled.record.userId)), applyConsoleChange(change('AdminEnableUser', enabled.record.userId))]);
    expect(enables.sort()).toEqual(['enabled (active)', 'unchanged']);
    const withdrawn = await account('withdrawtwice');
    const removals = await Promise.all([
      applyConsoleChange(change('AdminRemoveUserFromGroup', withdrawn.record.userId, approved)),
      applyConsoleChange(change('AdminRemoveUserFromGroup', withdrawn.record.userId, approved)),
    ]);
    expect(removals.sort()).toEqual(['approval withdrawn', 'unchanged']);
    expect(await statusOf(withdrawn.record.userId)).toBe('awaiting approval');
  });

  it('fails a transition the table refuses for another reason (the event is retried)', async () => {
    const { record } = await account('transitionoutage', { status: 'disabled' });
    const restore = failsOnce(documentClient(), 'UpdateCommand');
    try {
      await expect(applyConsoleChange(change('AdminEnableUser', record.userId))).rejects.toThrow('injected: UpdateCommand failed');
    } finally {
      restore();
    }
    expect(await statusOf(record.userId)).toBe('disabled');
  });
});
