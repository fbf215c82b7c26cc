import { isDeepStrictEqual } from 'node:util';
import type { UnsubscribeLinkResponse, UnsubscribeResponse } from '../../shared/api';
import {
  rateLimitedMessage,
  unsubscribeLinkSentMessage,
  type MailSwitch,
  type TurnedOffMail,
  type UnsubscribeLinkRequest,
} from '../../shared/api/schemas/auth';
import { categoriesOfStream, savedSearchOfStream, streamName, subscriptionCategories, type UnsubscribeStream } from '../../shared/catalog';
import { notificationPreferencesOf } from '../../shared/rules';
import { env } from '../core/env';
import { badRequest, conflict, tooManyRequests } from '../core/errors';
import { logger } from '../core/logger';
import { rateLimitsRepository } from '../data/rate-limits';
import { isConditionFailed } from '../data/table';
import { usersRepository, userVersionOf, type UserRecord } from '../data/users';
import { sendMail, verifyUnsubscribeToken, type UnsubscribeLink } from './mail';
import { unsubscribeConfirmationMail } from './mail/templates/unsubscribe-confirmation';
import { setSavedSearchFrequency, turnOffSavedSearches } from './saved-searches';

export const unsubscribedMessage = 'Unsubscribed successfully';
export const invalidUnsubscribeLinkMessage = 'This unsubscribe link is not valid. Enter your e-mail address to unsubscribe instead.';

const subscriptionsChangedMeanwhile = 'Your subscriptions changed meanwhile. Reload the page and try again.';

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
 * RFC 8058 one-click: turns off exactly the stream the mail came from, the same as the link page's
 * "Unsubscribe from <stream>" (what it turns off is `turnOffStream`'s).
 */
export async function unsubscribeWithToken(token: string): Promise<UnsubscribeResponse> {
  const { email, stream } = await verified(token);
  const user = await usersRepository.findByEmail(email);
  if (user) {
    const turnedOff = await turnOffStream(user, stream);
    logger.info('unsubscribed by one click', { userId: user.userId, stream, turnedOff: turnedOff.length });
  }
  return unsubscribed;
}

const frequencyName: Record<Extract<MailSwitch, { kind: 'search' }>['frequency'], string> = {
  instant: 'at once',
  daily: 'in the daily digest',
  weekly: 'in Monday’s digest',
};

/** The name the done page gives a switch it turned off. */
function nameOf(mail: MailSwitch, searchName = ''): string {
  switch (mail.kind) {
    case 'category':
      return subscriptionCategories.find((c) => c.id === mail.id)!.name;
    case 'requirements':
      return mail.delivery === 'digest' ? 'Requirement broadcasts in your digest' : 'Requirement broadcasts (each at once)';
    case 'matches':
      return 'Match notices';
    case 'search':
      return `Saved search “${searchName}” (${frequencyName[mail.frequency]})`;
  }
}
const named = (mail: MailSwitch): TurnedOffMail => ({ switch: mail, name: nameOf(mail) });

/**
 * What a stream's mail carries of the account's own switches, those on now:
 * - a category's mail (a requirement broadcast, a listings category): that category;
 * - the weekday blast (`listings`): the listing categories;
 * - the digest: the listing categories, and the requirements and matches taken in the digest;
 * - all (the confirmation mail, match notices, links from before streams): every category, the requirement
 *   broadcasts and the match notices.
 * A saved search's mail carries none: the search is its own switch.
 */
function accountSwitchesOf(user: UserRecord, stream: UnsubscribeStream): MailSwitch[] {
  const preferences = notificationPreferencesOf(user.notifications);
  const categories = categoriesOfStream(stream);
  const requirementsOn = preferences.requirements !== 'off' && (stream === 'all' || (stream === 'digest' && preferences.requirements === 'digest'));
  const matchesOn = user.matchNotices !== false && (stream === 'all' || (stream === 'digest' && preferences.matches === 'digest'));
  return [
    ...categories.filter((id) => user.subscribed.includes(id)).map((id): MailSwitch => ({ kind: 'category', id })),
    ...(requirementsOn ? [{ kind: 'requirements', delivery: preferences.requirements as 'instant' | 'digest' } as const] : []),
    ...(matchesOn ? [{ kind: 'matches' } as const] : []),
  ];
}

/** The record's fields once `mails` are set on (or off). */
function fieldsWith(user: UserRecord, mails: readonly MailSwitch[], on: boolean): Partial<UserRecord> {
  const fields: Partial<UserRecord> = {};
  const categories = new Set(mails.flatMap((m) => (m.kind === 'category' ? [m.id] : [])));
  if (categories.size) {
    const subscribed = new Set<string>(user.subscribed);
    for (const id of categories) {
      if (on) subscribed.add(id);
      else subscribed.delete(id);
    }
    fields.subscribed = subscriptionCategories.map((c) => c.id).filter((id) => subscribed.has(id));
  }
  const requirements = mails.find((m) => m.kind === 'requirements');
  if (requirements) fields.notifications = { ...notificationPreferencesOf(user.notifications), requirements: on ? requirements.delivery : 'off' };
  if (mails.some((m) => m.kind === 'matches')) fields.matchNotices = on;
  return fields;
}

/**
 * Sets the account's switches `switchesOf` names, over the version it read (a profile save meanwhile is read
 * again and the switches taken from it); nothing is written when nothing changes (mail clients may post a
 * one-click twice). The broker's directory card follows.
 */
async function setAccountSwitches(first: UserRecord, switchesOf: (user: UserRecord) => MailSwitch[], on: boolean): Promise<{ user: UserRecord; mails: MailSwitch[] }> {
  let user: UserRecord | null = first;
  for (let attempt = 0; attempt < 3 && user; attempt++) {
    const mails = switchesOf(user);
    const fields = fieldsWith(user, mails, on);
    const current = user;
    // Compared as values: DynamoDB keeps no order of a map's keys.
    const changes = Object.entries(fields).some(([name, value]) => !isDeepStrictEqual(current[name as keyof UserRecord] ?? null, value));
    if (!changes) return { user, mails: [] };
    try {
      const updated = await usersRepository.update(user.userId, fields, { ifVersion: userVersionOf(user) });
      return { user: updated, mails };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      user = await usersRepository.get(user.userId);
    }
  }
  if (!user) return { user: first, mails: [] };
  throw conflict(subscriptionsChangedMeanwhile);
}

/** Turns off what a stream's mail carries, and answers what was on and is off now. */
async function turnOffStream(user: UserRecord, stream: UnsubscribeStream): Promise<TurnedOffMail[]> {
  const account = await setAccountSwitches(user, (current) => accountSwitchesOf(current, stream), false);
  const searchId = savedSearchOfStream(stream);
  const frequencies = stream === 'digest' ? (['daily', 'weekly'] as const) : stream === 'all' || searchId ? (['instant', 'daily', 'weekly'] as const) : [];
  const searches = frequencies.length ? await turnOffSavedSearches(user.userId, frequencies, searchId ?? undefined) : [];
  return [
    ...account.mails.map(named),
    ...searches.map((s) => {
      const mail: MailSwitch = { kind: 'search', savedSearchId: s.savedSearchId, frequency: s.frequency as 'instant' | 'daily' | 'weekly' };
      return { switch: mail, name: nameOf(mail, s.name) };
    }),
  ];
}

function linkState(link: UnsubscribeLink, user: UserRecord | null, turnedOff: TurnedOffMail[] = []): UnsubscribeLinkResponse {
  const subscribed = new Set(user?.subscribed ?? []);
  return {
    email: link.email,
    stream: { id: link.stream, name: streamName(link.stream) },
    subscriptions: subscriptionCategories.map((c) => ({ _id: c.id, name: c.name, subscribed: subscribed.has(c.id) })),
    turnedOff,
  };
}

/** The link's page: what the mail came from and the subscriptions now. Reading changes nothing (link scanners). */
export async function readUnsubscribeLink(token: string): Promise<UnsubscribeLinkResponse> {
  const link = await verified(token);
  return linkState(link, await usersRepository.findByEmail(link.email));
}

/**
 * The page's buttons: "Unsubscribe from <stream>" turns off what one click turns off, "Unsubscribe from
 * all" everything, and the done page's "Re-subscribe" turns on again what they turned off. The signed link
 * already proves the address, as the one-click POST relies on.
 */
export async function updateFromUnsubscribeLink(token: string, request: UnsubscribeLinkRequest): Promise<UnsubscribeLinkResponse> {
  const link = await verified(token);
  const user = await usersRepository.findByEmail(link.email);
  if (!user) return linkState(link, null);
  if ('turnOff' in request) {
    const turnedOff = await turnOffStream(user, request.turnOff === 'all' ? 'all' : link.stream);
    logger.info('unsubscribed from an unsubscribe link', { userId: user.userId, stream: link.stream, turnOff: request.turnOff, turnedOff: turnedOff.length });
    return linkState(link, await usersRepository.get(user.userId), turnedOff);
  }
  const account = await setAccountSwitches(user, () => request.turnOn, true);
  for (const mail of request.turnOn) {
    if (mail.kind === 'search') await setSavedSearchFrequency(user.userId, mail.savedSearchId, mail.frequency);
  }
  logger.info('re-subscribed from an unsubscribe link', { userId: user.userId, stream: link.stream, turnedOn: request.turnOn.length });
  return linkState(link, account.user);
}
