import * as z from '../../shared/zod';
import { eventFunctions } from '../../shared/api/routes';
import { env } from '../core/env';
import { logger } from '../core/logger';
import { applyConsoleChange, logConsoleChange } from '../domain/console-sync';

const [{ eventNames }] = eventFunctions;

/** The part of EventBridge's "AWS API Call via CloudTrail" event for a Cognito user-pool admin call that we read. */
const cloudTrailCall = z.object({
  detail: z.object({
    eventName: z.enum(eventNames),
    errorCode: z.optional(z.string()),
    requestParameters: z.object({ userPoolId: z.string(), username: z.string(), groupName: z.optional(z.string()) }),
  }),
});

/**
 * EventBridge rule on the user pool's admin calls (the Cognito console makes them; so does the operator
 * page, whose own change is then found already made). An event of another pool, a failed call, or one
 * we cannot read changes nothing and is logged; an error reading the table or Cognito throws, so the
 * event is retried and, after that, kept in the dead-letter queue.
 */
export async function handler(event: unknown): Promise<{ outcome: string }> {
  env();
  const parsed = cloudTrailCall.safeParse(event);
  if (!parsed.success) {
    logger.warn('cognito console sync: not an event it reads', { issues: parsed.error.issues.map((i) => i.message) });
    return { outcome: 'ignored: unreadable event' };
  }
  const { eventName, errorCode, requestParameters } = parsed.data.detail;
  if (errorCode) return { outcome: `ignored: the call failed (${errorCode})` };
  if (requestParameters.userPoolId !== env().USER_POOL_ID) return { outcome: 'ignored: another user pool' };
  const change = { eventName, username: requestParameters.username, ...(requestParameters.groupName ? { groupName: requestParameters.groupName } : {}) };
  const outcome = await applyConsoleChange(change);
  logConsoleChange(change, outcome);
  return { outcome };
}
