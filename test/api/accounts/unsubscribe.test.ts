import { describe, expect, it } from 'vitest';
import { subscriptionCategories } from '../../../shared/catalog';
import { unsubscribeLinks, unsubscribeToken } from '../../../lambdas/domain/mail';
import { call, newAccount, newEmail, storedUser } from './support';

const unsubscribed = { statusCode: '200', body: { message: 'Unsubscribed successfully' } };
const allCategories = subscriptionCategories.map((c) => c.id);

/** The token of a signed one-click link, as the mail carries it. */
async function tokenOf(email: string): Promise<string> {
  const { oneClickUrl } = await unsubscribeLinks(email);
  return new URL(oneClickUrl).searchParams.get('token')!;
}

describe('POST /unsubscribe', () => {
  it('unsubscribes an existing address from every category', async () => {
    const account = await newAccount('reader');
    expect((await storedUser(account.userId))?.subscribed).toEqual(allCategories);

    const answer = await call(null, 'unsubscribe', { body: { email: account.email } });

    expect(answer).toEqual({ status: 200, body: unsubscribed });
    expect((await storedUser(account.userId))?.subscribed).toEqual([]);
  });

  it('matches the address case-insensitively and with spaces around it', async () => {
    const account = await newAccount('shouty');
    const answer = await call(null, 'unsubscribe', { body: { email: `  ${account.email.toUpperCase()} ` } });
    expect(answer).toEqual({ status: 200, body: unsubscribed });
    expect((await storedUser(account.userId))?.subscribed).toEqual([]);
  });

  it('answers exactly the same for an address without an account', async () => {
    const answer = await call(null, 'unsubscribe', { body: { email: newEmail('stranger') } });
    expect(answer).toEqual({ status: 200, body: unsubscribed });
  });

  it('answers the same when the address is already unsubscribed', async () => {
    const account = await newAccount('twice');
    await call(null, 'unsubscribe', { body: { email: account.email } });
    expect(await call(null, 'unsubscribe', { body: { email: account.email } })).toEqual({ status: 200, body: unsubscribed });
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
