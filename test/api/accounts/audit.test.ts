import { AdminAddUserToGroupCommand, AdminDeleteUserCommand, AdminDisableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntry, AuditLogPage } from '../../../shared/api';
import { approvedGroupName } from '../../../shared/api/routes';
import { runAdminCommand } from '../../../lambdas/admin/run-command';
import { cognitoClient } from '../../../lib/local/testing';
import { eventually } from '../../fixtures/eventually';
import { call, newAccount, stack, storedUser, type Account } from './support';

/**
 * The operators' audit trail: every operator action — on the Operators page, with the admin CLI, in the
 * Cognito console — is one entry (who, what, on what, when), however often it is retried or raced.
 */

let operator: Account;
let secondOperator: Account;
const cognito = cognitoClient(stack);
afterAll(() => cognito.destroy());

beforeAll(async () => {
  [operator, secondOperator] = await Promise.all([newAccount('auditor', { operator: true }), newAccount('coauditor', { operator: true })]);
});

/** Every entry of the trail (of one action), newest first, read page by page as the Audit tab does. */
async function trail(action?: AuditAction): Promise<AuditEntry[]> {
  const items: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const answer: { status: number; body: AuditLogPage } = await call<AuditLogPage>(operator.token, 'adminListAudit', {
      query: { limit: 25, ...(action ? { action } : {}), ...(cursor ? { cursor } : {}) },
    });
    expect(answer.status).toBe(200);
    items.push(...answer.body.items);
    cursor = answer.body.nextCursor;
  } while (cursor);
  return items;
}

const entriesOn = async (targetId: string, action?: AuditAction) => (await trail(action)).filter((entry) => entry.target.id === targetId);
const byOperator = (account: Account) => ({ kind: 'operator', userId: account.userId, email: account.email });

async function contributions(owner: Account): Promise<{ listingId: string; requirementId: string }> {
  const listing = await call<{ listingId: string }>(owner.token, 'createListing', { body: {} });
  const requirement = await call<{ requirement: { requirementId: string } }>(owner.token, 'createRequirement', {
    body: { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown'], title: 'Audited office', timing: 'Soon' },
  });
  expect([listing.status, requirement.status]).toEqual([201, 201]);
  return { listingId: listing.body.listingId, requirementId: requirement.body.requirement.requirementId };
}

describe('the Operators page', () => {
  it('approving, retried and raced by two operators, is one entry naming the operator whose approval took', async () => {
    const applicant = await newAccount('auditapplicant');
    const answers = await Promise.all([
      call(operator.token, 'adminApproveUser', { params: { userId: applicant.userId } }),
      call(secondOperator.token, 'adminApproveUser', { params: { userId: applicant.userId } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: applicant.userId } })).status).toBe(200);

    const entries = await entriesOn(applicant.userId);
    expect(entries).toHaveLength(1);
    const { at, by } = (await storedUser(applicant.userId))!.statusChange!;
    expect([byOperator(operator), byOperator(secondOperator)]).toContainEqual(by);
    expect(entries[0]).toEqual({
      at,
      action: 'approve',
      actor: by,
      target: { kind: 'user', id: applicant.userId, name: 'Auditapplicant Tester', email: applicant.email },
      detail: null,
    });
  });

  it('disabling and enabling, each raced and retried, are one entry each, newest first', async () => {
    const member = await newAccount('auditmember');
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: member.userId } })).status).toBe(200);
    const disables = await Promise.all([1, 2].map(() => call(operator.token, 'adminDisableUser', { params: { userId: member.userId } })));
    expect(disables.map((a) => a.status)).toEqual([200, 200]);
    expect((await call(operator.token, 'adminDisableUser', { params: { userId: member.userId } })).status).toBe(200);
    const enables = await Promise.all([1, 2].map(() => call(operator.token, 'adminEnableUser', { params: { userId: member.userId } })));
    expect(enables.map((a) => a.status)).toEqual([200, 200]);
    expect((await call(operator.token, 'adminEnableUser', { params: { userId: member.userId } })).status).toBe(200);

    const entries = await entriesOn(member.userId);
    expect(entries.map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['enable', byOperator(operator), 'now active'],
      ['disable', byOperator(operator), null],
      ['approve', byOperator(operator), null],
    ]);
    // The console sync, told of the page's own Cognito calls, finds them made and adds nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await entriesOn(member.userId)).toHaveLength(3);
    expect((await entriesOn(member.userId, 'disable')).map((e) => e.action)).toEqual(['disable']);
  });

  it('removing a listing and a requirement, raced and retried, is one entry each with the title and the owner', async () => {
    const owner = await newAccount('auditowner');
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: owner.userId } })).status).toBe(200);
    const { listingId, requirementId } = await contributions(owner);
    const removals = await Promise.all([
      call(operator.token, 'adminDeleteRequirement', { params: { requirementId } }),
      call(secondOperator.token, 'adminDeleteRequirement', { params: { requirementId } }),
    ]);
    // One removes it; the other finds it gone.
    expect(removals.map((a) => a.status).sort()).toEqual([200, 404]);
    expect((await call(operator.token, 'adminDeleteListing', { params: { listingId } })).status).toBe(200);
    expect((await call(operator.token, 'adminDeleteListing', { params: { listingId } })).status).toBe(404);

    const [listingEntry, ...moreListing] = await entriesOn(listingId);
    expect(moreListing).toEqual([]);
    expect(listingEntry).toMatchObject({
      action: 'remove-listing',
      actor: byOperator(operator),
      target: { kind: 'listing', id: listingId, name: '', email: owner.email },
      detail: 'of Auditowner Tester',
    });
    const requirementEntries = await entriesOn(requirementId);
    expect(requirementEntries).toHaveLength(1);
    expect(requirementEntries[0]).toMatchObject({ action: 'remove-requirement', target: { kind: 'requirement', name: 'Audited office', email: owner.email } });
  });

  it('approving a delegate is an entry naming the broker they assist, once', async () => {
    const [brokerAccount, assistant] = await Promise.all([newAccount('auditbroker'), newAccount('auditassistant')]);
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: brokerAccount.userId } })).status).toBe(200);
    expect((await call(assistant.token, 'requestDelegation', { body: { brokerEmail: brokerAccount.email } })).status).toBeLessThan(300);
    expect(
      (await call(brokerAccount.token, 'updateDelegation', { params: { brokerId: brokerAccount.userId, delegateId: assistant.userId }, body: { action: 'confirm' } })).status,
    ).toBe(200);
    const answers = await Promise.all([1, 2].map(() => call(operator.token, 'adminApproveUser', { params: { userId: assistant.userId } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);

    const entries = await entriesOn(assistant.userId, 'approve-delegate');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: byOperator(operator), detail: `as delegate of Auditbroker Tester <${brokerAccount.email}>` });
    expect(await entriesOn(assistant.userId, 'approve')).toHaveLength(1);
  });

  it('a status change whose entry a crash kept out is put by the next call, once', async () => {
    const { failSends } = await import('../quality/support');
    const { documentClient } = await import('../../../lambdas/core/aws');
    const applicant = await newAccount('auditcrash');
    // The approval is written; the entry's put dies, as a crash between the two writes would.
    const fault = failSends(
      documentClient(),
      (_n, command) => command.constructor.name === 'PutCommand' && (command.input as { Item?: { pk?: string } }).Item?.pk === `AUDIT#${applicant.userId}`,
      () => new Error('injected: the entry is not written'),
    );
    try {
      expect((await call(operator.token, 'adminApproveUser', { params: { userId: applicant.userId } })).status).toBe(500);
    } finally {
      fault.restore();
    }
    expect((await storedUser(applicant.userId))?.status).toBe('active');
    expect(await entriesOn(applicant.userId)).toEqual([]);

    // The operator retries: the approval is made already, and its entry goes in now, in its author's name.
    expect((await call(secondOperator.token, 'adminApproveUser', { params: { userId: applicant.userId } })).status).toBe(200);
    const entries = await entriesOn(applicant.userId);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([['approve', byOperator(operator)]]);
  });

  it('reads newest first, a page at a time, one action on request; refuses an unknown action, a forged cursor and brokers', async () => {
    const first = await trail();
    expect(first.map((e) => e.at)).toEqual([...first.map((e) => e.at)].sort().reverse());
    const page = await call<AuditLogPage>(operator.token, 'adminListAudit', { query: { limit: 1 } });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    const next = await call<AuditLogPage>(operator.token, 'adminListAudit', { query: { limit: 1, cursor: page.body.nextCursor! } });
    expect(next.body.items[0]).toEqual(first[1]);
    expect((await trail('disable')).every((e) => e.action === 'disable')).toBe(true);
    expect((await call(operator.token, 'adminListAudit', { query: { action: 'ALL', limit: 25 } })).body).toEqual((await call(operator.token, 'adminListAudit', { query: { limit: 25 } })).body);

    const unknown = await call<{ message: string; fieldErrors?: Record<string, string[]> }>(operator.token, 'adminListAudit', { query: { action: 'explode' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors?.action).toEqual(['Unknown action.']);
    // A cursor of the whole trail is no cursor of one action's.
    expect((await call(operator.token, 'adminListAudit', { query: { limit: 1, action: 'approve', cursor: page.body.nextCursor! } })).status).toBe(400);
    const broker = await newAccount('auditreader');
    expect((await call(broker.token, 'adminListAudit')).status).toBe(403);
  });
});

describe('the admin CLI and the Cognito console', () => {
  it('the CLI’s actions are the admin CLI’s entries, and `audit` prints the trail the Audit tab shows', async () => {
    const applicant = await newAccount('auditcli');
    await runAdminCommand({ action: 'approve', email: applicant.email });
    await runAdminCommand({ action: 'approve', email: applicant.email });
    await runAdminCommand({ action: 'disable', email: applicant.email });
    const owner = await newAccount('auditcliowner');
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: owner.userId } })).status).toBe(200);
    const { listingId } = await contributions(owner);
    await runAdminCommand({ action: 'remove-listing', id: listingId });

    const entries = await entriesOn(applicant.userId);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['disable', { kind: 'admin-cli' }],
      ['approve', { kind: 'admin-cli' }],
    ]);
    expect((await entriesOn(listingId)).map((e) => e.actor)).toEqual([{ kind: 'admin-cli' }]);

    const printed = await runAdminCommand({ action: 'audit', limit: 30 });
    expect(printed).toEqual({ ok: true, action: 'audit', items: (await trail()).slice(0, 30) });
    const disables = await runAdminCommand({ action: 'audit', only: 'disable' });
    expect(disables).toEqual({ ok: true, action: 'audit', items: await trail('disable') });
    expect(await runAdminCommand({ action: 'audit', only: 'explode' })).toMatchObject({ ok: false });
  });

  it('the console’s approval, disable and deletion are the console’s entries, once each', async () => {
    const member = await newAccount('auditconsole');
    const ids = { UserPoolId: stack.userPoolId, Username: member.userId };
    await cognito.send(new AdminAddUserToGroupCommand({ ...ids, GroupName: approvedGroupName }));
    await eventually(() => storedUser(member.userId), (user) => user?.status === 'active');
    await cognito.send(new AdminDisableUserCommand(ids));
    await eventually(() => storedUser(member.userId), (user) => user?.status === 'disabled');
    await cognito.send(new AdminDeleteUserCommand(ids));
    await eventually(() => storedUser(member.userId), (user) => user?.status === 'deleted');

    const entries = await eventually(
      () => entriesOn(member.userId),
      (found) => found.length === 3,
    );
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['remove-account', { kind: 'console' }],
      ['disable', { kind: 'console' }],
      ['approve', { kind: 'console' }],
    ]);
    // The deletion's event delivered again changes nothing and adds nothing.
    const { handler } = await import('../../../lambdas/events/cognito-console-sync');
    const { cloudTrailEventOf } = await import('../../../lib/local/events');
    expect((await handler(cloudTrailEventOf('AdminDeleteUser', ids))).outcome).toBe('deleted');
    expect(await entriesOn(member.userId)).toHaveLength(3);
  });
});
