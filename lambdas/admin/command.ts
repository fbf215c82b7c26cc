import * as z from '../../shared/zod';
import { auditActions, userStatus, type AdminAction, type AdminFunction, type AdminUser, type AuditEntry, type Delegation, type User } from '../../shared/api';
import { env } from '../core/env';
import { HttpError } from '../core/errors';
import { logger } from '../core/logger';

/**
 * The operator commands of `npm run admin` (bin/admin.ts), as the admin Lambdas receive them. Each
 * admin function (shared/api/routes.ts `adminFunctions`) runs some of them; locally, runAdminCommand
 * (./run-command.ts) picks the function a stage would invoke and runs it in this process.
 */
/** How many of the audit trail's newest entries `npm run admin -- audit` prints unless told. */
export const AUDIT_DEFAULT_LIMIT = 50;

export const adminEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list'), status: z._default(userStatus, 'awaiting approval') }),
  z.object({ action: z.literal('delegates') }),
  // The newest `limit` entries of the audit trail, of every action or of `only` one.
  z.object({
    action: z.literal('audit'),
    only: z.optional(z.enum(auditActions, { error: `The audit's actions are ${auditActions.join(', ')}.` })),
    limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(10_000)), AUDIT_DEFAULT_LIMIT),
  }),
  z.object({ action: z.enum(['approve', 'disable', 'enable']), email: z.string().check(z.trim(), z.minLength(3)) }),
  z.object({ action: z.enum(['remove-listing', 'remove-requirement']), id: z.string().check(z.trim(), z.minLength(1)) }),
]);
export type AdminEvent = z.input<typeof adminEvent>;
export type AdminCommand = z.infer<typeof adminEvent>;

export type AdminResult =
  | { ok: true; action: 'list'; items: AdminUser[] }
  | { ok: true; action: 'delegates'; items: Delegation[] }
  | { ok: true; action: 'audit'; items: AuditEntry[] }
  | { ok: true; action: 'approve' | 'disable' | 'enable'; user: User }
  | { ok: true; action: 'remove-listing' | 'remove-requirement'; id: string }
  | { ok: false; message: string };

/** The event as a command, or the refusal an invalid one gets. */
export function parseAdminEvent(event: unknown): AdminCommand | { ok: false; message: string } {
  const parsed = adminEvent.safeParse(event);
  if (parsed.success) return parsed.data;
  return { ok: false, message: `Invalid admin event: ${parsed.error.issues.map((i) => i.message).join('; ')}` };
}

/**
 * One admin function's handler: it parses the event, runs the commands of `fn` with `run`, and answers
 * refusals (no such account, already disabled…) as results for the operator, not as Lambda failures.
 */
export function adminHandler<A extends AdminAction>(
  fn: AdminFunction & { readonly actions: readonly A[] },
  run: (command: Extract<AdminCommand, { action: A }>) => Promise<AdminResult>,
) {
  env(); // cold start: fail fast on a misconfigured function
  return async (event?: unknown): Promise<AdminResult> => {
    const command = parseAdminEvent(event);
    if ('ok' in command) return command;
    if (!(fn.actions as readonly string[]).includes(command.action)) {
      return { ok: false, message: `${fn.id} does not run "${command.action}"; npm run admin invokes the function of each command.` };
    }
    try {
      const result = await run(command as Extract<AdminCommand, { action: A }>);
      if (result.ok) logger.info('admin action', { action: command.action, ...('user' in result && { userId: result.user._id }), ...('id' in result && { id: result.id }) });
      return result;
    } catch (error) {
      if (error instanceof HttpError) return { ok: false, message: error.message };
      throw error;
    }
  };
}
