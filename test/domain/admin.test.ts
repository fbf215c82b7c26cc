import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it, inject } from 'vitest';
import { documentClient } from '../../lambdas/core/aws';
import { recentCallers } from '../../lambdas/core/recent-callers';
import { InvalidCursorError } from '../../lambdas/data/table';
import { usersRepository, type UserRecord } from '../../lambdas/data/users';
import { approveUser, disableUser, enableUser, listUsers, toAdminUser } from '../../lambdas/domain/admin';
import { adminCliActor } from '../../lambdas/domain/audit';
import { requestDelegation, updateDelegation } from '../../lambdas/domain/delegations';
import { listedBroker } from '../../lambdas/domain/directory';
import { signIn } from '../../lib/local/testing';
import { cognitoAdmin, cognitoFailsOnce, cognitoStateOf, cognitoUser, failsOnce, justBefore, refusal } from './accounts-support';
import { broker, mailsTo, type Actor } from './support';

const approvalSubject = 'Your BISN account is approved';
const siteUrl = () => process.env.SITE_URL ?? '';

/** A broker whose record is named by a Cognito user's sub, as sign-up makes it. */
async function account(label: string, fields: Partial<UserRecord> = {}): Promise<Actor> {
  const { sub, email } = await cognitoUser(label);
  return broker(label, { userId: sub, email, ...fields });
}

/** An operator signed in to the web app, as the operator routes name them. */
const operatorActing = (userId: string) => ({ kind: 'operator' as const, userId, email: `${userId}@example.com` });

const applicant = (label: string, fields: Partial<UserRecord> = {}) => broker(label, { status: 'awaiting approval', approvedAt: null, ...fields });

describe('the operator list', () => {
  it('shows an account as the operator page does', async () => {
    const stop = { reason: 'complaint' as const, at: '2024-02-02T00:00:00.000Z', detail: 'abuse' };
    const { record } = await broker('row', { brokerInfo: { name: 'Firm', address1: 'a', address2: 'b' }, mailStop: stop });
    expect(await toAdminUser(record)).toEqual({
      _id: record.userId,
      firstName: 'row',
      lastName: 'Tester',
      email: record.email,
      license: '01234567',
      brokerInfo: { name: 'Firm', address1: 'a', address2: 'b' },
      status: 'active',
      createdAt: record.createdAt,
      emailConfirmed: true,
      mailStop: stop,
      assists: [],
    });
  });

  it('lists the accounts of one status oldest first, a page at a time, and refuses a cursor of another status', async () => {
    const first = await broker('oldest', { status: 'disabled', createdAt: '1990-01-01T00:00:00.000Z' });
    const second = await broker('older', { status: 'disabled', createdAt: '1990-01-02T00:00:00.000Z' });
    const third = await broker('old', { status: 'disabled', createdAt: '1990-01-03T00:00:00.000Z' });
    await broker('awaiting', { status: 'awaiting approval', createdAt: '1990-01-01T00:00:00.000Z' });

    const page = await listUsers('disabled', { limit: 2 });
    expect(page.items).toEqual([await toAdminUser(first.record), await toAdminUser(second.record)]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await listUsers('disabled', { limit: 2, cursor: page.nextCursor! });
    expect(next.items[0]).toEqual(await toAdminUser(third.record));
    const all = await listUsers('disabled');
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((u) => u.status)).toEqual(all.items.map(() => 'disabled'));
    expect(all.items.slice(0, 3).map((u) => u._id)).toEqual([first.record.userId, second.record.userId, third.record.userId]);

    await expect(listUsers('active', { limit: 2, cursor: page.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(listUsers('disabled', { cursor: 'garbage!' })).rejects.toBeInstanceOf(InvalidCursorError);
  });
});

describe('approve', () => {
  it('activates an account awaiting approval, lists it in the directory and mails it once; approving again changes nothing', async () => {
    const { record } = await applicant('approve', { firstName: 'Ada' });
    await expect(listedBroker(record.userId)).rejects.toThrow('Broker not found');
    const before = Date.now();
    const approved = await approveUser(record.userId, adminCliActor);
    expect(approved).toMatchObject({ _id: record.userId, status: 'active', firstName: 'Ada' });
    expect(Date.parse(approved.approvedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const stored = await usersRepository.get(record.userId);
    expect(stored).toMatchObject({ status: 'active', approvedAt: approved.approvedAt });
    expect((await listedBroker(record.userId)).firstName).toBe('Ada');

    const mails = await mailsTo(record.email);
    expect(mails.map((m) => m.subject)).toEqual([approvalSubject]);
    expect(mails[0]!.html).toContain(`${siteUrl()}/login?email=${encodeURIComponent(record.email)}`);
    expect(mails[0]!.text).toContain('Hi Ada,');

    const again = await approveUser(record.userId, adminCliActor);
    expect(again).toEqual(approved);
    expect(await mailsTo(record.email)).toHaveLength(1);
  });

  it('lists an assistant with the brokers they asked to assist; approving it approves the confirmed delegation and mails a delegate\'s text', async () => {
    const owner = await broker('owner', { firstName: 'Ben', lastName: 'Carter' });
    const other = await broker('other', { firstName: 'Dana', lastName: 'Lee' });
    const assistant = await applicant('assistant', { firstName: 'Avery' });
    await requestDelegation(assistant.record, owner.record.email);
    await requestDelegation(assistant.record, other.record.email);
    await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' });
    expect((await toAdminUser(assistant.record)).assists.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Ben Carter', email: owner.record.email, state: 'confirmed' },
      { name: 'Dana Lee', email: other.record.email, state: 'requested' },
    ]);

    await approveUser(assistant.record.userId, adminCliActor);
    const states = Object.fromEntries((await toAdminUser(assistant.record)).assists.map((a) => [a.name, a.state]));
    expect(states).toEqual({ 'Ben Carter': 'approved', 'Dana Lee': 'requested' });
    const [mail] = await mailsTo(assistant.record.email);
    expect(mail!.text).toContain("approved it as Ben Carter's delegate");
    expect(mail!.text).not.toContain('publish listings and receive the broker broadcasts');
  });

  it('finds the account by e-mail in any case, with spaces around it', async () => {
    const { record } = await applicant('byemail');
    const approved = await approveUser(`  ${record.email.toUpperCase()} `, adminCliActor);
    expect(approved).toMatchObject({ _id: record.userId, status: 'active' });
    expect(await mailsTo(record.email)).toHaveLength(1);
  });

  it('approves an account whose mail is stopped without mailing it', async () => {
    const { record } = await applicant('stopped', { mailStop: { reason: 'bounce', at: '2024-01-01T00:00:00.000Z', detail: 'smtp; 550' } });
    expect((await approveUser(record.userId, adminCliActor)).status).toBe('active');
    expect(await mailsTo(record.email)).toEqual([]);
  });

  it('two operators approving at once send one e-mail, and both see the account active', async () => {
    const { record } = await applicant('race');
    const answers = await Promise.all([approveUser(record.userId, adminCliActor), approveUser(record.userId, adminCliActor)]);
    expect(answers.map((a) => a.status)).toEqual(['active', 'active']);
    expect(answers[0]!.approvedAt).toBe(answers[1]!.approvedAt);
    expect(await mailsTo(record.email)).toHaveLength(1);
  });

  it('fails, approving nothing and mailing nothing, when the table refuses the write', async () => {
    const { record } = await applicant('outage');
    const restore = failsOnce(documentClient(), 'UpdateCommand');
    try {
      await expect(approveUser(record.userId, adminCliActor)).rejects.toThrow('injected: UpdateCommand failed');
    } finally {
      restore();
    }
    expect((await usersRepository.get(record.userId))?.status).toBe('awaiting approval');
    expect(await mailsTo(record.email)).toEqual([]);
  });

  it('refuses a disabled, a deleted and an unknown account', async () => {
    const disabled = await applicant('disabled', { status: 'disabled' });
    expect(await refusal(approveUser(disabled.record.userId, adminCliActor))).toEqual({ status: 409, message: 'This account is disabled. Enable it instead of approving it.' });
    expect((await usersRepository.get(disabled.record.userId))?.status).toBe('disabled');
    const deleted = await applicant('deleted', { status: 'deleted' });
    expect(await refusal(approveUser(deleted.record.email, adminCliActor))).toEqual({ status: 409, message: 'This account has been deleted.' });
    expect(await refusal(approveUser('nobody@example.com', adminCliActor))).toEqual({ status: 404, message: 'No account found for nobody@example.com' });
    expect(await refusal(approveUser('no-such-user', adminCliActor))).toEqual({ status: 404, message: 'No account found for no-such-user' });
    expect(await mailsTo(disabled.record.email)).toEqual([]);
  });
});

describe('disable and enable', () => {
  it('disables the record and the Cognito user, forgets the caller, leaves the directory; enabling restores it as it was', async () => {
    const { record } = await account('member');
    await approveUser(record.userId, adminCliActor); // listed
    const { refreshToken } = await signIn(inject('localStack'), record.email, 'Password-123!');
    recentCallers.set(record.userId, 'active');
    const disabled = await disableUser(record.email, operatorActing('some-operator'));
    expect(disabled).toMatchObject({ _id: record.userId, status: 'disabled' });
    expect((await usersRepository.get(record.userId))?.status).toBe('disabled');
    expect(recentCallers.get(record.userId)).toBeUndefined();
    expect((await cognitoStateOf(record.userId)).enabled).toBe(false);
    await expect(listedBroker(record.userId)).rejects.toThrow('Broker not found');

    // Disabling again changes nothing in the record.
    const stored = await usersRepository.get(record.userId);
    expect(await disableUser(record.userId, adminCliActor)).toEqual(disabled);
    expect((await usersRepository.get(record.userId))?.updatedAt).toBe(stored?.updatedAt);

    const enabled = await enableUser(record.userId, adminCliActor);
    expect(enabled).toMatchObject({ status: 'active' });
    expect((await usersRepository.get(record.userId))?.status).toBe('active');
    expect((await cognitoStateOf(record.userId)).enabled).toBe(true);
    expect((await listedBroker(record.userId)).userId).toBe(record.userId);
    // Signed out everywhere: the session from before the disable cannot be refreshed, even once enabled.
    const refresh = new InitiateAuthCommand({ ClientId: inject('localStack').userPoolClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } });
    await expect(cognitoAdmin().send(refresh)).rejects.toThrow();
  });

  it('an account disabled before approval goes back to awaiting approval, unmailed', async () => {
    const { record } = await account('early', { status: 'awaiting approval', approvedAt: null });
    expect((await disableUser(record.userId, adminCliActor)).status).toBe('disabled');
    const enabled = await enableUser(record.email.toUpperCase(), adminCliActor);
    expect(enabled.status).toBe('awaiting approval');
    expect((await usersRepository.get(record.userId))?.status).toBe('awaiting approval');
    expect(await mailsTo(record.email)).toEqual([]);
  });

  it('enabling an account that is not disabled enables the Cognito user and changes nothing else', async () => {
    const { record } = await account('notdisabled', { status: 'awaiting approval', approvedAt: null, updatedAt: '2020-01-01T00:00:00.000Z' });
    const enabled = await enableUser(record.userId, adminCliActor);
    expect(enabled).toMatchObject({ status: 'awaiting approval' });
    expect((await usersRepository.get(record.userId))?.updatedAt).toBe('2020-01-01T00:00:00.000Z');
    expect((await cognitoStateOf(record.userId)).enabled).toBe(true);
  });

  it('an operator cannot disable their own account; a deleted one is refused', async () => {
    const { record } = await account('self');
    expect(await refusal(disableUser(record.userId, operatorActing(record.userId)))).toEqual({ status: 400, message: 'You cannot disable your own account.' });
    expect((await usersRepository.get(record.userId))?.status).toBe('active');
    expect((await cognitoStateOf(record.userId)).enabled).toBe(true);
    const deleted = await broker('gone', { status: 'deleted' });
    expect(await refusal(disableUser(deleted.record.userId, adminCliActor))).toEqual({ status: 409, message: 'This account has been deleted.' });
    expect(await refusal(enableUser(deleted.record.userId, adminCliActor))).toEqual({ status: 409, message: 'This account has been deleted.' });
  });

  it('a failed global sign-out is only logged: the account is disabled all the same', async () => {
    const { record } = await account('signout');
    const restore = cognitoFailsOnce('AdminUserGlobalSignOutCommand');
    try {
      expect((await disableUser(record.userId, adminCliActor)).status).toBe('disabled');
    } finally {
      restore();
    }
    expect((await cognitoStateOf(record.userId)).enabled).toBe(false);
  });

  it('an enable the table refuses fails and leaves the record disabled', async () => {
    const { record } = await account('enableoutage', { status: 'disabled' });
    const restore = failsOnce(documentClient(), 'UpdateCommand');
    try {
      await expect(enableUser(record.userId, adminCliActor)).rejects.toThrow('injected: UpdateCommand failed');
    } finally {
      restore();
    }
    expect((await usersRepository.get(record.userId))?.status).toBe('disabled');
  });

  it('two enables at once both answer the account active', async () => {
    const { record } = await account('enablerace', { status: 'disabled' });
    const answers = await Promise.all([enableUser(record.userId, adminCliActor), enableUser(record.userId, adminCliActor)]);
    expect(answers.map((a) => a.status)).toEqual(['active', 'active']);
  });

  it('an enable that loses to a deletion made meanwhile leaves the account deleted', async () => {
    const { record } = await account('enabledeleted', { status: 'disabled' });
    const restore = justBefore(documentClient(), 'UpdateCommand', () => usersRepository.update(record.userId, { status: 'deleted' }));
    try {
      expect(await refusal(enableUser(record.userId, adminCliActor))).toEqual({ status: 409, message: 'This account has been deleted.' });
    } finally {
      restore();
    }
    expect((await usersRepository.get(record.userId))?.status).toBe('deleted');
  });
});
