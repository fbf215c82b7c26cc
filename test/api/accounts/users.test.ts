import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/api';
import { subscriptionCategories } from '../../../shared/catalog';
import { randomUUID } from 'node:crypto';
import { cognitoClient, createConfirmedUser, latestCode, signIn } from '../../../lib/local/testing';
import { call, newAccount, newEmail, PASSWORD, stack, storedUser, type Account } from './support';

type Err = { message: string; fieldErrors?: Record<string, string[]> };

const cognito = cognitoClient(stack);
afterAll(() => cognito.destroy());

/** Sign-up step 1 as the web app does it: the Cognito user, not yet confirmed. Returns its sub. */
async function cognitoSignUp(email: string, firstName = 'Dana', lastName = 'Reyes'): Promise<string> {
  const { UserSub } = await cognito.send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: firstName },
        { Name: 'family_name', Value: lastName },
      ],
    }),
  );
  return UserSub!;
}

async function confirm(email: string): Promise<void> {
  const code = await latestCode(stack, email);
  await cognito.send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: code }));
}

let me: Account;
let other: Account;

beforeAll(async () => {
  [me, other] = await Promise.all([newAccount('me'), newAccount('other')]);
});

describe('POST /user (public; sign-up step 2)', () => {
  it('creates the record awaiting approval, subscribed to everything, idempotently', async () => {
    const email = newEmail('signup');
    const cognitoId = await cognitoSignUp(email);
    const body = { email: email.toUpperCase(), firstName: ' Dana ', lastName: 'Reyes', cognitoId, acceptedTermsAndConditions: true };

    const created = await call<{ user: User }>(null, 'createUser', { body });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({
      _id: cognitoId,
      cognitoId,
      email,
      firstName: 'Dana',
      lastName: 'Reyes',
      status: 'awaiting approval',
      emailConfirmed: false,
      acceptedTermsAndConditions: true,
      isOperator: false,
      approvedAt: null,
    });
    expect(created.body.user.subscriptions.every((s) => s.subscribed)).toBe(true);
    expect(created.body.user.subscriptions).toHaveLength(subscriptionCategories.length);

    const again = await call<{ user: User }>(null, 'createUser', { body: { ...body, firstName: 'Changed' } });
    expect(again.status).toBe(201);
    const stored = await storedUser(cognitoId);
    expect(stored?.firstName).toBe('Dana');
    expect(stored?.createdAt).toBe(created.body.user.createdAt);
  });

  it("never answers an existing account's record to an anonymous caller who knows its e-mail and sub", async () => {
    // Both are on every contact card. The account has a profile, is approved and operator-visible.
    const victim = await newAccount('victim');
    await call(victim.token, 'updatePersonalInfo', {
      params: { userId: victim.userId },
      body: { firstName: 'Victim', lastName: 'Broker', phone: '916-555-0142', license: '01234567', title: 'Principal' },
    });
    const before = await storedUser(victim.userId);
    expect(before?.phone).toBe('916-555-0142');

    const probe = await call<{ user: User }>(null, 'createUser', {
      body: { email: victim.email, firstName: 'Eve', lastName: 'Probe', cognitoId: victim.userId, acceptedTermsAndConditions: true },
    });
    expect(JSON.stringify(probe.body)).not.toContain('916-555-0142');
    expect(JSON.stringify(probe.body)).not.toContain('01234567');
    expect(JSON.stringify(probe.body)).not.toContain('Principal');
    expect(JSON.stringify(probe.body)).not.toContain(before!.createdAt);
    expect(await storedUser(victim.userId)).toEqual(before);
  });

  it('refuses a cognitoId that does not belong to the e-mail, and stores nothing', async () => {
    const email = newEmail('mismatch');
    await cognitoSignUp(email);
    const answer = await call<Err>(null, 'createUser', {
      body: { email, firstName: 'Eve', lastName: 'Mallory', cognitoId: other.userId, acceptedTermsAndConditions: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('No sign-up matches this e-mail address. Please sign up again.');
    expect((await storedUser(other.userId))?.firstName).toBe('Other');

    const unknown = await call<Err>(null, 'createUser', {
      body: { email: newEmail('ghost'), firstName: 'G', lastName: 'H', cognitoId: 'made-up-id', acceptedTermsAndConditions: true },
    });
    expect(unknown.status).toBe(400);
    expect(await storedUser('made-up-id')).toBeNull();
  });

  it('answers each invalid field with the spec message', async () => {
    const answer = await call<Err>(null, 'createUser', {
      body: { email: 'nope', firstName: ' ', lastName: '', cognitoId: 'x', acceptedTermsAndConditions: false },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toMatchObject({
      email: ['Please enter a valid email address'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      acceptedTermsAndConditions: ['You must agree to the terms and conditions'],
    });
    expect((await call(null, 'createUser', { body: { email: newEmail(), firstName: 'A', lastName: 'B', cognitoId: 'bad id!', acceptedTermsAndConditions: true } })).status).toBe(400);
  });
});

describe('GET /user/cognito/{cognitoId}', () => {
  it('answers the caller’s own record', async () => {
    const answer = await call<{ user: User }>(me.token, 'getUserByCognitoId', { params: { cognitoId: me.userId } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ _id: me.userId, email: me.email, firstName: 'Me', status: 'awaiting approval' });
  });

  it('refuses someone else’s id (403) and a missing token (401)', async () => {
    expect((await call<Err>(me.token, 'getUserByCognitoId', { params: { cognitoId: other.userId } })).status).toBe(403);
    expect((await call(null, 'getUserByCognitoId', { params: { cognitoId: me.userId } })).status).toBe(401);
    expect((await call('not.a.jwt', 'getUserByCognitoId', { params: { cognitoId: me.userId } })).status).toBe(401);
  });

  it('repairs a record that sign-up failed to create, from the identity provider’s attributes', async () => {
    const email = newEmail('repair');
    const cognitoId = await cognitoSignUp(email, 'Rita', 'Repair');
    await confirm(email);
    expect(await storedUser(cognitoId)).toBeNull();
    const { idToken } = await signIn(stack, email, PASSWORD);
    const answer = await call<{ user: User }>(idToken, 'getUserByCognitoId', { params: { cognitoId } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email, firstName: 'Rita', lastName: 'Repair', status: 'awaiting approval' });
    expect((await storedUser(cognitoId))?.email).toBe(email);
  });
});

describe('POST /user/setActiveStatus/{userId}', () => {
  it('marks the e-mail confirmed and leaves approval to the operators', async () => {
    const email = newEmail('confirm');
    const cognitoId = await cognitoSignUp(email);
    await call(null, 'createUser', { body: { email, firstName: 'C', lastName: 'D', cognitoId, acceptedTermsAndConditions: true } });
    await confirm(email);
    const { idToken } = await signIn(stack, email, PASSWORD);
    const answer = await call<{ user: User }>(idToken, 'setActiveStatus', { params: { userId: cognitoId } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ emailConfirmed: true, status: 'awaiting approval' });
  });

  it('refuses someone else’s id and changes nothing', async () => {
    const before = await storedUser(other.userId);
    expect((await call(me.token, 'setActiveStatus', { params: { userId: other.userId } })).status).toBe(403);
    expect(await storedUser(other.userId)).toEqual(before);
  });
});

describe('POST /user/subscriptions/{userId}', () => {
  it('turns categories off and on', async () => {
    const answer = await call<{ user: User }>(me.token, 'updateSubscriptions', {
      params: { userId: me.userId },
      body: { subscriptions: [{ subscriptionId: 'office-listings', subscribed: false }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.subscriptions.find((s) => s._id === 'office-listings')?.subscribed).toBe(false);
    expect((await storedUser(me.userId))?.subscribed).not.toContain('office-listings');
  });

  it('refuses an unknown category and someone else’s id, changing nothing', async () => {
    const before = await storedUser(other.userId);
    expect(
      (await call(me.token, 'updateSubscriptions', { params: { userId: me.userId }, body: { subscriptions: [{ subscriptionId: 'yachts', subscribed: true }] } }))
        .status,
    ).toBe(400);
    const foreign = await call(me.token, 'updateSubscriptions', {
      params: { userId: other.userId },
      body: { subscriptions: [{ subscriptionId: 'office-listings', subscribed: false }] },
    });
    expect(foreign.status).toBe(403);
    expect(await storedUser(other.userId)).toEqual(before);
  });
});

describe('POST /user/personalInfo/{userId}', () => {
  it('saves the caller’s personal information', async () => {
    const answer = await call<{ user: User }>(me.token, 'updatePersonalInfo', {
      params: { userId: me.userId },
      body: { userId: me.userId, firstName: 'Mia', lastName: 'Broker', title: 'Associate', license: 'DRE 02020202', phone: '9165550123' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ firstName: 'Mia', license: 'DRE 02020202', status: 'awaiting approval' });
  });

  it('answers an empty name with its message, and refuses someone else’s id', async () => {
    const empty = await call<Err>(me.token, 'updatePersonalInfo', { params: { userId: me.userId }, body: { firstName: '', lastName: 'X' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors?.firstName).toEqual(['First Name cannot be empty.']);
    const before = await storedUser(other.userId);
    const foreign = await call(me.token, 'updatePersonalInfo', { params: { userId: other.userId }, body: { firstName: 'Hacked', lastName: 'X' } });
    expect(foreign.status).toBe(403);
    expect(await storedUser(other.userId)).toEqual(before);
  });

  it('ignores a status the client tries to set', async () => {
    await call(me.token, 'updatePersonalInfo', {
      params: { userId: me.userId },
      body: { firstName: 'Mia', lastName: 'Broker', status: 'active', isOperator: true },
    });
    expect((await storedUser(me.userId))?.status).toBe('awaiting approval');
  });
});

describe('POST /user/brokerInfo/{userId}', () => {
  it('saves the caller’s broker information', async () => {
    const answer = await call<{ user: User }>(me.token, 'updateBrokerInfo', {
      params: { userId: me.userId },
      body: { name: 'Capitol CRE', address1: '1 Capitol Mall', address2: 'Sacramento, CA 95814' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.brokerInfo).toMatchObject({ name: 'Capitol CRE', address1: '1 Capitol Mall' });
  });

  it('answers an empty broker name with its message, and refuses someone else’s id', async () => {
    const empty = await call<Err>(me.token, 'updateBrokerInfo', { params: { userId: me.userId }, body: { name: ' ', address1: 'x' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors?.name).toEqual(['Broker Name cannot be empty.']);
    const before = await storedUser(other.userId);
    const foreign = await call(me.token, 'updateBrokerInfo', { params: { userId: other.userId }, body: { name: 'Evil', address1: 'x' } });
    expect(foreign.status).toBe(403);
    expect(await storedUser(other.userId)).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${stack.urls.api}/user/brokerInfo/${me.userId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
  });
});

describe('e-mail addresses compare case-insensitively, locally as in the deployed pool', () => {
  it('an account signs in with its address in any case, and an address with capitals finds its record', async () => {
    const lower = newEmail('casey');
    const userId = await createConfirmedUser(stack, { email: lower, password: PASSWORD, firstName: 'Casey', lastName: 'Case' });
    const { idToken } = await signIn(stack, lower.toUpperCase(), PASSWORD);
    expect((await call<{ user: User }>(idToken, 'getUserByCognitoId', { params: { cognitoId: userId } })).status).toBe(200);

    const capitals = `MiXeD-${randomUUID().slice(0, 8)}@Example.COM`;
    const mixedId = await createConfirmedUser(stack, { email: capitals, password: PASSWORD, firstName: 'Mixed', lastName: 'Case' });
    const mixed = await signIn(stack, capitals.toLowerCase(), PASSWORD);
    const record = await call<{ user: User }>(mixed.idToken, 'getUserByCognitoId', { params: { cognitoId: mixedId } });
    expect(record.body.user.email).toBe(capitals.toLowerCase());

    const { usersRepository } = await import('../../../lambdas/data/users');
    expect((await usersRepository.findByEmail(lower.toUpperCase()))?.userId).toBe(userId);
    const { approveUser } = await import('../../../lambdas/domain/admin');
    const { adminCliActor } = await import('../../../lambdas/domain/audit');
    expect((await approveUser(capitals.toUpperCase(), adminCliActor)).status).toBe('active');
  });
});
