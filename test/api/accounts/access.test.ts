import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, Requirement } from '../../../shared/api';
import { cognitoClient, createConfirmedUser, signIn } from '../../../lib/local/testing';
import { completeDraft, queuedListing, runBlastJob } from '../listings/support';
import { call, expectOk, newApprovedBroker, newUser, startStack, validRequirement, type Broker } from '../requirements/support';
import type { LocalStack } from '../../../lib/local/stack';
import { eventually } from '../../fixtures/eventually';

let stack: LocalStack;
let operator: Broker;
let poster: Broker;
let listing: Listing;
let requirement: Requirement;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'accessop', { operator: true });
  poster = await newApprovedBroker(stack, operator, 'poster');
  await expectOk(
    call(stack, poster.token, 'updatePersonalInfo', {
      params: { userId: poster.userId },
      body: { firstName: 'Paula', lastName: 'Poster', phone: '916-555-0177', license: 'DRE 07654321', title: 'Principal' },
    }),
  );
  await expectOk(call(stack, poster.token, 'updateBrokerInfo', { params: { userId: poster.userId }, body: { name: 'Poster Realty', address1: '9 Secret Way', address2: 'Davis, CA 95616' } }));
  const queued = await queuedListing(stack, poster);
  await runBlastJob();
  listing = queued;
  requirement = (await expectOk(call<{ requirement: Requirement }>(stack, poster.token, 'createRequirement', { body: validRequirement() }))).requirement;
  const { handler } = await import('../../../lambdas/jobs/broadcast-requirements');
  await handler();
}, 120_000);

const detailCards = async (token: string) => {
  const l = await expectOk(call<{ listing: Listing }>(stack, token, 'getListing', { params: { listingId: listing.listingId } }));
  const r = await expectOk(call<{ requirement: Requirement }>(stack, token, 'getRequirement', { params: { requirementId: requirement.requirementId } }));
  return [l.listing.user!, r.requirement.user!];
};

describe('contact details and approval', () => {
  it('an account awaiting approval sees names and firms but no phone, e-mail, license or firm address', async () => {
    const pending = await newUser(stack, 'pending');
    for (const card of await detailCards(pending.token)) {
      expect(card).toMatchObject({ firstName: 'Paula', lastName: 'Poster', phone: '', email: '', license: '', detailsHidden: true });
      expect(card.brokerInfo).toMatchObject({ name: 'Poster Realty', address1: '', address2: '' });
      expect(JSON.stringify(card)).not.toMatch(/916-555-0177|07654321|Secret Way|poster-/);
    }
  });

  it('an approved broker and an operator see every detail; the author always sees their own', async () => {
    const approved = await newApprovedBroker(stack, operator, 'approvedreader');
    for (const token of [approved.token, operator.token, poster.token]) {
      for (const card of await detailCards(token)) {
        expect(card).toMatchObject({ phone: '916-555-0177', email: poster.email, license: 'DRE 07654321' });
        expect(card.detailsHidden).toBeUndefined();
      }
    }
  });
});

describe('deleted accounts and accounts without a record', () => {
  it('a token whose account has no record is refused everything but the sign-in repair', async () => {
    const email = `norecord-${Date.now()}@example.com`;
    const userId = await createConfirmedUser(stack, { email, password: 'Test!2345pass', firstName: 'No', lastName: 'Record' });
    const { idToken } = await signIn(stack, email, 'Test!2345pass');
    for (const id of ['listListings', 'listRequirements', 'countRecentListings'] as const) {
      expect((await call(stack, idToken, id)).status, id).toBe(403);
    }
    expect((await call(stack, idToken, 'createRequirement', { body: validRequirement() })).status).toBe(403);
    // Sign-in repairs it from Cognito; then the account browses as any other.
    expect((await call(stack, idToken, 'getUserByCognitoId', { params: { cognitoId: userId } })).status).toBe(200);
    expect((await call(stack, idToken, 'listListings')).status).toBe(200);
  });

  it('deleting the user in Cognito (as the console does) refuses its tokens and takes its items off every list', async () => {
    const leaving = await newApprovedBroker(stack, operator, 'leaving');
    const draft = await completeDraft(stack, leaving);
    const published = await queuedListing(stack, leaving);
    await runBlastJob();
    const sent = (await expectOk(call<{ requirement: Requirement }>(stack, leaving.token, 'createRequirement', { body: validRequirement({ title: 'Leaving broker needs space' }) }))).requirement;
    const { handler: broadcast } = await import('../../../lambdas/jobs/broadcast-requirements');
    await broadcast();

    const cognito = cognitoClient(stack);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: stack.userPoolId, Username: leaving.userId }));
    cognito.destroy();
    const { usersRepository } = await import('../../../lambdas/data/users');
    expect((await eventually(() => usersRepository.get(leaving.userId), (record) => record?.status === 'deleted'))?.status).toBe('deleted');
    // The record says deleted first, then the items go: the event's work is done when the last one has.
    await eventually(() => call(stack, operator.token, 'getRequirement', { params: { requirementId: sent.requirementId } }), (answer) => answer.status === 404);

    // Its still-valid ID token can neither write nor read.
    expect((await call(stack, leaving.token, 'createRequirement', { body: validRequirement() })).status).toBe(403);
    expect((await call(stack, leaving.token, 'createListing')).status).toBe(403);
    expect((await call(stack, leaving.token, 'listListings')).status).toBe(403);
    // Its items are gone from every list and detail.
    const reader = await newApprovedBroker(stack, operator, 'reader');
    for (const listingId of [draft.listingId, published.listingId]) {
      expect((await call(stack, operator.token, 'getListing', { params: { listingId } })).status).toBe(404);
    }
    expect((await call(stack, reader.token, 'getRequirement', { params: { requirementId: sent.requirementId } })).status).toBe(404);
    const browse = await expectOk(call<{ items: { listingId: string }[] }>(stack, reader.token, 'listListings', { query: { limit: 25 } }));
    expect(browse.items.map((i) => i.listingId)).not.toContain(published.listingId);
    const requirements = await expectOk(call<{ items: { requirementId: string }[] }>(stack, reader.token, 'listRequirements', { query: { limit: 25 } }));
    expect(requirements.items.map((i) => i.requirementId)).not.toContain(sent.requirementId);
    // An operator cannot bring it back.
    expect((await call(stack, operator.token, 'adminDisableUser', { params: { userId: leaving.userId } })).status).toBe(409);
  });
});

afterAll(async () => undefined);
