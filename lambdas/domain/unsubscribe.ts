import type { UnsubscribeLinkResponse, UnsubscribeResponse } from '../../shared/api';
import { rateLimitedMessage, unsubscribeLinkSentMessage } from '../../shared/api/schemas/auth';
import { categoriesOfStream, savedSearchOfStream, streamName, subscriptionCategories, type SubscriptionId, type UnsubscribeStream } from '../../shared/catalog';
import { notificationPreferencesOf } from '../../shared/rules';
import { env } from '../core/env';
import { badRequest, tooManyRequests } from '../core/errors';
import { logger } from '../core/logger';
import { rateLimitsRepository } from '../data/rate-limits';
import { usersRepository, type UserRecord } from '../data/users';
import { sendMail, verifyUnsubscribeToken, type UnsubscribeLink } from './mail';
import { unsubscribeConfirmationMail } from './mail/templates/unsubscribe-confirmation';
import { refreshDirectory } from './directory';
import { turnOffSavedSearch, turnOffSavedSearches } from './saved-searches';

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

/**
 * RFC 8058 one-click: turns off exactly the stream the mail came from (issue 19):
 * - a saved search's alert or pause mail (`search-<id>`): that search mails nothing any more;
 * - the digest: what it carries, the listing categories, the daily and weekly searches, the requirements
 *   and matches taken in the digest;
 * - a requirement broadcast (a requirements category): requirement broadcasts (Profile → Notifications "off");
 * - the weekday blast's links (`listings`): the listing categories; a listings category: that category;
 * - all (the confirmation mail, match notices, links from before streams): every category, the requirement
 *   broadcasts, the match notices and every saved search, as it always has for the categories.
 */
export async function unsubscribeWithToken(token: string): Promise<UnsubscribeResponse> {
  const { email, stream } = await verified(token);
  const user = await usersRepository.findByEmail(email);
  if (user) {
    await turnOffStream(user, stream);
    logger.info('unsubscribed by one click', { userId: user.userId, stream });
  }
  return unsubscribed;
}

const listingCategories = new Set<string>(categoriesOfStream('listings'));

async function turnOffStream(user: UserRecord, stream: UnsubscribeStream): Promise<void> {
  const savedSearchId = savedSearchOfStream(stream);
  if (savedSearchId) {
    await turnOffSavedSearch(user.userId, savedSearchId);
    return;
  }
  const preferences = notificationPreferencesOf(user.notifications);
  const category = subscriptionCategories.find((c) => c.id === stream);
  const fields: Partial<UserRecord> =
    stream === 'all'
      ? { subscribed: [], matchNotices: false, notifications: { ...preferences, requirements: 'off' } }
      : stream === 'digest'
        ? {
            subscribed: user.subscribed.filter((id) => !listingCategories.has(id)),
            notifications: { ...preferences, requirements: preferences.requirements === 'digest' ? 'off' : preferences.requirements },
            ...(preferences.matches === 'digest' ? { matchNotices: false } : {}),
          }
        : category?.channel === 'requirements'
          ? { notifications: { ...preferences, requirements: 'off' } }
          : { subscribed: user.subscribed.filter((id) => !categoriesOfStream(stream).includes(id)) };
  // A repeated click (mail clients may post twice) finds nothing to change and writes nothing.
  const changes = Object.entries(fields).some(([name, value]) => JSON.stringify(user[name as keyof UserRecord] ?? null) !== JSON.stringify(value));
  if (changes) {
    await usersRepository.update(user.userId, fields, { bumpVersion: true });
    await refreshDirectory(user.userId);
  }
  if (stream === 'all') await turnOffSavedSearches(user.userId, ['instant', 'daily', 'weekly']);
  if (stream === 'digest') await turnOffSavedSearches(user.userId, ['daily', 'weekly']);
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
