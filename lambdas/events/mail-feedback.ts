import * as z from '../../shared/zod';
import { env } from '../core/env';
import { logger } from '../core/logger';
import { stopMailTo, type MailFeedback, type MailFeedbackOutcome } from '../domain/mail-feedback';

const recipients = z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.optional(z.string()) }));

/** The parts of SES's "Email Bounced" / "Email Complaint Received" EventBridge events that we read. */
const sesEvent = z.object({
  detail: z.union([
    z.object({
      eventType: z.literal('Bounce'),
      bounce: z.object({ bounceType: z.string(), bounceSubType: z.optional(z.string()), bouncedRecipients: recipients, timestamp: z.string() }),
    }),
    z.object({
      eventType: z.literal('Complaint'),
      complaint: z.object({ complainedRecipients: recipients, complaintFeedbackType: z.optional(z.string()), timestamp: z.string() }),
    }),
  ]),
});

/** What to stop: a permanent bounce's recipients, or a complaint's. Transient and undetermined bounces stop nothing. */
function feedbackOf(detail: z.infer<typeof sesEvent>['detail']): MailFeedback[] {
  if (detail.eventType === 'Complaint') {
    const { complaint } = detail;
    const reported = complaint.complaintFeedbackType ? `marked as ${complaint.complaintFeedbackType}` : 'marked as spam';
    return complaint.complainedRecipients.map((r) => ({ address: r.emailAddress, stop: { reason: 'complaint', at: complaint.timestamp, detail: reported } }));
  }
  const { bounce } = detail;
  if (bounce.bounceType !== 'Permanent') return [];
  return bounce.bouncedRecipients.map((r) => ({
    address: r.emailAddress,
    stop: { reason: 'bounce', at: bounce.timestamp, detail: r.diagnosticCode ?? `${bounce.bounceType} ${bounce.bounceSubType ?? ''}`.trim() },
  }));
}

/**
 * EventBridge rule on SES's bounce and complaint events of the stage's configuration set. An event it
 * cannot read changes nothing and is logged; a failure reading or writing the table throws, so the event
 * is retried and, after that, kept in the jobs dead-letter queue.
 */
export async function handler(event: unknown): Promise<{ outcomes: MailFeedbackOutcome[] }> {
  env();
  const parsed = sesEvent.safeParse(event);
  if (!parsed.success) {
    logger.warn('mail feedback: not an event it reads', { issues: parsed.error.issues.map((i) => i.message) });
    return { outcomes: [] };
  }
  return { outcomes: await stopMailTo(feedbackOf(parsed.data.detail)) };
}
