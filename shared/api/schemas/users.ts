import * as z from '../../zod';
import { subscriptionCategories } from '../../catalog';
import { contentVersion, emailField, idParam, imageVariants, pageOf, pageQuery, text } from './common';

/** `deleted`: the account was deleted in Cognito (the console sync marks it); it can do nothing any more. */
export const userStatuses = ['awaiting approval', 'active', 'disabled', 'deleted'] as const;
export const userStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatus>;

const subscriptionIds = subscriptionCategories.map((s) => s.id) as [string, ...string[]];
export const subscriptionId = z.enum(subscriptionIds);

export const brokerInfo = z.object({
  name: z.string(),
  /** Street address. */
  address1: z.string(),
  /** "City, ST 12345": the edit dialog's City, State and Zip joined (docs/DECISIONS.md). */
  address2: z.string(),
  /** Legacy logo file under the broker-images folder. */
  logoSrc: z.optional(z.string()),
});
export type BrokerInfo = z.infer<typeof brokerInfo>;

/**
 * Why BISN stopped e-mailing an address: SES reported a permanent bounce, or the recipient
 * marked a BISN mail as spam. Until the broker resumes it, the address receives nothing.
 */
export const mailStopReasons = ['bounce', 'complaint'] as const;
export const mailStop = z.object({ reason: z.enum(mailStopReasons), at: z.string(), detail: z.string() });
export type MailStop = z.infer<typeof mailStop>;

export const subscription = z.object({ _id: subscriptionId, name: z.string(), subscribed: z.boolean() });
export type Subscription = z.infer<typeof subscription>;

/** Profile → Privacy: absent on a record means listed with phone and e-mail shown. */
export const directoryPrivacy = z.object({
  listed: z.boolean(),
  showPhone: z.boolean(),
  showEmail: z.boolean(),
});
export type DirectoryPrivacy = z.infer<typeof directoryPrivacy>;
export const directoryPrivacySave = z.extend(directoryPrivacy, { version: contentVersion });
export type DirectoryPrivacySave = z.infer<typeof directoryPrivacySave>;

/**
 * Profile → Notifications. Categories are the subscriptions; a record without these fields reads as
 * `defaultNotificationPreferences`.
 */
export const requirementDeliveries = ['instant', 'digest', 'off'] as const;
export const matchDeliveries = ['instant', 'digest'] as const;
export const digestFrequencies = ['weekdays', 'weekly'] as const;
export const digestLimits = [10, 25, 50] as const;
export const notificationPreferences = z.object({
  /** Requirement broadcasts: each mailed at once, gathered in the digest, or not mailed. */
  requirements: z.enum(requirementDeliveries),
  /** New strong matches: the hourly notice or in the digest; off is the subscriptions' switch. */
  matches: z.enum(matchDeliveries),
  /** The digest every weekday, or weekly on Monday. */
  digestFrequency: z.enum(digestFrequencies),
  /** At most this many entries in one digest. */
  digestLimit: z.union([z.literal(10), z.literal(25), z.literal(50)], { error: 'Choose 10, 25 or 50 entries.' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const defaultNotificationPreferences: NotificationPreferences = { requirements: 'instant', matches: 'instant', digestFrequency: 'weekdays', digestLimit: 25 };
export const notificationPreferencesSave = z.extend(notificationPreferences, { version: contentVersion });
export type NotificationPreferencesSave = z.infer<typeof notificationPreferencesSave>;

export const user = z.object({
  _id: z.string(),
  cognitoId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Spec 01 §3: the full name, first and last, as cards show it. */
  name: z.string(),
  email: z.string(),
  acceptedTermsAndConditions: z.boolean(),
  status: userStatus,
  emailConfirmed: z.boolean(),
  title: z.string(),
  license: z.string(),
  phone: z.string(),
  subscriptions: z.array(subscription),
  /** Whether the broker is mailed their new strong matches; off in the profile's subscriptions. */
  matchNotices: z.boolean(),
  /** Profile → Privacy: in the broker directory or not, and which contact details it shows. */
  directory: directoryPrivacy,
  /** Profile → Notifications, the defaults filled in. */
  notifications: notificationPreferences,
  profileImage: z.nullable(imageVariants),
  brokerImage: z.nullable(imageVariants),
  brokerInfo: z.nullable(brokerInfo),
  isOperator: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.nullable(z.string()),
  mailStop: z.nullable(mailStop),
  /** Raised by every change of the profile; each profile save names the version it was based on. */
  version: contentVersion,
});
export type User = z.infer<typeof user>;
export const userResponse = z.object({ user });
export type UserResponse = z.infer<typeof userResponse>;

/** Public contact card attached to requirements and listings. */
export const contact = z.extend(
  z.pick(user, {
    _id: true,
    firstName: true,
    lastName: true,
    title: true,
    phone: true,
    email: true,
    license: true,
    profileImage: true,
    brokerImage: true,
    brokerInfo: true,
  }),
  {
    /**
     * Set for a caller whose account is not approved yet: phone, e-mail, license and the broker's address
     * are then empty (PRODUCT.md "Accounts and approval": no contacts for unvetted sign-ups).
     */
    detailsHidden: z.optional(z.literal(true)),
  },
);
export type Contact = z.infer<typeof contact>;

export const userIdParams = z.object({ userId: idParam });
export const cognitoIdParams = z.object({ cognitoId: idParam });

export const createUserRequest = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  email: emailField,
  cognitoId: idParam,
  acceptedTermsAndConditions: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  /** The e-mail of the broker this account asks to assist (a delegate's sign-up). */
  delegateOf: z.optional(emailField),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const personalInfoRequest = z.object({
  userId: z.optional(idParam),
  firstName: z.string().check(z.trim(), z.minLength(1, 'First Name cannot be empty.'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'Last Name cannot be empty.'), z.maxLength(100)),
  title: z._default(text(100), ''),
  license: z._default(text(50), ''),
  phone: z._default(text(30), ''),
});
export type PersonalInfoRequest = z.infer<typeof personalInfoRequest>;

export const brokerInfoRequest = z.object({
  userId: z.optional(idParam),
  name: z.string().check(z.trim(), z.minLength(1, 'Broker Name cannot be empty.'), z.maxLength(200)),
  address1: z.string().check(z.trim(), z.minLength(1, 'Street address cannot be empty.'), z.maxLength(200)),
  address2: z._default(text(200), ''),
});
export type BrokerInfoRequest = z.infer<typeof brokerInfoRequest>;

export const subscriptionsRequest = z.object({
  subscriptions: z
    .array(z.object({ subscriptionId, subscribed: z.boolean() }))
    .check(z.maxLength(subscriptionCategories.length * 2)),
  matchNotices: z.optional(z.boolean()),
});
export type SubscriptionsRequest = z.infer<typeof subscriptionsRequest>;

/** The profile saves as they travel: the dialog's fields and the profile version they were based on. */
export const personalInfoSave = z.extend(personalInfoRequest, { version: contentVersion });
export const brokerInfoSave = z.extend(brokerInfoRequest, { version: contentVersion });
export const subscriptionsSave = z.extend(subscriptionsRequest, { version: contentVersion });
export type PersonalInfoSave = z.infer<typeof personalInfoSave>;
export type BrokerInfoSave = z.infer<typeof brokerInfoSave>;
export type SubscriptionsSave = z.infer<typeof subscriptionsSave>;

/** The operator's lists: one status, oldest first (the approval queue is "awaiting approval"). */
export const adminUsersQuery = z.extend(pageQuery, { status: z._default(userStatus, 'awaiting approval') });
export const adminUser = z.extend(
  z.pick(user, {
    _id: true,
    firstName: true,
    lastName: true,
    email: true,
    license: true,
    brokerInfo: true,
    status: true,
    createdAt: true,
    emailConfirmed: true,
    mailStop: true,
  }),
  {
    /**
     * The brokers the account asked to assist, not declined or revoked: an applicant with any is
     * an assistant, and approving it approves each delegation the broker confirmed.
     */
    assists: z.array(z.object({ name: z.string(), email: z.string(), state: z.enum(['requested', 'confirmed', 'approved']) })),
  },
);
export const adminUsersResponse = pageOf(adminUser);
export type AdminUser = z.infer<typeof adminUser>;

/** GET /user/quota/{userId}: what the broker may still create today (lambdas/domain/creation-limits.ts). */
const dailyAllowance = z.object({ limit: z.number(), left: z.number() });
export const creationQuota = z.object({ requirements: dailyAllowance, listings: dailyAllowance });
export type CreationQuota = z.infer<typeof creationQuota>;
export const creationQuotaResponse = z.object({ quota: creationQuota });
