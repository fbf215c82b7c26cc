import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { savedSearchesRepository, type SavedSearchRecord } from '../../../lambdas/data/saved-searches';
import { defaultNotificationPreferences } from '../../../shared/api';
import { savedSearchStream, subscriptionCategories, type UnsubscribeStream } from '../../../shared/catalog';
import { unsubscribeLinks, unsubscribeToken } from '../../../lambdas/domain/mail';
import { unsubscribeRequestLimits } from '../../../shared/catalog/product';
import { mailCount, readReceivedMails } from '../requirements/support';
import { call, newAccount, newEmail, stack, storedUser } from './support';

const unsubscribed = { statusCode: '200', body: { message: 'Unsubscribed successfully' } };
const linkSent = { statusCode: '200', body: { message: 'If this address receives BISN e-mails, we have sent it a link to confirm.' } };
const allCategories = subscriptionCategories.map((c) => c.id);

/** The token of a signed one-click link, as the mail carries it. */
async function tokenOf(email: string): Promise<string> {
  const { oneClickUrl } = await unsubscribeLinks(email);
  return new URL(oneClickUrl).searchParams.get('token')!;
}

/** What the broker's Profile shows: their own record, as the web app reads it. */
async function profileOf(account: { token: string; userId: string }) {
  const answer = await call<{ user: { subscriptions: { _id: string; subscribed: boolean }[] } }>(account.token, 'getUserByCognitoId', { params: { cognitoId: account.userId } });
  expect(answer.status).toBe(200);
  return answer.body.user;
}

/** A loopback address no other test uses: a client of its own for the per-client limit. */
const freshClient = () => `127.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** Sends the form from `clientAddress`. */
const requestLink = (email: string, clientAddress = freshClient()) => call(null, 'unsubscribe', { body: { email }, clientAddress });

describe('POST /unsubscribe (the form)', () => {
  it('changes nothing and mails the address a signed link to its unsubscribe page', async () => {
    const account = await newAccount('reader');
    const before = await mailCount(stack);

    expect(await requestLink(account.email)).toEqual({ status: 200, body: linkSent });

    expect((await storedUser(account.userId))?.subscribed).toEqual(allCategories);
    const mails = await readReceivedMails(stack, before);
    expect(mails.map((m) => m.to)).toEqual([[account.email]]);
    const [mail] = mails;
    expect(mail!.html).toBeTruthy();
    expect(mail!.text).toContain('Choose what to unsubscribe from');
    const link = /href="([^"]+\/unsubscribe\?token=[^"]+)"/.exec(mail!.html)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toBe(await unsubscribeToken(account.email, 'all'));
    expect(mail!.text).toContain(link);
  });

  it('matches the address case-insensitively and with spaces around it', async () => {
    const account = await newAccount('shouty');
    const before = await mailCount(stack);
    expect(await requestLink(`  ${account.email.toUpperCase()} `)).toEqual({ status: 200, body: linkSent });
    expect((await readReceivedMails(stack, before)).map((m) => m.to)).toEqual([[account.email]]);
  });

  it('answers exactly the same for an address without an account, and mails nobody', async () => {
    const before = await mailCount(stack);
    expect(await requestLink(newEmail('stranger'))).toEqual({ status: 200, body: linkSent });
    expect(await mailCount(stack)).toBe(before);
  });

  it(`takes ${unsubscribeRequestLimits.perAddress} requests an hour per address, then 429 with a message and no mail`, async () => {
    const account = await newAccount('flooded');
    const before = await mailCount(stack);
    for (let i = 0; i < unsubscribeRequestLimits.perAddress; i++) expect((await requestLink(account.email)).status).toBe(200);
    // From yet another client: the limit is the address's.
    const refused = await requestLink(account.email.toUpperCase());
    expect(refused).toEqual({ status: 429, body: { message: 'Too many unsubscribe requests. Please wait an hour and try again.' } });
    expect(await mailCount(stack)).toBe(before + unsubscribeRequestLimits.perAddress);
    expect((await storedUser(account.userId))?.subscribed).toEqual(allCategories);
  });

  it(`takes ${unsubscribeRequestLimits.perClient} requests an hour per client, however many arrive at once`, async () => {
    const client = freshClient();
    const answers = await Promise.all(Array.from({ length: 50 }, () => requestLink(newEmail('parallel'), client)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(unsubscribeRequestLimits.perClient);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - unsubscribeRequestLimits.perClient);
    // Another client is not held back.
    expect((await requestLink(newEmail('neighbour'))).status).toBe(200);
  });

  it('refuses an invalid e-mail with the message', async () => {
    const answer = await call<{ message: string; fieldErrors: Record<string, string[]> }>(null, 'unsubscribe', {
      body: { email: 'not-an-address' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Please enter a valid email address');
    expect(answer.body.fieldErrors.email).toEqual(['Please enter a valid email address']);
  });

  it('refuses a missing e-mail', async () => {
    expect((await call(null, 'unsubscribe', { body: {} })).status).toBe(400);
  });
});

describe('the signed link page: GET and POST /unsubscribe/link', () => {
  const on = (answer: { body: { subscriptions: { _id: string; subscribed: boolean }[] } }) =>
    answer.body.subscriptions.filter((s) => s.subscribed).map((s) => s._id);

  it('reading shows the stream and the subscriptions, and changes nothing (link scanners open every link)', async () => {
    const account = await newAccount('scanned');
    const token = await unsubscribeToken(account.email, 'office-requirements');
    for (let i = 0; i < 3; i++) {
      const answer = await call<{ email: string; stream: unknown; subscriptions: { _id: string; subscribed: boolean }[] }>(null, 'getUnsubscribeLink', {
        query: { token },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.email).toBe(account.email);
      expect(answer.body.stream).toEqual({ id: 'office-requirements', name: 'Office Requirements' });
      expect(on(answer)).toEqual(allCategories);
    }
    expect((await storedUser(account.userId))?.subscribed).toEqual(allCategories);
  });

  it('“Unsubscribe from <category>” turns off that category and answers it; “Re-subscribe” turns it on again', async () => {
    const account = await newAccount('buttons');
    const token = await unsubscribeToken(account.email, 'office-requirements');
    const keep = allCategories.filter((id) => id !== 'office-requirements');
    const answer = await call<{ subscriptions: { _id: string; subscribed: boolean }[]; turnedOff: unknown[] }>(null, 'updateUnsubscribeLink', { query: { token }, body: { turnOff: 'stream' } });
    expect(answer.status).toBe(200);
    expect(answer.body.turnedOff).toEqual([{ switch: { kind: 'category', id: 'office-requirements' }, name: 'Office Requirements' }]);
    expect(on(answer)).toEqual(keep);
    // The profile shows what the broker now receives.
    expect(on({ body: await profileOf(account) })).toEqual(keep);

    await call(null, 'updateUnsubscribeLink', { query: { token }, body: { turnOn: [{ kind: 'category', id: 'office-requirements' }] } });
    expect((await storedUser(account.userId))?.subscribed).toEqual(allCategories);
  });

  it('refuses a body that is neither a turn-off nor switches to turn on, with a message', async () => {
    const account = await newAccount('badbody');
    const token = await unsubscribeToken(account.email, 'office-requirements');
    for (const body of [{ subscribed: [] }, { turnOff: 'everything' }, { turnOn: [] }, { turnOn: [{ kind: 'category', id: 'castles-listings' }] }, { turnOff: 'all', turnOn: [{ kind: 'matches' }] }]) {
      const answer = await call<{ message: string }>(null, 'updateUnsubscribeLink', { query: { token }, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect((await storedUser(account.userId))?.subscribed).toEqual(allCategories);
  });

  it('refuses a forged token, or one whose stream was changed, and changes nothing', async () => {
    const victim = await newAccount('linkvictim');
    const genuine = await unsubscribeToken(victim.email, 'office-requirements');
    const otherStream = genuine.replace('.office-requirements.', '.retail-requirements.');
    const attackers = await unsubscribeToken(newEmail('attacker'), 'all');
    const forged = `${Buffer.from(victim.email).toString('base64url')}.${attackers.split('.')[1]}`;
    for (const token of [otherStream, forged, 'no-dot-in-this-token', `${genuine}.extra`]) {
      for (const id of ['getUnsubscribeLink', 'updateUnsubscribeLink'] as const) {
        const answer = await call<{ message: string }>(null, id, { query: { token }, ...(id === 'updateUnsubscribeLink' ? { body: { turnOff: 'all' } } : {}) });
        expect(answer.status, `${id} ${token}`).toBe(400);
        expect(answer.body.message).toMatch(/not valid/);
      }
    }
    expect((await storedUser(victim.userId))?.subscribed).toEqual(allCategories);
  });
});

describe('POST /unsubscribe/one-click (RFC 8058)', () => {
  it('unsubscribes the address of a valid signed link, posted the way mail clients post it', async () => {
    const account = await newAccount('oneclick');
    const answer = await call(null, 'unsubscribeOneClick', {
      query: { token: await tokenOf(account.email) },
      form: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(answer).toEqual({ status: 200, body: unsubscribed });
    expect((await storedUser(account.userId))?.subscribed).toEqual([]);
  });

  it('answers the same for a valid link whose address has no account', async () => {
    const answer = await call(null, 'unsubscribeOneClick', {
      query: { token: await tokenOf(newEmail('gone')) },
      form: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(answer).toEqual({ status: 200, body: unsubscribed });
  });

  it('accepts the visible link of the site page posting the same token as JSON', async () => {
    const account = await newAccount('pagelink');
    const { pageUrl } = await unsubscribeLinks(account.email);
    const token = new URL(pageUrl).searchParams.get('token')!;
    expect(await call(null, 'unsubscribeOneClick', { query: { token } })).toEqual({ status: 200, body: unsubscribed });
    expect((await storedUser(account.userId))?.subscribed).toEqual([]);
  });

  it('refuses a forged token and changes nothing', async () => {
    const victim = await newAccount('victim');
    const genuine = await unsubscribeToken(newEmail('attacker'));
    const [, signature] = genuine.split('.');
    // The victim's address with the attacker's own valid signature.
    const forged = `${Buffer.from(victim.email).toString('base64url')}.${signature}`;
    const tampered = `${Buffer.from(victim.email).toString('base64url')}.${'A'.repeat(43)}`;

    for (const token of [forged, tampered, 'no-dot-in-this-token', `${Buffer.from(victim.email).toString('base64url')}.`]) {
      const answer = await call<{ message: string }>(null, 'unsubscribeOneClick', {
        query: { token },
        form: { 'List-Unsubscribe': 'One-Click' },
      });
      expect(answer.status, token).toBe(400);
      expect(answer.body.message).toMatch(/not valid/);
    }
    expect((await storedUser(victim.userId))?.subscribed).toHaveLength(allCategories.length);
  });

  it('refuses a request without a token', async () => {
    expect((await call(null, 'unsubscribeOneClick', { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(400);
  });
});

describe('POST /unsubscribe/one-click turns off exactly the stream the mail came from', () => {
  const oneClick = async (email: string, stream: UnsubscribeStream) => {
    const { oneClickUrl } = await unsubscribeLinks(email, stream);
    return call(null, 'unsubscribeOneClick', { query: { token: new URL(oneClickUrl).searchParams.get('token')! }, form: { 'List-Unsubscribe': 'One-Click' } });
  };
  /** An account taking requirements and matches in the digest, with a search of each frequency. */
  async function digestReader(label: string) {
    const account = await newAccount(label);
    const { usersRepository } = await import('../../../lambdas/data/users');
    await usersRepository.update(account.userId, { notifications: { ...defaultNotificationPreferences, requirements: 'digest', matches: 'digest' } });
    const searches: Record<string, SavedSearchRecord> = {};
    for (const frequency of ['instant', 'daily', 'weekly', 'off'] as const) {
      const at = new Date().toISOString();
      searches[frequency] = {
        savedSearchId: randomUUID(),
        ownerId: account.userId,
        name: `${frequency} search`,
        kind: 'listings',
        filters: { propertyTypeId: 'office' },
        frequency,
        status: 'active',
        pausedReason: null,
        pausedAt: null,
        activeSince: at,
        createdAt: at,
        updatedAt: at,
        lastMatchedAt: null,
        lastAlertAt: null,
        lastEngagedAt: null,
      } as SavedSearchRecord;
      await savedSearchesRepository.create(searches[frequency]);
    }
    const frequencies = async () =>
      Object.fromEntries(await Promise.all(Object.entries(searches).map(async ([name, s]) => [name, (await savedSearchesRepository.get(account.userId, s.savedSearchId))!.frequency])));
    return { account, searches, frequencies };
  }

  it('a saved search’s alert: that search only', async () => {
    const { account, searches, frequencies } = await digestReader('alertclick');
    expect(await oneClick(account.email, savedSearchStream(searches.instant!.savedSearchId))).toEqual({ status: 200, body: unsubscribed });
    expect(await frequencies()).toEqual({ instant: 'off', daily: 'daily', weekly: 'weekly', off: 'off' });
    const user = (await storedUser(account.userId))!;
    expect(user.subscribed).toEqual(allCategories);
    expect(user.notifications).toMatchObject({ requirements: 'digest', matches: 'digest' });
    // Another broker's search id in a link signed for this address changes nobody's search.
    const stranger = await digestReader('strangerclick');
    expect(await oneClick(account.email, savedSearchStream(stranger.searches.daily!.savedSearchId))).toEqual({ status: 200, body: unsubscribed });
    expect(await stranger.frequencies()).toEqual({ instant: 'instant', daily: 'daily', weekly: 'weekly', off: 'off' });
  });

  it('the digest: what it carries (listing categories, daily and weekly searches, requirements and matches taken in it)', async () => {
    const { account, frequencies } = await digestReader('digestclick');
    expect(await oneClick(account.email, 'digest')).toEqual({ status: 200, body: unsubscribed });
    expect(await frequencies()).toEqual({ instant: 'instant', daily: 'off', weekly: 'off', off: 'off' });
    const user = (await storedUser(account.userId))!;
    expect(user.subscribed).toEqual(allCategories.filter((id) => id.endsWith('-requirements')));
    expect(user.notifications).toMatchObject({ requirements: 'off', matches: 'digest' });
    expect(user.matchNotices).toBe(false);
  });

  it('a requirement broadcast: its category, which the profile then shows off; a repeated click writes nothing', async () => {
    const account = await newAccount('broadcastclick');
    expect(await oneClick(account.email, 'office-requirements')).toEqual({ status: 200, body: unsubscribed });
    const user = (await storedUser(account.userId))!;
    expect(user.subscribed).toEqual(allCategories.filter((id) => id !== 'office-requirements'));
    expect(user.notifications?.requirements ?? 'instant').toBe('instant');
    expect(user.matchNotices).not.toBe(false);
    expect((await profileOf(account)).subscriptions.filter((s) => !s.subscribed).map((s) => s._id)).toEqual(['office-requirements']);
    expect(await oneClick(account.email, 'office-requirements')).toEqual({ status: 200, body: unsubscribed });
    expect((await storedUser(account.userId))?.version).toBe(user.version);
  });

  it('all: every category, the requirement broadcasts, the match notices and every saved search', async () => {
    const { account, frequencies } = await digestReader('allclick');
    expect(await oneClick(account.email, 'all')).toEqual({ status: 200, body: unsubscribed });
    expect(await frequencies()).toEqual({ instant: 'off', daily: 'off', weekly: 'off', off: 'off' });
    expect(await storedUser(account.userId)).toMatchObject({ subscribed: [], matchNotices: false, notifications: { requirements: 'off' } });
  });
});
