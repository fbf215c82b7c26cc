import * as z from '../../shared/zod';
import { env } from '../core/env';
import { logger } from '../core/logger';
import { recordEngagement, stopMailTo, type MailEngagement, type MailFeedback, type MailFeedbackOutcome } from '../domain/mail-feedback';

const recipients = z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.optional(z.string()) }));

/** SES message tags as events carry them: each name with its values. */
const tags = z.optional(z.record(z.string(), z.array(z.string())));

/**
 * The parts of SES's "Email Bounced" / "Email Complaint Received" / "Email Opened" / "Email Clicked"
 * EventBridge events that we read.
 */
const sesEvent = z.object({
  detail: z.union([
    z.object({ eventType: z.literal('Open'), mail: z.object({ tags }), open: z.object({ timestamp: z.string() }) }),
    z.object({ eventType: z.literal('Click'), mail: z.object({ tags }), click: z.object({ timestamp: z.string() }) }),
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

type SesDetail = z.infer<typeof sesEvent>['detail'];
type FeedbackDetail = Extract<SesDetail, { eventType: 'Bounce' | 'Complaint' }>;
type EngagementDetail = Extract<SesDetail, { eventType: 'Open' | 'Click' }>;

const SEARCH_TAG = 'search_';

/** The saved searches an opened or clicked mail carried (its tags), or null when it carried none. */
function engagementOf(detail: EngagementDetail): MailEngagement | null {
  const mailTags = detail.mail.tags ?? {};
  const ownerId = mailTags.owner?.[0];
  const savedSearchIds = Object.keys(mailTags).filter((name) => name.startsWith(SEARCH_TAG)).map((name) => name.slice(SEARCH_TAG.length));
  if (!ownerId || savedSearchIds.length === 0) return null;
  return { ownerId, savedSearchIds, at: detail.eventType === 'Open' ? detail.open.timestamp : detail.click.timestamp };
}

/** What to stop: a permanent bounce's recipients, or a complaint's. Transient and undetermined bounces stop nothing. */
function feedbackOf(detail: FeedbackDetail): MailFeedback[] {
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
 * EventBridge rule on SES's bounce, complaint, open and click events of the stage's configuration set. An event it
 * cannot read changes nothing and is logged; a failure reading or writing the table throws, so the event
 * is retried and, after that, kept in the jobs dead-letter queue.
 */
export async function handler(event: unknown): Promise<{ outcomes: MailFeedbackOutcome[]; engaged?: number }> {
  env();
  const parsed = sesEvent.safeParse(event);
  if (!parsed.success) {
    logger.warn('mail feedback: not an event it reads', { issues: parsed.error.issues.map((i) => i.message) });
    return { outcomes: [] };
  }
  const { detail } = parsed.data;
  if (detail.eventType === 'Open' || detail.eventType === 'Click') {
    // An open or a click of a saved search's mail: engagement; other mails' opens change nothing.
    const engagement = engagementOf(detail);
    return { outcomes: [], engaged: engagement ? await recordEngagement(engagement) : 0 };
  }
  return { outcomes: await stopMailTo(feedbackOf(detail)) };
}
