import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerSuspendedMessage, exportNotAllowedMessage, notDelegableMessage, revokedMessage } from '../../../lambdas/core/acting';
import { createConfirmedUser, cognitoClient, signIn } from '../../../lib/local/testing';
import type { LocalStack } from '../../../lib/local/stack';
import { approvedGroupName } from '../../../shared/api/routes';
import { listingDraft, type Delegation, type DelegationsResponse, type DirectoryPage, type Listing, type ListingSummary, type Requirement } from '../../../shared/api';
import { eventually } from '../../fixtures/eventually';
import { validDraft } from '../listings/support';
import { actingFor, call, expectOk, newApprovedBroker, newDelegate, newUser, startStack, validRequirement, type Broker } from '../requirements/support';

/**
 * Delegates. An account asks to assist a broker, the broker confirms, an operator approves; the
 * delegate then works on the broker's listings and requirements with X-Acting-For, and every change says who
 * made it. A revocation, or the broker's account disabled, refuses the delegate's very next call.
 */
let stack: LocalStack;
let operator: Broker;
let broker: Broker;

const delegations = (caller: Broker) => expectOk(call<DelegationsResponse>(stack, caller.token, 'listDelegations'));
const decide = (caller: Broker, delegate: Broker, body: Record<string, unknown>) =>
  call<{ delegation: Delegation }>(stack, caller.token, 'updateDelegation', { params: { brokerId: broker.userId, delegateId: delegate.userId }, body });

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  broker = await newApprovedBroker(stack, operator, 'principal');
}, 120_000);

afterAll(async () => stack?.stop());

describe('becoming a delegate', () => {
  it('is pending until the broker confirms and an operator approves, and says which step is missing', async () => {
    const assistant = await newUser(stack, 'assistant');
    const asked = await expectOk(call<{ delegation: Delegation }>(stack, assistant.token, 'requestDelegation', { body: { brokerEmail: ` ${broker.email.toUpperCase()} ` } }));
    expect(asked.delegation).toMatchObject({ brokerId: broker.userId, delegateId: assistant.userId, state: 'requested', canExport: false, brokerActive: true });
    // Asking again answers the open request.
    expect((await expectOk(call<{ delegation: Delegation }>(stack, assistant.token, 'requestDelegation', { body: { brokerEmail: broker.email } }))).delegation.requestedAt).toBe(asked.delegation.requestedAt);
    expect((await delegations(broker)).asBroker.map((d) => [d.delegate.email, d.state])).toEqual([[assistant.email, 'requested']]);

    // Acting before both said yes is refused, naming the missing approval.
    const early = await call<{ message: string }>(stack, assistant.token, 'createListing', { headers: actingFor(broker) });
    expect(early.status).toBe(403);

    // The delegate cannot confirm their own request; the broker can.
    expect((await decide(assistant, assistant, { action: 'confirm' })).status).toBe(403);
    expect((await expectOk(decide(broker, assistant, { action: 'confirm' }))).delegation.state).toBe('confirmed');
    const queue = await expectOk(call<{ items: Delegation[] }>(stack, operator.token, 'adminListDelegations', { query: { limit: 25 } }));
    expect(queue.items.map((d) => d.delegateId)).toContain(assistant.userId);

    await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: assistant.userId } }));
    expect((await delegations(assistant)).asDelegate.map((d) => d.state)).toEqual(['approved']);
    const after = await expectOk(call<{ items: Delegation[] }>(stack, operator.token, 'adminListDelegations', { query: { limit: 25 } }));
    expect(after.items.map((d) => d.delegateId)).not.toContain(assistant.userId);
  });

  it('a declined request never lets the account act, and may be asked again', async () => {
    const stranger = await newApprovedBroker(stack, operator, 'stranger');
    await expectOk(call(stack, stranger.token, 'requestDelegation', { body: { brokerEmail: broker.email } }));
    expect((await expectOk(decide(broker, stranger, { action: 'decline' }))).delegation.state).toBe('declined');
    await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: stranger.userId } }));
    expect((await call(stack, stranger.token, 'createListing', { headers: actingFor(broker) })).status).toBe(403);
    expect((await expectOk(call<{ delegation: Delegation }>(stack, stranger.token, 'requestDelegation', { body: { brokerEmail: broker.email } }))).delegation.state).toBe('requested');
  });

  it("refuses an unknown broker, and one's own address", async () => {
    const applicant = await newUser(stack, 'applicant');
    expect((await call(stack, applicant.token, 'requestDelegation', { body: { brokerEmail: 'nobody-here@example.com' } })).status).toBe(404);
    expect((await call(stack, applicant.token, 'requestDelegation', { body: { brokerEmail: applicant.email } })).status).toBe(400);
  });

  it('a sign-up naming a broker asks at once, and keeps the account out of the directory', async () => {
    const email = `signup-assistant-${Date.now()}@example.com`;
    const cognitoId = await createConfirmedUser(stack, { email, password: 'Deleg!2345pass', firstName: 'Sign', lastName: 'Up' });
    await expectOk(call(stack, null, 'createUser', { body: { email, cognitoId, firstName: 'Sign', lastName: 'Up', acceptedTermsAndConditions: true, delegateOf: broker.email } }));
    const { idToken } = await signIn(stack, email, 'Deleg!2345pass');
    const signedUp: Broker = { userId: cognitoId, email, token: idToken };
    expect((await delegations(signedUp)).asDelegate.map((d) => [d.brokerId, d.state])).toEqual([[broker.userId, 'requested']]);
    const me = await expectOk(call<{ user: { directory: { listed: boolean } } }>(stack, idToken, 'getUserByCognitoId', { params: { cognitoId } }));
    expect(me.user.directory.listed).toBe(false);
  });

  it('the Cognito console approves a delegate: the account added to the approved group again', async () => {
    const delegate = await newApprovedBroker(stack, operator, 'consoledelegate');
    await expectOk(call(stack, delegate.token, 'requestDelegation', { body: { brokerEmail: broker.email } }));
    await expectOk(decide(broker, delegate, { action: 'confirm' }));
    const cognito = cognitoClient(stack);
    try {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: delegate.userId, GroupName: approvedGroupName }));
    } finally {
      cognito.destroy();
    }
    const seen = await eventually(() => delegations(delegate), (d) => d.asDelegate[0]?.state === 'approved');
    expect(seen.asDelegate.map((d) => d.state)).toEqual(['approved']);
  });
});

describe('acting for a broker', () => {
  let assistant: Broker;
  beforeAll(async () => {
    assistant = await newDelegate(stack, operator, broker, 'acting');
  });

  it("creates and edits the broker's listing and requirement under the broker's name, and the owner sees who did it", async () => {
    const created = await expectOk(call<{ listing: Listing }>(stack, assistant.token, 'createListing', { headers: actingFor(broker) }));
    const { listingId } = created.listing;
    expect(created.listing.userId).toBe(broker.userId);
    expect(created.listing.history?.createdBy?.delegate?.userId).toBe(assistant.userId);
    const saved = await expectOk(
      call<{ listing: Listing }>(stack, assistant.token, 'updateListing', {
        params: { listingId },
        body: { ...listingDraft.parse({}), ...validDraft(), version: created.listing.version },
        headers: actingFor(broker),
      }),
    );
    // The editor's autosaves make one line, not one per save.
    await expectOk(
      call(stack, assistant.token, 'updateListing', {
        params: { listingId },
        body: { ...listingDraft.parse({}), ...validDraft(), title: 'Second save', version: saved.listing.version },
        headers: actingFor(broker),
      }),
    );
    // The owner's own read: the card is the broker's, the history names the delegate.
    const own = await expectOk(call<{ listing: Listing }>(stack, broker.token, 'getListing', { params: { listingId } }));
    expect(own.listing.user?._id).toBe(broker.userId);
    expect(own.listing.history?.changes.map((c) => [c.action, c.delegate?.userId ?? null])).toEqual([
      ['created', assistant.userId],
      ['edited', assistant.userId],
    ]);
    const mine = await expectOk(call<{ items: ListingSummary[] }>(stack, broker.token, 'listMyListings', { params: { userId: broker.userId } }));
    expect(mine.items.find((l) => l.listingId === listingId)?.lastChangedBy?.delegate?.name).toBe('acting Tester');
    // The delegate reads the same list for the broker.
    const theirs = await expectOk(call<{ items: ListingSummary[] }>(stack, assistant.token, 'listMyListings', { params: { userId: broker.userId }, headers: actingFor(broker) }));
    expect(theirs.items.map((l) => l.listingId)).toContain(listingId);
    // Another broker never sees who changed it.
    const other = await newApprovedBroker(stack, operator, 'onlooker');
    const requirement = await expectOk(call<{ requirement: Requirement }>(stack, assistant.token, 'createRequirement', { body: validRequirement(), headers: actingFor(broker) }));
    expect(requirement.requirement.userId).toBe(broker.userId);
    expect(requirement.requirement.history?.createdBy?.delegate?.userId).toBe(assistant.userId);
    expect((await call(stack, other.token, 'getListing', { params: { listingId } })).status).toBe(404);
  });

  it("cannot change the broker's profile, privacy or delegates, nor export their lists until allowed", async () => {
    const profile = await call<{ message: string }>(stack, assistant.token, 'updateBrokerInfo', {
      params: { userId: broker.userId },
      body: { name: 'Taken over', address1: '1 Main', version: 0 },
      headers: actingFor(broker),
    });
    expect(profile).toMatchObject({ status: 403, body: { message: notDelegableMessage } });
    expect((await call(stack, assistant.token, 'listDelegations', { headers: actingFor(broker) })).status).toBe(403);

    const list = await expectOk(call<{ list: { listId: string } }>(stack, broker.token, 'createContactList', { body: { name: 'All', filter: {} } }));
    const exportList = () => call<{ message: string }>(stack, assistant.token, 'exportContactList', { params: { listId: list.list.listId }, body: { format: 'csv' }, headers: actingFor(broker) });
    expect(await exportList()).toMatchObject({ status: 403, body: { message: exportNotAllowedMessage('principal Tester') } });
    await expectOk(decide(broker, assistant, { action: 'setExport', canExport: true }));
    expect((await exportList()).status).toBe(200);
    // The operators' export log names the broker and the delegate who made it.
    const log = await expectOk(call<{ items: { userId: string; userName: string }[] }>(stack, operator.token, 'adminListExports', { query: { limit: 1 } }));
    expect(log.items[0]).toMatchObject({ userId: broker.userId, userName: 'principal Tester (by acting Tester)' });
  });

  it("a disabled broker suspends the delegate's access; enabling restores it", async () => {
    const owner = await newApprovedBroker(stack, operator, 'suspended');
    const helper = await newDelegate(stack, operator, owner, 'helper');
    expect((await call(stack, helper.token, 'createListing', { headers: actingFor(owner) })).status).toBe(201);
    await expectOk(call(stack, operator.token, 'adminDisableUser', { params: { userId: owner.userId } }));
    const refused = await call<{ message: string }>(stack, helper.token, 'listMyListings', { params: { userId: owner.userId }, headers: actingFor(owner) });
    expect(refused).toMatchObject({ status: 403, body: { message: brokerSuspendedMessage('suspended Tester') } });
    await expectOk(call(stack, operator.token, 'adminEnableUser', { params: { userId: owner.userId } }));
    expect((await call(stack, helper.token, 'listMyListings', { params: { userId: owner.userId }, headers: actingFor(owner) })).status).toBe(200);
  });

  it("a revocation refuses the delegate's very next call, reads included", async () => {
    const former = await newDelegate(stack, operator, broker, 'revoked');
    const created = await expectOk(call<{ listing: Listing }>(stack, former.token, 'createListing', { headers: actingFor(broker) }));
    // A read first, as a page would make, so nothing of a warm function's memory can help.
    expect((await call(stack, former.token, 'getListing', { params: { listingId: created.listing.listingId }, headers: actingFor(broker) })).status).toBe(200);
    expect((await expectOk(decide(broker, former, { action: 'revoke' }))).delegation.state).toBe('revoked');
    const edit = await call<{ message: string }>(stack, former.token, 'updateListing', {
      params: { listingId: created.listing.listingId },
      body: { ...listingDraft.parse({}), title: 'After the revocation', version: created.listing.version },
      headers: actingFor(broker),
    });
    expect(edit).toMatchObject({ status: 403, body: { message: revokedMessage('principal Tester') } });
    expect((await call(stack, former.token, 'getListing', { params: { listingId: created.listing.listingId }, headers: actingFor(broker) })).status).toBe(403);
    const own = await expectOk(call<{ listing: Listing }>(stack, broker.token, 'getListing', { params: { listingId: created.listing.listingId } }));
    expect(own.listing.title).toBe('');
  });

  it('a delegate who opts in is listed in the directory as "Assistant to" their broker', async () => {
    const listed = await newDelegate(stack, operator, broker, 'listed');
    const me = await expectOk(call<{ user: { version: number } }>(stack, listed.token, 'getUserByCognitoId', { params: { cognitoId: listed.userId } }));
    await expectOk(call(stack, listed.token, 'updateDirectoryPrivacy', { params: { userId: listed.userId }, body: { listed: true, showPhone: false, showEmail: true, version: me.user.version } }));
    const page = await expectOk(call<DirectoryPage>(stack, broker.token, 'listBrokers', { query: { q: 'listed', limit: 25 } }));
    expect(page.items.find((b) => b.userId === listed.userId)?.assistantTo).toEqual(['principal Tester']);
  });
});
