import { createHmac, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { RENEW_LINK_DAYS } from '../../shared/rules';
import { env } from '../core/env';
import { unsubscribeSecret } from './mail/unsubscribe';

/** What a renew link renews: a requirement or a listing, by id. */
export interface RenewTarget {
  kind: 'requirement' | 'listing';
  id: string;
}

export type RenewLinkCheck = { ok: true; target: RenewTarget; linkId: string; expiresAtEpoch: number } | { ok: false; reason: 'invalid' | 'expired' };

const AUDIENCE = 'bisn-renew';

/** The link's HMAC key, derived from the unsubscribe secret (one secret to keep; a key of its own purpose). */
async function renewKey(): Promise<Uint8Array> {
  return createHmac('sha256', await unsubscribeSecret()).update('renew-links').digest();
}

/**
 * A signed one-click renew link: a JWT (HS256, jose) naming the item, with its own id (single
 * use) and an expiry 14 days after `now`. The link opens the site's page, which shows what it will renew.
 */
export async function renewLinkUrl(target: RenewTarget, now: Date): Promise<string> {
  const token = await new SignJWT({ kind: target.kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(target.id)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + RENEW_LINK_DAYS * 24 * 60 * 60)
    .sign(await renewKey());
  return `${env().SITE_URL}/renew?token=${encodeURIComponent(token)}`;
}

/** Checks a token's signature and expiry at `now`; says why it is refused. Single use is the caller's. */
export async function checkRenewToken(token: string, now: Date): Promise<RenewLinkCheck> {
  try {
    const { payload } = await jwtVerify(token, await renewKey(), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const kind = payload.kind;
    if ((kind !== 'requirement' && kind !== 'listing') || !payload.sub || !payload.jti) return { ok: false, reason: 'invalid' };
    return { ok: true, target: { kind, id: payload.sub }, linkId: payload.jti, expiresAtEpoch: payload.exp! };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
