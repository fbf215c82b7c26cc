import type { UnsubscribeLinkResponse, UnsubscribeResponse } from '../../shared/api';
import { rateLimitedMessage, unsubscribeLinkSentMessage } from '../../shared/api/schemas/auth';
import { streamName, subscriptionCategories, type SubscriptionId } from '../../shared/catalog';
import { env } from '../core/env';
import { badRequest, tooManyRequests } from '../core/errors';
import { logger } from '../core/logger';
import { rateLimitsRepository } from '../data/rate-limits';
import { usersRepository, type UserRecord } from '../data/users';
import { sendMail, verifyUnsubscribeToken, type UnsubscribeLink } from './mail';
import { unsubscribeConfirmationMail } from './mail/templates/unsubscribe-confirmation';
import { refreshDirectory } from './directory';

export const unsubscribedMessage = 'Unsubscribed successfully';
export const invalidUnsubscribeLinkMessage = 'This unsubscribe link is not valid. Enter your e-mail address to unsubscribe instead.';

const HOUR_MS = 60 * 60 * 1000;

/** The spec's answer shape; the same whether or not the address has an account, so nobody can probe for members. */
const unsubscribed: UnsubscribeResponse = { statusCode: '200', body: { message: unsubscribedMessage } };
const linkSent: UnsubscribeResponse = { statusCode: '200', body: { message: unsubscribeLinkSentMessage } };

/**
 * The public form (PRODUCT.md "Subscriptions"): it does not act on the address, it mails the address a
 * signed link, within an hourly limit per client and per address (so it can neither silence a competitor
 * nor be used to flood an inbox).
 */
export async function requestUnsubscribeLink(email: string, clientIp: string): Promise<UnsubscribeResponse> {
  const address = email.trim().toLowerCase();
  const limits = env();
  const allowed =
    (await rateLimitsRepository.take('unsubscribe-client', clientIp, limits.UNSUBSCRIBE_LIMIT_PER_CLIENT, HOUR_MS)) &&
    (await rateLimitsRepository.take('unsubscribe-address', address, limits.UNSUBSCRIBE_LIMIT_PER_ADDRESS, HOUR_MS));
  if (!allowed) throw tooManyRequests(rateLimitedMessage);
  const user = await usersRepository.findByEmail(address);
  // An address SES stopped (a hard bounce or a complaint) is sent nothing, this link included; the answer
  // stays the same, so the form tells nobody which addresses are stopped.
  if (user && !user.mailStop) {
    await sendMail(await unsubscribeConfirmationMail(user));
    logger.info('unsubscribe link mailed', { userId: user.userId });
  }
  return linkSent;
}

async function verified(token: string): Promise<UnsubscribeLink> {
  const link = await verifyUnsubscribeToken(token);
  if (!link) throw badRequest(invalidUnsubscribeLinkMessage);
  return link;
}

/** RFC 8058 one-click, as it has always been: every category of the address the link names. */
export async function unsubscribeWithToken(token: string): Promise<UnsubscribeResponse> {
  const { email } = await verified(token);
  const user = await usersRepository.findByEmail(email);
  if (user && (user.subscribed.length > 0 || user.matchNotices !== false)) {
    // Every category and the match notices: one click stops all BISN mail the address does not need.
    await usersRepository.update(user.userId, { subscribed: [], matchNotices: false }, { bumpVersion: true });
    await refreshDirectory(user.userId);
    logger.info('unsubscribed from every category', { userId: user.userId });
  }
  return unsubscribed;
}

function linkState(link: UnsubscribeLink, user: UserRecord | null): UnsubscribeLinkResponse {
  const subscribed = new Set(user?.subscribed ?? []);
  return {
    email: link.email,
    stream: { id: link.stream, name: streamName(link.stream) },
    subscriptions: subscriptionCategories.map((c) => ({ _id: c.id, name: c.name, subscribed: subscribed.has(c.id) })),
  };
}

/** The link's page: what the mail came from and the subscriptions now. Reading changes nothing (link scanners). */
export async function readUnsubscribeLink(token: string): Promise<UnsubscribeLinkResponse> {
  const link = await verified(token);
  return linkState(link, await usersRepository.findByEmail(link.email));
}

/**
 * The page's buttons: "Unsubscribe from <stream>", "Unsubscribe from all" and "Re-subscribe" each send
 * the categories the address keeps (re-subscribing restores what the page showed before). The signed link
 * already proves the address, as the one-click POST relies on.
 */
export async function updateFromUnsubscribeLink(token: string, wanted: readonly string[]): Promise<UnsubscribeLinkResponse> {
  const link = await verified(token);
  const user = await usersRepository.findByEmail(link.email);
  if (!user) return linkState(link, null);
  const keep = new Set(wanted);
  const subscribed: SubscriptionId[] = subscriptionCategories.map((c) => c.id).filter((id) => keep.has(id));
  const updated = await usersRepository.update(user.userId, { subscribed }, { bumpVersion: true });
  await refreshDirectory(user.userId);
  logger.info('subscriptions changed from an unsubscribe link', { userId: user.userId, stream: link.stream });
  return linkState(link, updated);
}
