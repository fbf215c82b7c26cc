import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../../core/env';

let secret: Promise<string> | undefined;

/** The HMAC key: an env var locally, a Secrets Manager secret in the cloud (read once per cold start). */
function unsubscribeSecret(): Promise<string> {
  secret ??= (async () => {
    const e = env();
    if (e.UNSUBSCRIBE_SECRET) return e.UNSUBSCRIBE_SECRET;
    const out = await new SecretsManagerClient({ region: e.AWS_REGION }).send(
      new GetSecretValueCommand({ SecretId: e.UNSUBSCRIBE_SECRET_ARN }),
    );
    if (!out.SecretString) throw new Error('unsubscribe secret is empty');
    return out.SecretString;
  })();
  return secret;
}

const sign = (key: string, email: string) => createHmac('sha256', key).update(`unsubscribe:${email}`).digest('base64url');

/** `<base64url e-mail>.<signature>`: names the address, so a link works without an account lookup. */
export async function unsubscribeToken(email: string): Promise<string> {
  const normalised = email.trim().toLowerCase();
  return `${Buffer.from(normalised).toString('base64url')}.${sign(await unsubscribeSecret(), normalised)}`;
}

/** The address a token names, or null when it was not signed by us. */
export async function verifyUnsubscribeToken(token: string): Promise<string | null> {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(await unsubscribeSecret(), email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}

/** One-click (RFC 8058, POSTed by mail clients to the API) and the visible link (the site's page). */
export async function unsubscribeLinks(email: string): Promise<{ oneClickUrl: string; pageUrl: string }> {
  const token = encodeURIComponent(await unsubscribeToken(email));
  return {
    oneClickUrl: `${env().API_URL}/unsubscribe/one-click?token=${token}`,
    pageUrl: `${env().SITE_URL}/unsubscribe?token=${token}`,
  };
}
