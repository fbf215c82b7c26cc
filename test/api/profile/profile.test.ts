import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/api';
import { subscriptionCategories } from '../../../shared/catalog';
import { composeBrokerAddress2, splitBrokerAddress2 } from '../../../shared/rules/broker-address';
import { call, newAccount, storedUser, type Account } from '../accounts/support';

/** The profile page's three edit dialogs, through the gateway (spec 02 §2 "Profile", §5). */

type Err = { message: string; fieldErrors?: Record<string, string[]> };
let me: Account;

beforeAll(async () => {
  me = await newAccount('profile');
});

describe('personal information', () => {
  it('trims every field before storing it, and answers the updated user', async () => {
    const answer = await call<{ user: User }>(me.token, 'updatePersonalInfo', {
      params: { userId: me.userId },
      body: { userId: me.userId, firstName: '  Rosa ', lastName: ' Park  ', title: ' Senior Associate ', license: ' 01234567 ', phone: ' 916 555 0100 ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Park',
      // Spec 01 §3: the record's name, first and last.
      name: 'Rosa Park',
      title: 'Senior Associate',
      license: '01234567',
      phone: '916 555 0100',
      email: me.email,
    });
    expect(await storedUser(me.userId)).toMatchObject({ firstName: 'Rosa', lastName: 'Park', title: 'Senior Associate' });
  });

  it('answers blank names with the spec messages and stores nothing', async () => {
    const before = await storedUser(me.userId);
    const answer = await call<Err>(me.token, 'updatePersonalInfo', {
      params: { userId: me.userId },
      body: { firstName: '   ', lastName: '', title: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toMatchObject({
      firstName: ['First Name cannot be empty.'],
      lastName: ['Last Name cannot be empty.'],
    });
    expect(await storedUser(me.userId)).toEqual(before);
  });

  it('keeps title, license and phone optional, and the e-mail out of reach', async () => {
    const answer = await call<{ user: User }>(me.token, 'updatePersonalInfo', {
      params: { userId: me.userId },
      body: { firstName: 'Rosa', lastName: 'Park', email: 'someone-else@example.com' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ title: '', license: '', phone: '', email: me.email });
  });
});

describe('broker information', () => {
  it('trims name and street, and stores City/State/Zip composed into address2', async () => {
    const address2 = composeBrokerAddress2({ city: ' Roseville ', state: 'ca', zip: '95661 ' });
    const answer = await call<{ user: User }>(me.token, 'updateBrokerInfo', {
      params: { userId: me.userId },
      body: { userId: me.userId, name: '  Placer Commercial  ', address1: ' 1 Main St ', address2: ` ${address2} ` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.brokerInfo).toEqual({ name: 'Placer Commercial', address1: '1 Main St', address2: 'Roseville, CA 95661' });
    expect(splitBrokerAddress2(answer.body.user.brokerInfo?.address2)).toEqual({ city: 'Roseville', state: 'CA', zip: '95661' });
  });

  it('answers an empty name and an empty street with the spec messages, storing nothing', async () => {
    const before = await storedUser(me.userId);
    const answer = await call<Err>(me.token, 'updateBrokerInfo', {
      params: { userId: me.userId },
      body: { name: '  ', address1: '', address2: 'Davis, CA' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toMatchObject({
      name: ['Broker Name cannot be empty.'],
      address1: ['Street address cannot be empty.'],
    });
    expect(await storedUser(me.userId)).toEqual(before);
  });

  it('allows an empty second address line', async () => {
    const answer = await call<{ user: User }>(me.token, 'updateBrokerInfo', {
      params: { userId: me.userId },
      body: { name: 'Solo Broker', address1: '2 K St' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.brokerInfo).toEqual({ name: 'Solo Broker', address1: '2 K St', address2: '' });
  });
});

describe('subscriptions', () => {
  const subscribedCount = (user: User) => user.subscriptions.filter((s) => s.subscribed).length;

  it('saves the whole form (every category with its state), as the dialog sends it', async () => {
    const off = new Set(['office-listings', 'retail-requirements', 'land-listings']);
    const answer = await call<{ user: User }>(me.token, 'updateSubscriptions', {
      params: { userId: me.userId },
      body: { subscriptions: subscriptionCategories.map((c) => ({ subscriptionId: c.id, subscribed: !off.has(c.id) })) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.subscriptions).toHaveLength(subscriptionCategories.length);
    expect(subscribedCount(answer.body.user)).toBe(subscriptionCategories.length - off.size);
    for (const s of answer.body.user.subscriptions) expect(s.subscribed).toBe(!off.has(s._id));

    const reread = await call<{ user: User }>(me.token, 'getUserByCognitoId', { params: { cognitoId: me.userId } });
    expect(subscribedCount(reread.body.user)).toBe(subscriptionCategories.length - off.size);
  });

  it('subscribes to everything again', async () => {
    const answer = await call<{ user: User }>(me.token, 'updateSubscriptions', {
      params: { userId: me.userId },
      body: { subscriptions: subscriptionCategories.map((c) => ({ subscriptionId: c.id, subscribed: true })) },
    });
    expect(subscribedCount(answer.body.user)).toBe(subscriptionCategories.length);
  });

  it('refuses a malformed entry', async () => {
    const answer = await call<Err>(me.token, 'updateSubscriptions', {
      params: { userId: me.userId },
      body: { subscriptions: [{ subscriptionId: 'office-listings', subscribed: 'yes' }] },
    });
    expect(answer.status).toBe(400);
  });
});

describe('profile saves carry the version they were based on', () => {
  it('two saves over the same version: one wins, the other gets 409 with the current version, nothing lost silently', async () => {
    const broker = await newAccount('versioned');
    const base = (await storedUser(broker.userId))!.version ?? 0;
    const save = (phone: string) =>
      call<{ user: User; message?: string; currentVersion?: number }>(broker.token, 'updatePersonalInfo', {
        params: { userId: broker.userId },
        body: { firstName: 'Vera', lastName: 'Sion', phone, version: base },
      });
    const answers = await Promise.all([save('916-555-0001'), save('916-555-0002')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toMatch(/changed elsewhere/);
    expect(loser.body.currentVersion).toBe(base + 1);
    const stored = await storedUser(broker.userId);
    expect(stored?.phone).toBe(winner.body.user.phone);
    expect(stored?.version).toBe(base + 1);
  });

  it('an unsubscribe raises the version, so a subscriptions dialog opened before it cannot undo it', async () => {
    const broker = await newAccount('unsubscribed');
    const before = (await storedUser(broker.userId))!;
    // The RFC 8058 one-click of a broadcast's link.
    const { unsubscribeToken } = await import('../../../lambdas/domain/mail/unsubscribe');
    const { unsubscribeWithToken } = await import('../../../lambdas/domain/unsubscribe');
    await unsubscribeWithToken(await unsubscribeToken(broker.email));
    const stale = await call<{ currentVersion: number }>(broker.token, 'updateSubscriptions', {
      params: { userId: broker.userId },
      body: { subscriptions: subscriptionCategories.map((c) => ({ subscriptionId: c.id, subscribed: true })), version: before.version ?? 0 },
    });
    expect(stale.status).toBe(409);
    expect((await storedUser(broker.userId))?.subscribed).toEqual([]);
  });

  it('refuses a save without a version (400) and changes nothing', async () => {
    const broker = await newAccount('noversion');
    const before = await storedUser(broker.userId);
    const { callRoute } = await import('../http');
    const { stack } = await import('../accounts/support');
    const answer = await callRoute(stack.urls.api, broker.token, 'updatePersonalInfo', { params: { userId: broker.userId }, body: { firstName: 'No', lastName: 'Version' } });
    expect(answer.status).toBe(400);
    expect(await storedUser(broker.userId)).toEqual(before);
  });
});
