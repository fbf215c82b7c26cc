import * as z from '../../zod';
import { allOr, pageOf, pageQuery } from './common';

/**
 * The operators' audit trail: every operator action on an account, a listing or a requirement — who did
 * it, what, on what, when — whether made on the Operators page, with `npm run admin` or in the Cognito
 * console.
 */
export const auditActions = [
  'approve',
  'approve-delegate',
  'withdraw-approval',
  'disable',
  'enable',
  'remove-account',
  'remove-listing',
  'remove-requirement',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The actions that change an account's status (the others approve a delegation or remove an item). */
export type AccountStatusAction = Exclude<AuditAction, 'approve-delegate' | 'remove-listing' | 'remove-requirement'>;

/** Who acted: an operator signed in to the web app, or the admin CLI or the Cognito console, which name no BISN user. */
export const auditActor = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('operator'), userId: z.string(), email: z.string() }),
  z.object({ kind: z.enum(['admin-cli', 'console']) }),
]);
export type AuditActor = z.infer<typeof auditActor>;

/** What was acted on: an account (its name and e-mail) or a listing or requirement (its title, its owner's e-mail). */
export const auditTarget = z.object({
  kind: z.enum(['user', 'listing', 'requirement']),
  id: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
});
export type AuditTarget = z.infer<typeof auditTarget>;

export const auditEntry = z.object({
  at: z.string(),
  action: z.enum(auditActions),
  actor: auditActor,
  target: auditTarget,
  /** More of what happened: whose delegate was approved, the status an enabled account is back in. */
  detail: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogQuery = z.extend(pageQuery, { action: allOr(z.enum(auditActions), 'Unknown action.') });
export const auditLogPage = pageOf(auditEntry);
export type AuditLogPage = z.infer<typeof auditLogPage>;
