import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import type { BrokerInfoSave, CreateUserRequest, DirectoryPrivacySave, NotificationPreferencesSave, PersonalInfoSave, SubscriptionsSave, User } from '../../shared/api';
import { notificationPreferencesOf } from '../../shared/rules/saved-search';
import { subscriptionCategories, type SubscriptionId } from '../../shared/catalog';
import { cognito } from '../core/aws';
import { env } from '../core/env';
import { badRequest, HttpError, notFound, staleVersion } from '../core/errors';
import { logger } from '../core/logger';
import { isConditionFailed } from '../data/table';
import type { Principal } from '../core/principal';
import { fullNameOf, newUserRecord, usersRepository, userVersionOf, type UserRecord } from '../data/users';
import { assetUrls } from './assets';
import { refreshDirectory, refreshDirectoryAndAssistants } from './directory';
import { brokerInfoDto, privacyOf } from './contacts';
import { requestDelegation } from './delegations';
// The file itself, not ./mail: the profile routes' bundles need no mail templates.
import { liftSuppression } from './mail/suppression';


export function toUserDto(record: UserRecord, isOperator = false): User {
  const subscribed = new Set(record.subscribed);
  return {
    _id: record.userId,
    cognitoId: record.userId,
    firstName: record.firstName,
    lastName: record.lastName,
    name: fullNameOf(record),
    email: record.email,
    acceptedTermsAndConditions: record.acceptedTermsAndConditions,
    status: record.status,
    emailConfirmed: record.emailConfirmed,
    title: record.title,
    license: record.license,
    phone: record.phone,
    subscriptions: subscriptionCategories.map((c) => ({ _id: c.id, name: c.name, subscribed: subscribed.has(c.id) })),
    matchNotices: record.matchNotices !== false,
    directory: privacyOf(record),
    notifications: notificationPreferencesOf(record.notifications),
    profileImage: assetUrls(record.profileImage),
    brokerImage: assetUrls(record.brokerImage),
    brokerInfo: brokerInfoDto(record.brokerInfo),
    isOperator,
    createdAt: record.createdAt,
    approvedAt: record.approvedAt,
    mailStop: record.mailStop ?? null,
    version: userVersionOf(record),
  };
}


interface CognitoUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

async function cognitoUser(username: string): Promise<CognitoUser | null> {
  try {
    const out = await cognito().send(new AdminGetUserCommand({ UserPoolId: env().USER_POOL_ID, Username: username }));
    const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value ?? '';
    return { sub: attr('sub') || out.Username!, email: attr('email'), givenName: attr('given_name'), familyName: attr('family_name') };
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/**
 * The request a delegate's sign-up carries. The account exists whatever the answer (its Cognito user does):
 * a broker e-mail that names nobody is logged, and the account asks again from Profile → Delegates.
 */
async function askToAssist(delegate: UserRecord, brokerEmail: string): Promise<void> {
  try {
    await requestDelegation(delegate, brokerEmail);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    logger.info('sign-up delegation request refused', { userId: delegate.userId, reason: error.message });
  }
}

/**
 * Sign-up step 2: the record is created before the e-mail is confirmed, so the caller has no token yet.
 * The identity provider is the proof: the Cognito user with this e-mail must carry this `sub`.
 */
export async function createUser(input: CreateUserRequest): Promise<User> {
  const identity = await cognitoUser(input.email);
  if (!identity || identity.sub !== input.cognitoId) {
    throw badRequest('No sign-up matches this e-mail address. Please sign up again.');
  }
  const fresh = newUserRecord({
    userId: input.cognitoId,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    acceptedTermsAndConditions: input.acceptedTermsAndConditions,
  });
  // A delegate's sign-up: not in the broker directory until they choose to be.
  if (input.delegateOf) fresh.directory = { listed: false, showPhone: true, showEmail: true };
  const stored = await usersRepository.createIfAbsent(fresh);
  if (input.delegateOf) await askToAssist(stored, input.delegateOf);
  // The e-mail and sub of any account are on its contact cards, so they prove nothing: the answer is the
  // record this sign-up asked for, never a record that already existed (its phone, license, status…).
  return toUserDto(fresh);
}

/**
 * The caller's own record. If sign-up failed to create it, it is repaired here from the identity
 * provider's attributes (the sign-up form cannot be sent without accepting the terms).
 */
export async function getOwnUser(principal: Principal, existing: UserRecord | null): Promise<User> {
  if (existing && principal.isOperator && !existing.operator) {
    // An account made a broker's and later put in the operators' group: it leaves the directory.
    const marked = await usersRepository.update(existing.userId, { operator: true });
    await refreshDirectory(existing.userId);
    return toUserDto(marked, true);
  }
  if (existing) return toUserDto(existing, principal.isOperator);
  const identity = await cognitoUser(principal.email || principal.sub);
  if (!identity) throw notFound('User not found');
  // A signed-in caller has confirmed their e-mail: Cognito refuses sign-in before that.
  const record = await usersRepository.createIfAbsent({
    ...newUserRecord({
      userId: principal.sub,
      email: identity.email || principal.email,
      firstName: identity.givenName || 'Broker',
      lastName: identity.familyName,
      acceptedTermsAndConditions: true,
    }),
    emailConfirmed: true,
    // An operator's account, made by an operator rather than through sign-up, is not a broker's: it
    // receives no broadcasts until it subscribes itself (docs/DECISIONS.md "Identity and users").
    ...(principal.isOperator ? { subscribed: [], operator: true } : {}),
  });
  return toUserDto(record, principal.isOperator);
}

async function requireRecord(principal: Principal, existing: UserRecord | null): Promise<UserRecord> {
  if (existing) return existing;
  await getOwnUser(principal, null);
  const record = await usersRepository.get(principal.sub);
  if (!record) throw notFound('User not found');
  return record;
}

/** Sign-up step 4: the e-mail code was confirmed. Approval is a separate, operator decision. */
export async function markEmailConfirmed(principal: Principal, existing: UserRecord | null): Promise<User> {
  const record = await requireRecord(principal, existing);
  const updated = record.emailConfirmed ? record : await usersRepository.update(record.userId, { emailConfirmed: true });
  return toUserDto(updated, principal.isOperator);
}

export const profileChangedElsewhere =
  'Your profile was changed elsewhere (in another tab or window) since you opened this. Reload it to see those changes, or save yours over them.';

/**
 * A profile save over the version its author saw; refused with the current version when it moved on. The
 * broker's directory card follows at once.
 */
async function saveProfile(record: UserRecord, version: number, fields: Partial<UserRecord>, isOperator: boolean): Promise<User> {
  try {
    const saved = await usersRepository.update(record.userId, fields, { ifVersion: version });
    await refreshDirectoryAndAssistants(record.userId);
    return toUserDto(saved, isOperator);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const current = await usersRepository.get(record.userId);
    if (!current) throw notFound('User not found');
    throw staleVersion(profileChangedElsewhere, userVersionOf(current));
  }
}

export async function updateSubscriptions(principal: Principal, existing: UserRecord | null, input: SubscriptionsSave): Promise<User> {
  const record = await requireRecord(principal, existing);
  const subscribed = new Set<SubscriptionId>(record.subscribed);
  for (const { subscriptionId, subscribed: on } of input.subscriptions) {
    if (on) subscribed.add(subscriptionId as SubscriptionId);
    else subscribed.delete(subscriptionId as SubscriptionId);
  }
  const ordered = subscriptionCategories.map((c) => c.id).filter((id) => subscribed.has(id));
  const matchNotices = input.matchNotices === undefined ? {} : { matchNotices: input.matchNotices };
  return saveProfile(record, input.version, { subscribed: ordered, ...matchNotices }, principal.isOperator);
}

export async function updatePersonalInfo(principal: Principal, existing: UserRecord | null, input: PersonalInfoSave): Promise<User> {
  const record = await requireRecord(principal, existing);
  const { firstName, lastName, title, license, phone } = input;
  return saveProfile(record, input.version, { firstName, lastName, title, license, phone }, principal.isOperator);
}

export async function updateBrokerInfo(principal: Principal, existing: UserRecord | null, input: BrokerInfoSave): Promise<User> {
  const record = await requireRecord(principal, existing);
  // The logo is kept as read: a logo uploaded since raised the version, so this save is then refused.
  const brokerInfo = {
    name: input.name,
    address1: input.address1,
    address2: input.address2,
    ...(record.brokerInfo?.logoSrc ? { logoSrc: record.brokerInfo.logoSrc } : {}),
  };
  return saveProfile(record, input.version, { brokerInfo }, principal.isOperator);
}

/** Profile → Privacy: listed in the broker directory or not, and which of phone and e-mail it shows. */
export async function updateDirectoryPrivacy(principal: Principal, existing: UserRecord | null, input: DirectoryPrivacySave): Promise<User> {
  const record = await requireRecord(principal, existing);
  const { version, ...directory } = input;
  return saveProfile(record, version, { directory }, principal.isOperator);
}

/** Profile → Notifications: how requirements, matches and the digest reach the broker. */
export async function updateNotificationPreferences(principal: Principal, existing: UserRecord | null, input: NotificationPreferencesSave): Promise<User> {
  const record = await requireRecord(principal, existing);
  const { version, requirements, matches, digestFrequency, digestLimit } = input;
  return saveProfile(record, version, { notifications: { requirements, matches, digestFrequency, digestLimit } }, principal.isOperator);
}

/**
 * The broker asks to be e-mailed again after SES stopped their mail; nothing changes when it is not
 * stopped. SES's suppression list is lifted first: should that fail, the stop stays and the broker can
 * ask again, rather than being shown as mailable while SES still drops their mail.
 */
export async function resumeMail(principal: Principal, existing: UserRecord | null): Promise<User> {
  const record = await requireRecord(principal, existing);
  if (!record.mailStop) return toUserDto(record, principal.isOperator);
  const lifted = await liftSuppression(record.email);
  const updated = await usersRepository.update(record.userId, { mailStop: null });
  logger.info('mail resumed', { userId: record.userId, reason: record.mailStop.reason, suppressionLifted: lifted });
  return toUserDto(updated, principal.isOperator);
}
