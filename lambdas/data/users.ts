import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountStatusAction, AuditActor, BrokerInfo, DirectoryPrivacy, ImageVariants, MailStop, NotificationPreferences, UserStatus } from '../../shared/api';
import { subscriptionCategories, type SubscriptionId } from '../../shared/catalog';
import { expiringMap } from '../core/expiring-map';
import { batchGet, db, fullReadPageSize, isConditionFailed, nowIso, putIfAbsent, tableName } from './table';

/** The stored user. `userId` is the Cognito `sub`: one id for both, so the token names the record. */
export interface UserRecord {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  acceptedTermsAndConditions: boolean;
  status: UserStatus;
  emailConfirmed: boolean;
  title: string;
  license: string;
  phone: string;
  /** An operator's account (the team, not a member): never in the broker directory. Absent = a broker's. */
  operator?: boolean;
  /** Subscribed category ids; a category absent here is unsubscribed. */
  subscribed: SubscriptionId[];
  /** Match notice mails; absent means on. */
  matchNotices?: boolean;
  /** Profile → Privacy; absent means listed in the broker directory with phone and e-mail shown. */
  directory?: DirectoryPrivacy;
  /** Profile → Notifications; absent means the defaults (notificationPreferencesOf in shared/rules). */
  notifications?: NotificationPreferences;
  profileImage: ImageVariants | null;
  brokerImage: ImageVariants | null;
  brokerInfo: BrokerInfo | null;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  /** Set when SES reported the address undeliverable or complaining: it is sent nothing (absent = mailable). */
  mailStop?: MailStop | null;
  /**
   * Raised by every change of what the broker edits (profile, subscriptions, images, an unsubscribe): a
   * profile save names the version it was based on. Absent reads as 0.
   */
  version?: number;
  /**
   * The last status change an operator, the admin CLI or the Cognito console made, written with the status:
   * the audit trail's entry for it is put from this (lambdas/domain/audit.ts). Absent until the first.
   */
  statusChange?: AccountStatusChange;
}

/** Who changed an account's status, how and when. */
export interface AccountStatusChange {
  action: AccountStatusAction;
  at: string;
  by: AuditActor;
  detail: string | null;
}

/** "First Last", as cards and delegations name a person. */
export const fullNameOf = (record: Pick<UserRecord, 'firstName' | 'lastName'>) => `${record.firstName} ${record.lastName}`.trim();

/** The version of a stored user (absent = 0). */
export const userVersionOf = (record: Pick<UserRecord, 'version'>) => record.version ?? 0;

const keys = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
const emailKey = (email: string) => `EMAIL#${email.toLowerCase()}`;
export const statusKey = (status: UserStatus) => `USERSTATUS#${status}`;

/** The stored item of a user (exported for bulk loads: test/bench writes items directly). */
export function toItem(user: UserRecord) {
  return {
    ...keys(user.userId),
    gsi1pk: emailKey(user.email),
    gsi1sk: 'USER',
    gsi2pk: statusKey(user.status),
    gsi2sk: `${user.createdAt}#${user.userId}`,
    type: 'user',
    ...user,
  };
}

function fromItem(item: Record<string, unknown>): UserRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...user } = item;
  return user as unknown as UserRecord;
}

export function newUserRecord(input: {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  acceptedTermsAndConditions: boolean;
}): UserRecord {
  const now = nowIso();
  return {
    ...input,
    email: input.email.toLowerCase(),
    status: 'awaiting approval',
    emailConfirmed: false,
    title: '',
    license: '',
    phone: '',
    subscribed: subscriptionCategories.map((c) => c.id),
    profileImage: null,
    brokerImage: null,
    brokerInfo: null,
    createdAt: now,
    updatedAt: now,
    approvedAt: null,
  };
}

/**
 * How stale a broker's contact card on someone else's detail page may be: an edit shows there within this
 * in other warm functions, at once in the one that made it.
 */
const CONTACT_CARD_TTL_MS = 30_000;
const contactCards = /* @__PURE__ */ expiringMap<string, UserRecord>(CONTACT_CARD_TTL_MS);

export const usersRepository = {
  async get(userId: string): Promise<UserRecord | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys(userId) }));
    return Item ? fromItem(Item) : null;
  },

  /** Records by id (absent ones are left out): BatchGet, 100 a request. */
  async getMany(userIds: readonly string[]): Promise<UserRecord[]> {
    return (await batchGet(userIds.map(keys))).map(fromItem);
  },

  /**
   * The record as this warm function read it at most CONTACT_CARD_TTL_MS ago: the owner's contact card on
   * a listing or requirement page, so a detail costs one read. Never for deciding anything.
   */
  async getForContactCard(userId: string): Promise<UserRecord | null> {
    const known = contactCards.get(userId);
    if (known) return known;
    const record = await usersRepository.get(userId);
    if (record) contactCards.set(userId, record);
    return record;
  },

  /** getForContactCard of several brokers: those not read lately in one BatchGet (absent ones left out). */
  async getManyForContactCards(userIds: readonly string[]): Promise<Map<string, UserRecord>> {
    const cards = new Map<string, UserRecord>();
    const unknown: string[] = [];
    for (const userId of new Set(userIds)) {
      const known = contactCards.get(userId);
      if (known) cards.set(userId, known);
      else unknown.push(userId);
    }
    for (const record of unknown.length ? await usersRepository.getMany(unknown) : []) {
      contactCards.set(record.userId, record);
      cards.set(record.userId, record);
    }
    return cards;
  },

  async findByEmail(email: string): Promise<UserRecord | null> {
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': emailKey(email), ':sk': 'USER' },
        Limit: 1,
      }),
    );
    return Items?.[0] ? fromItem(Items[0]) : null;
  },

  /** Creates the record unless one exists; returns the stored record either way (idempotent sign-up). */
  async createIfAbsent(user: UserRecord): Promise<UserRecord> {
    contactCards.delete(user.userId);
    if (await putIfAbsent(toItem(user))) return user;
    const existing = await usersRepository.get(user.userId);
    if (!existing) throw new Error(`user ${user.userId} exists and vanished`);
    return existing;
  },

  /**
   * Sets the given fields on an existing user; returns the new record. With `ifStatus` the write happens
   * only while the user is in that status (a ConditionalCheckFailedException otherwise): status transitions.
   */
  async update(
    userId: string,
    fields: Partial<Omit<UserRecord, 'userId' | 'createdAt'>>,
    {
      ifStatus,
      ifVersion,
      bumpVersion = ifVersion !== undefined,
    }: {
      ifStatus?: UserStatus;
      /** Only while the record is at this version (absent counts as 0): a save over what its author saw. */
      ifVersion?: number;
      /** Raise the version (a change of the broker's content); implied by ifVersion. */
      bumpVersion?: boolean;
    } = {},
  ): Promise<UserRecord> {
    const values: Record<string, unknown> = { ...fields, updatedAt: nowIso() };
    if (fields.status) {
      const current = await usersRepository.get(userId);
      values.gsi2pk = statusKey(fields.status);
      if (current) values.gsi2sk = `${current.createdAt}#${userId}`;
    }
    const names = Object.keys(values);
    const conditions = ['attribute_exists(pk)'];
    if (ifStatus) conditions.push('#status = :expectedStatus');
    if (ifVersion !== undefined) conditions.push('(#version = :expectedVersion OR (attribute_not_exists(#version) AND :expectedVersion = :zero))');
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys(userId),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}${bumpVersion ? ', #version = if_not_exists(#version, :zero) + :one' : ''}`,
        ExpressionAttributeNames: {
          ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
          ...(ifStatus ? { '#status': 'status' } : {}),
          ...(bumpVersion || ifVersion !== undefined ? { '#version': 'version' } : {}),
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
          ...(ifStatus ? { ':expectedStatus': ifStatus } : {}),
          ...(ifVersion !== undefined ? { ':expectedVersion': ifVersion } : {}),
          ...(bumpVersion || ifVersion !== undefined ? { ':zero': 0 } : {}),
          ...(bumpVersion ? { ':one': 1 } : {}),
        },
        ConditionExpression: conditions.join(' AND '),
        ReturnValues: 'ALL_NEW',
      }),
    );
    contactCards.delete(userId);
    return fromItem(Attributes!);
  },

  /** One page of users in a status, oldest first (the approval queue; the blast's recipients). */
  async pageByStatus(
    status: UserStatus,
    startKey?: Record<string, unknown>,
    limit = 500,
  ): Promise<{ users: UserRecord[]; nextKey?: Record<string, unknown> }> {
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': statusKey(status) },
        ExclusiveStartKey: startKey,
        Limit: limit,
      }),
    );
    return { users: (Items ?? []).map(fromItem), nextKey: LastEvaluatedKey };
  },

  /**
   * Stops mail to a user, unless it is stopped already (SES may report one bounce more than once): true
   * when this call stopped it.
   */
  async stopMail(userId: string, stop: MailStop): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys(userId),
          UpdateExpression: 'SET mailStop = :stop, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(mailStop) OR mailStop = :none)',
          ExpressionAttributeValues: { ':stop': stop, ':now': nowIso(), ':none': null },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** Every user in a status, page by page (jobs only; never on a request path). */
  async *allByStatus(status: UserStatus): AsyncGenerator<UserRecord> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await usersRepository.pageByStatus(status, startKey, fullReadPageSize(1000));
      yield* page.users;
      startKey = page.nextKey;
    } while (startKey);
  },
};
