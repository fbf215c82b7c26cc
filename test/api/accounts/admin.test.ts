import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, User } from '../../../shared/api';
import { runAdminCommand } from '../../../lambdas/admin/run-command';
import { disabledMessage, notApprovedMessage } from '../../../lambdas/core/errors';
import { readMail, signIn } from '../../../lib/local/testing';
import { call, newAccount, PASSWORD, stack, storedUser, type Account } from './support';

type Page = { items: AdminUser[]; nextCursor: string | null };

let operator: Account;
let broker: Account;

beforeAll(async () => {
  [operator, broker] = await Promise.all([newAccount('operator', { operator: true }), newAccount('broker')]);
});

async function queue(token: string, query: Record<string, string | number> = {}): Promise<AdminUser[]> {
  const items: AdminUser[] = [];
  let cursor: string | null = null;
  do {
    const answer: { status: number; body: Page } = await call<Page>(token, 'adminListUsers', {
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    expect(answer.status).toBe(200);
    items.push(...answer.body.items);
    cursor = answer.body.nextCursor;
  } while (cursor);
  return items;
}

const mailsTo = async (email: string) => (await readMail(stack)).filter((m) => m.to.includes(email));

describe('operator routes refuse everyone else', () => {
  it('answers 401 without a token', async () => {
    expect((await call(null, 'adminListUsers')).status).toBe(401);
    expect((await call(null, 'adminApproveUser', { params: { userId: broker.userId } })).status).toBe(401);
  });

  it('answers 403 to a signed-in broker, and changes nothing', async () => {
    const target = await newAccount('target');
    for (const [id, status] of [
      ['adminListUsers', undefined],
      ['adminApproveUser', target.userId],
      ['adminDisableUser', target.userId],
      ['adminEnableUser', target.userId],
    ] as const) {
      const answer = await call<{ message: string }>(broker.token, id, status ? { params: { userId: status } } : {});
      expect(answer.status, id).toBe(403);
      expect(answer.body.message).toBe('Only operators can do this.');
    }
    expect((await storedUser(target.userId))?.status).toBe('awaiting approval');
    expect(await mailsTo(target.email)).toEqual([]);
  });

  it('answers 403 even when the broker approves themselves', async () => {
    const self = await newAccount('selfapprover');
    expect((await call(self.token, 'adminApproveUser', { params: { userId: self.userId } })).status).toBe(403);
    expect((await storedUser(self.userId))?.status).toBe('awaiting approval');
  });
});

describe('the approval queue', () => {
  it('lists accounts awaiting approval oldest first, with name, e-mail, license, broker and status', async () => {
    const first = await newAccount('first');
    const second = await newAccount('second');
    const items = await queue(operator.token);
    const ids = items.map((u) => u._id);
    expect(ids).toContain(first.userId);
    expect(ids.indexOf(first.userId)).toBeLessThan(ids.indexOf(second.userId));
    const createdAt = items.map((u) => u.createdAt);
    expect(createdAt).toEqual([...createdAt].sort());
    expect(items.find((u) => u._id === first.userId)).toEqual({
      _id: first.userId,
      firstName: 'First',
      lastName: 'Tester',
      email: first.email,
      license: '',
      brokerInfo: null,
      status: 'awaiting approval',
      createdAt: expect.any(String),
      emailConfirmed: expect.any(Boolean),
      // Mail flows: no bounce or complaint stopped it.
      mailStop: null,
      // A broker's own account: it asked to assist no one.
      assists: [],
    });
  });

  it('pages with an opaque cursor and refuses a broken one', async () => {
    await newAccount('paged');
    const page = await call<Page>(operator.token, 'adminListUsers', { query: { limit: 1 } });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const next = await call<Page>(operator.token, 'adminListUsers', { query: { limit: 1, cursor: page.body.nextCursor! } });
    expect(next.body.items[0]?._id).not.toBe(page.body.items[0]?._id);
    expect((await call(operator.token, 'adminListUsers', { query: { cursor: 'garbage!' } })).status).toBe(400);
    expect((await call(operator.token, 'adminListUsers', { query: { status: 'sleeping' } })).status).toBe(400);
  });
});

describe('approve', () => {
  it('activates the account, sends the approval e-mail once, and lifts the approved-only refusal', async () => {
    const applicant = await newAccount('applicant');
    expect(await call<{ message: string }>(applicant.token, 'createListing')).toEqual({
      status: 403,
      body: { message: notApprovedMessage },
    });

    const answer = await call<{ user: User }>(operator.token, 'adminApproveUser', { params: { userId: applicant.userId } });
    expect(answer.status).toBe(200);
    expect(answer.body.user.status).toBe('active');
    expect(answer.body.user.approvedAt).toEqual(expect.any(String));
    expect((await storedUser(applicant.userId))?.status).toBe('active');
    expect((await queue(operator.token)).map((u) => u._id)).not.toContain(applicant.userId);
    expect((await queue(operator.token, { status: 'active' })).map((u) => u._id)).toContain(applicant.userId);

    const [mail, ...others] = await mailsTo(applicant.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Your BISN account is approved');
    expect(mail?.html).toContain(`${stack.env.SITE_URL}/login?email=${encodeURIComponent(applicant.email)}`);
    expect(mail?.text).toContain('Hi Applicant,');

    // Approving again is harmless: same answer, no second e-mail.
    const again = await call<{ user: User }>(operator.token, 'adminApproveUser', { params: { userId: applicant.userId } });
    expect(again.status).toBe(200);
    expect(again.body.user.approvedAt).toBe(answer.body.user.approvedAt);
    expect(await mailsTo(applicant.email)).toHaveLength(1);

    // The approved-only route now gets past authorization (it creates a draft).
    expect((await call(applicant.token, 'createListing')).status).toBe(201);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: 'no-such-user' } })).status).toBe(404);
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: 'bad id!' } })).status).toBe(400);
  });
});

describe('disable and enable', () => {
  it('a disabled account cannot sign in and its old token gets 403; enabling restores it as it was', async () => {
    const member = await newAccount('member');
    await call(operator.token, 'adminApproveUser', { params: { userId: member.userId } });

    const disabled = await call<{ user: User }>(operator.token, 'adminDisableUser', { params: { userId: member.userId } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.user.status).toBe('disabled');
    expect((await queue(operator.token, { status: 'disabled' })).map((u) => u._id)).toContain(member.userId);

    await expect(signIn(stack, member.email, PASSWORD)).rejects.toThrow(/disabled/i);
    const withOldToken = await call<{ message: string }>(member.token, 'getUserByCognitoId', { params: { cognitoId: member.userId } });
    expect(withOldToken).toEqual({ status: 403, body: { message: disabledMessage } });
    const update = await call(member.token, 'updatePersonalInfo', {
      params: { userId: member.userId },
      body: { firstName: 'Sneaky', lastName: 'Edit' },
    });
    expect(update.status).toBe(403);
    expect((await storedUser(member.userId))?.firstName).toBe('Member');

    // Disabling an account that is already disabled changes nothing.
    expect((await call(operator.token, 'adminDisableUser', { params: { userId: member.userId } })).status).toBe(200);

    const enabled = await call<{ user: User }>(operator.token, 'adminEnableUser', { params: { userId: member.userId } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.user.status).toBe('active');
    const { idToken } = await signIn(stack, member.email, PASSWORD);
    expect((await call(idToken, 'getUserByCognitoId', { params: { cognitoId: member.userId } })).status).toBe(200);
  });

  it('a disable refuses reads at once in the process that made it (every local handler shares one)', async () => {
    const member = await newAccount('reader');
    expect((await call(member.token, 'listListings')).status).toBe(200);
    expect((await call(operator.token, 'adminDisableUser', { params: { userId: member.userId } })).status).toBe(200);
    expect(await call(member.token, 'listListings')).toEqual({ status: 403, body: { message: disabledMessage } });
  });

  it('disabled by another function: reads go on for at most RECENT_CALLER_TTL_MS, writes are refused at once', async () => {
    const member = await newAccount('elsewhere');
    expect((await call(member.token, 'listListings')).status).toBe(200);
    // This test's process stands for another warm function: the record changes, the gateway's memory doesn't.
    const { usersRepository } = await import('../../../lambdas/data/users');
    await usersRepository.update(member.userId, { status: 'disabled' });

    expect((await call(member.token, 'listListings')).status).toBe(200);
    const write = await call(member.token, 'updatePersonalInfo', { params: { userId: member.userId }, body: { firstName: 'Late', lastName: 'Edit' } });
    expect(write).toEqual({ status: 403, body: { message: disabledMessage } });
    // The refused write made the gateway read the record, so reads are refused from then on too.
    expect((await call(member.token, 'listListings')).status).toBe(403);
    expect((await storedUser(member.userId))?.firstName).toBe('Elsewhere');
  });

  it('approval-level reads trust only a remembered approval: one taken back elsewhere reads on for at most RECENT_CALLER_TTL_MS', async () => {
    const member = await newAccount('approval');
    // Remembered as awaiting approval (the record read above): an approval-level read looks again, and refuses.
    expect(await call(member.token, 'listBrokers')).toEqual({ status: 403, body: { message: notApprovedMessage } });
    expect((await call(operator.token, 'adminApproveUser', { params: { userId: member.userId } })).status).toBe(200);
    expect((await call(member.token, 'listBrokers')).status).toBe(200);

    // Another function takes the approval back: this gateway's memory still says approved, for reads only.
    const { usersRepository } = await import('../../../lambdas/data/users');
    await usersRepository.update(member.userId, { status: 'awaiting approval' });
    expect((await call(member.token, 'listBrokers')).status).toBe(200);
    const write = await call(member.token, 'createContactList', { body: { name: 'Late list', filter: {} } });
    expect(write).toEqual({ status: 403, body: { message: notApprovedMessage } });
    // The refused write read the record: reads are refused from then on too.
    expect(await call(member.token, 'listBrokers')).toEqual({ status: 403, body: { message: notApprovedMessage } });
  });

  it('an account disabled before approval goes back to awaiting approval', async () => {
    const applicant = await newAccount('early');
    await call(operator.token, 'adminDisableUser', { params: { userId: applicant.userId } });
    const approve = await call<{ message: string }>(operator.token, 'adminApproveUser', { params: { userId: applicant.userId } });
    expect(approve.status).toBe(409);
    const enabled = await call<{ user: User }>(operator.token, 'adminEnableUser', { params: { userId: applicant.userId } });
    expect(enabled.body.user.status).toBe('awaiting approval');
    expect(await mailsTo(applicant.email)).toEqual([]);
  });

  it('an operator cannot disable their own account', async () => {
    const answer = await call<{ message: string }>(operator.token, 'adminDisableUser', { params: { userId: operator.userId } });
    expect(answer).toEqual({ status: 400, body: { message: 'You cannot disable your own account.' } });
    expect((await storedUser(operator.userId))?.status).not.toBe('disabled');
  });
});

describe('the admin Lambdas (npm run admin runs the same handlers)', () => {
  it('lists, approves, disables and enables by e-mail', async () => {
    const applicant = await newAccount('cli');

    const listed = await runAdminCommand({ action: 'list' });
    expect(listed.ok && listed.action === 'list' && listed.items.some((u) => u.email === applicant.email)).toBe(true);

    const approved = await runAdminCommand({ action: 'approve', email: applicant.email.toUpperCase() });
    expect(approved).toMatchObject({ ok: true, action: 'approve', user: { email: applicant.email, status: 'active' } });
    expect((await mailsTo(applicant.email)).map((m) => m.subject)).toEqual(['Your BISN account is approved']);

    expect(await runAdminCommand({ action: 'disable', email: applicant.email })).toMatchObject({ ok: true, user: { status: 'disabled' } });
    await expect(signIn(stack, applicant.email, PASSWORD)).rejects.toThrow(/disabled/i);
    expect(await runAdminCommand({ action: 'enable', email: applicant.email })).toMatchObject({ ok: true, user: { status: 'active' } });

    expect(await runAdminCommand({ action: 'approve', email: 'nobody@example.com' })).toEqual({
      ok: false,
      message: 'No account found for nobody@example.com',
    });
    expect(await runAdminCommand({ action: 'explode' })).toMatchObject({ ok: false });
    // Each function runs only its own commands: the approve function cannot disable anyone.
    const { handler: approveFunction } = await import('../../../lambdas/admin/approve');
    expect(await approveFunction({ action: 'disable', email: applicant.email })).toEqual({
      ok: false,
      message: 'adminApprove does not run "disable"; npm run admin invokes the function of each command.',
    });
    expect((await storedUser(applicant.userId))?.status).toBe('active');
  });
});

describe('the admin Lambdas remove contributions', () => {
  it('removes a listing and a requirement by id, and says so when there is none', async () => {
    const owner = await newAccount('contributor');
    await runAdminCommand({ action: 'approve', email: owner.email });
    const listing = await call<{ listingId: string }>(owner.token, 'createListing');
    const requirement = await call<{ requirement: { requirementId: string } }>(owner.token, 'createRequirement', {
      body: { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown'], title: 'Office', timing: 'Soon' },
    });
    expect([listing.status, requirement.status]).toEqual([201, 201]);
    const listingId = listing.body.listingId;
    const requirementId = requirement.body.requirement.requirementId;

    expect(await runAdminCommand({ action: 'remove-listing', id: listingId })).toEqual({ ok: true, action: 'remove-listing', id: listingId });
    expect(await runAdminCommand({ action: 'remove-requirement', id: requirementId })).toEqual({
      ok: true,
      action: 'remove-requirement',
      id: requirementId,
    });
    // Gone for the owner too.
    expect((await call(owner.token, 'getListing', { params: { listingId } })).status).toBe(404);
    expect((await call(owner.token, 'getRequirement', { params: { requirementId } })).status).toBe(404);

    expect(await runAdminCommand({ action: 'remove-listing', id: listingId })).toEqual({ ok: false, message: 'Listing not found' });
    expect(await runAdminCommand({ action: 'remove-requirement', id: '' })).toMatchObject({ ok: false });
  });
});
