import { AdminAddUserToGroupCommand, AdminDisableUserCommand, AdminEnableUserCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../lambdas/core/logger';
import { approvedGroupName } from '../../../shared/api/routes';
import { cloudTrailEventOf } from '../../../lib/local/events';
import { cognitoClient, readMail } from '../../../lib/local/testing';
import { call, newAccount, stack, storedUser } from './support';
import { eventually } from '../../fixtures/eventually';

/**
 * An operator working in the Cognito console. These tests call the Cognito admin API
 * directly, as the console does; the local event bus turns each call into the CloudTrail event the
 * cloud's EventBridge rule delivers to the same handler (lambdas/events/cognito-console-sync.ts).
 */
const cognito = cognitoClient(stack);
afterAll(() => cognito.destroy());
const ids = (userId: string) => ({ UserPoolId: stack.userPoolId, Username: userId });
const approvalMails = async (email: string) => (await readMail(stack)).filter((m) => m.to.includes(email) && m.subject === 'Your BISN account is approved');


describe('approval from the Cognito console', () => {
  it('adding the user to the approved group activates the account and sends the approval e-mail once', async () => {
    const applicant = await newAccount('consoleapplicant');
    expect((await storedUser(applicant.userId))?.status).toBe('awaiting approval');

    // Delivered within a second or two here; the wait is generous so a busy machine cannot fail it.
    await cognito.send(new AdminAddUserToGroupCommand({ ...ids(applicant.userId), GroupName: approvedGroupName }));
    const mails = await eventually(() => approvalMails(applicant.email), (found) => found.length > 0);
    expect(mails).toHaveLength(1);
    expect((await storedUser(applicant.userId))?.status).toBe('active');
    // The approved-only route now gets past authorization, as after the operator page's approval.
    expect((await call(applicant.token, 'createListing', { body: {} })).status).not.toBe(403);

    // The same event delivered twice more (EventBridge delivers at least once): nothing more happens.
    const { handler } = await import('../../../lambdas/events/cognito-console-sync');
    const event = cloudTrailEventOf('AdminAddUserToGroup', { ...ids(applicant.userId), GroupName: approvedGroupName });
    const replays = await Promise.all([handler(event), handler(event)]);
    expect(replays.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await approvalMails(applicant.email)).toHaveLength(1);
  });

  it('disabling and enabling in the console disables and restores the account as the operator page does', async () => {
    const broker = await newAccount('consoledisabled');
    await cognito.send(new AdminAddUserToGroupCommand({ ...ids(broker.userId), GroupName: approvedGroupName }));
    await eventually(() => storedUser(broker.userId), (user) => user?.status === 'active');

    await cognito.send(new AdminDisableUserCommand(ids(broker.userId)));
    expect((await eventually(() => storedUser(broker.userId), (user) => user?.status === 'disabled'))?.status).toBe('disabled');
    const refused = await call<{ message: string }>(broker.token, 'createListing', { body: {} });
    expect(refused.status).toBe(403);

    await cognito.send(new AdminEnableUserCommand(ids(broker.userId)));
    expect((await eventually(() => storedUser(broker.userId), (user) => user?.status === 'active'))?.status).toBe('active');
  });

  it('a late or replayed event reconciles to what Cognito says now instead of replaying an old change', async () => {
    const broker = await newAccount('consolelate');
    await cognito.send(new AdminAddUserToGroupCommand({ ...ids(broker.userId), GroupName: approvedGroupName }));
    await eventually(() => storedUser(broker.userId), (user) => user?.status === 'active');
    await cognito.send(new AdminRemoveUserFromGroupCommand({ ...ids(broker.userId), GroupName: approvedGroupName }));
    await eventually(() => storedUser(broker.userId), (user) => user?.status === 'awaiting approval');

    // The add arrives again after the removal (out of order): the account stays unapproved, no second mail.
    const { handler } = await import('../../../lambdas/events/cognito-console-sync');
    const late = await handler(cloudTrailEventOf('AdminAddUserToGroup', { ...ids(broker.userId), GroupName: approvedGroupName }));
    expect(late.outcome).toBe('unchanged');
    expect((await storedUser(broker.userId))?.status).toBe('awaiting approval');
    expect(await approvalMails(broker.email)).toHaveLength(1);
  });

  it("ignores other groups, other pools, failed calls and events it cannot read, changing nothing", async () => {
    const applicant = await newAccount('consoleother');
    const { handler } = await import('../../../lambdas/events/cognito-console-sync');
    const otherGroup = cloudTrailEventOf('AdminAddUserToGroup', { ...ids(applicant.userId), GroupName: 'operators' });
    const otherPool = cloudTrailEventOf('AdminAddUserToGroup', { UserPoolId: 'us-east-1_other', Username: applicant.userId, GroupName: approvedGroupName });
    const failed = structuredClone(cloudTrailEventOf('AdminDisableUser', ids(applicant.userId))) as { detail: Record<string, unknown> };
    failed.detail.errorCode = 'UserNotFoundException';
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const outcomes = await Promise.all([handler(otherGroup), handler(otherPool), handler(failed), handler({ detail: { eventName: 'DeleteUserPool' } })]);
    expect(warn).toHaveBeenCalledWith('cognito console sync: not an event it reads', expect.anything());
    warn.mockRestore();
    expect(outcomes.map((o) => o.outcome)).toEqual(['unchanged', 'ignored: another user pool', 'ignored: the call failed (UserNotFoundException)', 'ignored: unreadable event']);
    expect((await storedUser(applicant.userId))?.status).toBe('awaiting approval');
  });
});

describe('a console deletion that crashes half way (faults)', () => {
  it('a DynamoDB outage mid-run fails the run; the retried run finishes it: everything removed, nothing twice', async () => {
    const { failSends } = await import('../quality/support');
    const { documentClient } = await import('../../../lambdas/core/aws');
    const { listingsRepository } = await import('../../../lambdas/data/listings');
    const { usersRepository } = await import('../../../lambdas/data/users');
    const { markAccountDeleted } = await import('../../../lambdas/domain/account-removal');
    const { adminCliActor } = await import('../../../lambdas/domain/audit');
    const leaving = await newAccount('consolecrash');
    await cognito.send(new AdminAddUserToGroupCommand({ ...ids(leaving.userId), GroupName: approvedGroupName }));
    await eventually(() => storedUser(leaving.userId), (user) => user?.status === 'active');
    const drafts = await Promise.all([1, 2, 3].map(() => call<{ listingId: string }>(leaving.token, 'createListing')));
    expect(drafts.every((d) => d.status === 201)).toBe(true);

    // The first run dies on the second listing's delete, as an outage that outlasts the SDK's retries.
    let deletes = 0;
    const fault = failSends(documentClient(), (_n, command) => command.constructor.name === 'DeleteCommand' && ++deletes === 2, () => new Error('injected: DynamoDB unreachable'));
    try {
      await expect(markAccountDeleted((await usersRepository.get(leaving.userId))!, adminCliActor)).rejects.toThrow('injected');
    } finally {
      fault.restore();
    }
    expect((await usersRepository.get(leaving.userId))?.status).toBe('deleted');
    expect((await listingsRepository.allByOwner(leaving.userId)).length).toBeGreaterThan(0);

    // The retry (EventBridge redelivers a failed event) finishes; one more changes nothing.
    const record = (await usersRepository.get(leaving.userId))!;
    expect(await markAccountDeleted(record, adminCliActor)).toMatchObject({ listings: 2 });
    expect(await markAccountDeleted(record, adminCliActor)).toEqual({ listings: 0, requirements: 0 });
    expect(await listingsRepository.allByOwner(leaving.userId)).toEqual([]);
  });
});
