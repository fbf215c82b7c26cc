import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { isUnsubscribeStream, type UnsubscribeStream } from '../../../shared/catalog';
import { env } from '../../core/env';

let secret: Promise<string> | undefined;

/**
 * The HMAC key of the unsubscribe (and, derived, the renew) links: an env var locally, a Secrets Manager
 * secret in the cloud (read once per cold start). A failed read is not kept: the next link asks again,
 * rather than every link of this instance failing until it is recycled.
 */
export function unsubscribeSecret(): Promise<string> {
  secret ??= (async () => {
    const e = env();
    if (e.UNSUBSCRIBE_SECRET) return e.UNSUBSCRIBE_SECRET;
    const out = await new SecretsManagerClient({ region: e.AWS_REGION }).send(
      new GetSecretValueCommand({ SecretId: e.UNSUBSCRIBE_SECRET_ARN }),
    );
    if (!out.SecretString) throw new Error('unsubscribe secret is empty');
    return out.SecretString;
  })();
  secret.catch(() => (secret = undefined));
  return secret;
}

// A token that names no stream signs the address alone and stands for 'all'.
const signed = (email: string, stream: UnsubscribeStream) => (stream === 'all' ? `unsubscribe:${email}` : `unsubscribe:${email}:${stream}`);
const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** What a verified link names: the address and the stream (category, weekday blast or all) its mail came from. */
export interface UnsubscribeLink {
  email: string;
  stream: UnsubscribeStream;
}

/** `<base64url e-mail>.<signature>` for 'all', `<base64url e-mail>.<stream>.<signature>` otherwise. */
export async function unsubscribeToken(email: string, stream: UnsubscribeStream = 'all'): Promise<string> {
  const normalised = email.trim().toLowerCase();
  const signature = sign(await unsubscribeSecret(), signed(normalised, stream));
  return [Buffer.from(normalised).toString('base64url'), ...(stream === 'all' ? [] : [stream]), signature].join('.');
}

/** The address and stream a token names, or null when it was not signed by us. */
export async function verifyUnsubscribeToken(token: string): Promise<UnsubscribeLink | null> {
  const parts = token.split('.');
  if (parts.length < 2 || parts.length > 3) return null;
  const [encoded, ...rest] = parts as [string, ...string[]];
  const stream = rest.length === 2 ? rest[0]! : 'all';
  const signature = rest.at(-1)!;
  if (!encoded || !signature || !isUnsubscribeStream(stream)) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(await unsubscribeSecret(), signed(email, stream)));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { email, stream } : null;
}

/** One-click (RFC 8058, POSTed by mail clients to the API) and the visible link (the site's page, which only shows). */
export async function unsubscribeLinks(email: string, stream: UnsubscribeStream = 'all'): Promise<{ oneClickUrl: string; pageUrl: string }> {
  const token = encodeURIComponent(await unsubscribeToken(email, stream));
  return {
    oneClickUrl: `${env().API_URL}/unsubscribe/one-click?token=${token}`,
    pageUrl: `${env().SITE_URL}/unsubscribe?token=${token}`,
  };
}
