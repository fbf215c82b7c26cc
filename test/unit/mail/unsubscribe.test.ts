import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { categoriesOfStream, savedSearchOfStream, savedSearchStream, streamName } from '../../../shared/catalog';
import { mailEnv, useMailEnv } from './mail-env';

beforeAll(() => useMailEnv());

const mail = () => import('../../../lambdas/domain/mail');
const b64 = (text: string) => Buffer.from(text).toString('base64url');
/** A signature made with the key, as a link we sent would carry it. */
const sign = (payload: string) => createHmac('sha256', mailEnv.UNSUBSCRIBE_SECRET).update(payload).digest('base64url');

describe('unsubscribe links', () => {
  it('reads the key from the environment', async () => {
    expect(await (await mail()).unsubscribeSecret()).toBe(mailEnv.UNSUBSCRIBE_SECRET);
  });

  it('signs the normalised address, with the stream between address and signature unless it is all', async () => {
    const { unsubscribeToken } = await mail();
    expect(await unsubscribeToken('  Ana@Example.COM ')).toBe(`${b64('ana@example.com')}.${sign('unsubscribe:ana@example.com')}`);
    expect(await unsubscribeToken('ana@example.com', 'all')).toBe(`${b64('ana@example.com')}.${sign('unsubscribe:ana@example.com')}`);
    expect(await unsubscribeToken('Ana@example.com', 'listings')).toBe(
      `${b64('ana@example.com')}.listings.${sign('unsubscribe:ana@example.com:listings')}`,
    );
    expect(await unsubscribeToken('ana@example.com', 'office-requirements')).toBe(
      `${b64('ana@example.com')}.office-requirements.${sign('unsubscribe:ana@example.com:office-requirements')}`,
    );
  });

  it('signs and verifies the digest’s and a saved search’s streams; a stream we do not know is refused', async () => {
    const { unsubscribeToken, verifyUnsubscribeToken } = await mail();
    const search = savedSearchStream('0f0e5b1c-1111-4222-8333-444455556666');
    for (const stream of ['digest', search] as const) {
      const token = await unsubscribeToken('ana@example.com', stream);
      expect(token).toBe(`${b64('ana@example.com')}.${stream}.${sign(`unsubscribe:ana@example.com:${stream}`)}`);
      expect(await verifyUnsubscribeToken(token)).toEqual({ email: 'ana@example.com', stream });
    }
    for (const stream of ['search-', 'search-a.b', 'searches', 'digests']) {
      expect(await verifyUnsubscribeToken(`${b64('ana@example.com')}.${stream}.${sign(`unsubscribe:ana@example.com:${stream}`)}`)).toBeNull();
    }
    expect(savedSearchOfStream(search)).toBe('0f0e5b1c-1111-4222-8333-444455556666');
    expect(streamName(search)).toBe('the alerts of one of your saved searches');
    expect(streamName('digest')).toBe('your digest');
    expect(categoriesOfStream(search)).toEqual([]);
    expect(categoriesOfStream('digest')).toEqual(categoriesOfStream('listings'));
  });

  it('verifies its own tokens, and a token that names no stream as all', async () => {
    const { unsubscribeToken, verifyUnsubscribeToken } = await mail();
    expect(await verifyUnsubscribeToken(await unsubscribeToken('ana@example.com', 'retail-listings'))).toEqual({
      email: 'ana@example.com',
      stream: 'retail-listings',
    });
    expect(await verifyUnsubscribeToken(await unsubscribeToken('ana@example.com', 'listings'))).toEqual({ email: 'ana@example.com', stream: 'listings' });
    expect(await verifyUnsubscribeToken(`${b64('old@example.com')}.${sign('unsubscribe:old@example.com')}`)).toEqual({
      email: 'old@example.com',
      stream: 'all',
    });
  });

  it('refuses tokens we did not sign, or signed for something else', async () => {
    const { unsubscribeToken, verifyUnsubscribeToken } = await mail();
    const token = await unsubscribeToken('ana@example.com', 'listings');
    const [encoded, stream, signature] = token.split('.') as [string, string, string];
    const refused = [
      '',
      'no-dots-at-all',
      encoded,
      `${encoded}.${stream}.${signature}.extra`,
      `${b64('eve@example.com')}.${stream}.${signature}`,
      `${encoded}.all.${signature}`,
      `${encoded}.office-listings.${signature}`,
      `${encoded}.${signature}`,
      `${encoded}.${stream}.${signature.slice(0, -1)}`,
      `${encoded}.${stream}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${encoded}.${stream}.`,
      `.${stream}.${signature}`,
      // Correctly signed, but for a stream that does not exist, or for no address at all.
      `${encoded}.nonsense.${sign('unsubscribe:ana@example.com:nonsense')}`,
      `${encoded}.listings.extra.${sign('unsubscribe:ana@example.com')}`,
      `.${sign('unsubscribe:')}`,
      await unsubscribeToken(''),
    ];
    for (const candidate of refused) expect(await verifyUnsubscribeToken(candidate), candidate).toBeNull();
  });

  it('builds the one-click API link and the site page link from the same encoded token', async () => {
    const { unsubscribeLinks, unsubscribeToken } = await mail();
    const token = encodeURIComponent(await unsubscribeToken('ana@example.com', 'listings'));
    expect(await unsubscribeLinks('ana@example.com', 'listings')).toEqual({
      oneClickUrl: `http://api.test/unsubscribe/one-click?token=${token}`,
      pageUrl: `http://site.test/unsubscribe?token=${token}`,
    });
    const all = encodeURIComponent(await unsubscribeToken('ana@example.com'));
    expect((await unsubscribeLinks('ana@example.com')).pageUrl).toBe(`http://site.test/unsubscribe?token=${all}`);
  });
});
