import * as z from '../../zod';
import { subscriptionCategories } from '../../catalog';
import { emailField, idParam } from './common';
import { SAVED_SEARCHES_MAX } from './saved-searches';
import { subscription, subscriptionId } from './users';

/** The spec's five password rules, each with its own message (spec 01 §5). Also the Cognito policy. */
export const passwordPolicy = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/**
 * The spec's five rules, each with the checklist's short label, the spec's message and its test: the
 * sign-up form ticks them off as the broker types, and `newPassword` refuses with every message that fails.
 */
export const passwordRequirements = [
  {
    label: `At least ${passwordPolicy.minLength} characters`,
    message: `Password must be at least ${passwordPolicy.minLength} characters long`,
    test: (password: string) => password.length >= passwordPolicy.minLength,
  },
  { label: 'An uppercase letter', message: 'Password must contain at least one uppercase letter', test: (password: string) => /[A-Z]/.test(password) },
  { label: 'A lowercase letter', message: 'Password must contain at least one lowercase letter', test: (password: string) => /[a-z]/.test(password) },
  { label: 'A number', message: 'Password must contain at least one number', test: (password: string) => /[0-9]/.test(password) },
  {
    label: 'One of @$!%*?&',
    message: 'Password must contain at least one special character (@$!%*?&)',
    test: (password: string) => /[@$!%*?&]/.test(password),
  },
] as const;

export const newPassword = z.string().check(...passwordRequirements.map(({ test, message }) => z.refine<string>(test, message)));

export const signInForm = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, 'Password is required')),
  newPassword: z.optional(newPassword),
});
export type SignInForm = z.infer<typeof signInForm>;

export const signUpForm = z.object({
  email: emailField,
  password: newPassword,
  firstName: z.string().check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  termsAndConditions: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  /** An assistant names the broker they work for; empty for a broker's own account. */
  delegateOf: z.optional(z.union([z.literal(''), emailField])),
});
export type SignUpForm = z.infer<typeof signUpForm>;

export const verificationCode = z.string().check(z.trim(), z.length(6, 'Invalid Code, please re-enter.'));

export const forgotPasswordEmailForm = z.object({ email: emailField });
export const forgotPasswordResetForm = z.object({
  email: emailField,
  otp: verificationCode,
  newPassword,
});

export const changePasswordForm = z.object({
  oldPassword: z.string().check(z.minLength(1, 'Current password is required')),
  newPassword,
});

export const unsubscribeRequest = z.object({ email: emailField });
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequest>;
/** Spec: statusCode as text ("200" means success) and body.message. */
export const unsubscribeResponse = z.object({ statusCode: z.string(), body: z.object({ message: z.string() }) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

export const oneClickUnsubscribeQuery = z.object({ token: z.string().check(z.minLength(10), z.maxLength(1024)) });


/**
 * One thing an unsubscribe turned off, with what turns it on again: a category, the requirement broadcasts
 * (as they were delivered), the match notices, or a saved search (at its frequency).
 */
export const mailSwitch = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('category'), id: subscriptionId }),
  z.object({ kind: z.literal('requirements'), delivery: z.enum(['instant', 'digest']) }),
  z.object({ kind: z.literal('matches') }),
  z.object({ kind: z.literal('search'), savedSearchId: idParam, frequency: z.enum(['instant', 'daily', 'weekly']) }),
]);
export type MailSwitch = z.infer<typeof mailSwitch>;
/** A switch with the name the done page shows ("Office Listings", "Saved search “Midtown office” (at once)"). */
export const turnedOffMail = z.object({ switch: mailSwitch, name: z.string() });
export type TurnedOffMail = z.infer<typeof turnedOffMail>;

/**
 * What a signed unsubscribe link shows: the stream its mail came from, the address's subscriptions now and
 * what the call turned off (nothing, for a read).
 */
export const unsubscribeLinkResponse = z.object({
  email: z.string(),
  stream: z.object({ id: z.string(), name: z.string() }),
  subscriptions: z.array(subscription),
  turnedOff: z.array(turnedOffMail),
});
export type UnsubscribeLinkResponse = z.infer<typeof unsubscribeLinkResponse>;

/** Every switch an address has: each category, the requirements, the matches and a broker's saved searches. */
export const MAIL_SWITCHES_MAX = subscriptionCategories.length + 2 + SAVED_SEARCHES_MAX;

/**
 * The page's buttons: turn off what the mail came from (`stream`, as one click does) or everything (`all`),
 * or turn on again switches the done page listed.
 */
export const unsubscribeLinkRequest = z.union([
  z.strictObject({ turnOff: z.enum(['stream', 'all']) }),
  z.strictObject({ turnOn: z.array(mailSwitch).check(z.minLength(1), z.maxLength(MAIL_SWITCHES_MAX)) }),
]);
export type UnsubscribeLinkRequest = z.infer<typeof unsubscribeLinkRequest>;

export const rateLimitedMessage = 'Too many unsubscribe requests. Please wait an hour and try again.';
export const unsubscribeLinkSentMessage = 'If this address receives BISN e-mails, we have sent it a link to confirm.';
