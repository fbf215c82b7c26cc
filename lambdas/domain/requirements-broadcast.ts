import { randomUUID } from 'node:crypto';
import { subscriptionIdFor } from '../../shared/catalog';
import { notificationPreferencesOf } from '../../shared/rules';
import { logger } from '../core/logger';
import { requirementsRepository, type RequirementRecord } from '../data/requirements';
import { usersRepository, type UserRecord } from '../data/users';
import { countMetric, gaugeMetric } from '../core/metrics';
import type { DeliveryMessage } from './delivery/messages';
import { enqueueDeliveries } from './delivery/queue';
import { sendClaimed } from './delivery/send';
import { requirementBroadcastMails } from './mail/templates/requirement-broadcast';
import { toRequirementDto } from './requirements';
import { matchRequirement, unmatchRequirement } from './matching';
import { refreshDirectory } from './directory';
import { syncRequirementMarket } from './market';

/**
 * The requirement broadcast (PRODUCT.md "Requirement lifecycle"; lambdas/data/README.md "Exactly-once"),
 * delivered through the delivery queue (docs/DECISIONS.md "The weekday blast and the delivery queue").
 *
 * Each run (the planner, every minute) picks the requirements that are `pending`, `queued`, or `processing`
 * but untouched for longer than the lease (a crashed run), moves each to `processing` under its own lease by
 * conditional updates, pages through the approved brokers and enqueues, in batches, those who take requirement
 * broadcasts at once: subscribed to the property type's Requirements category, not its author, mail not
 * stopped, and `notifications.requirements` 'instant' (the default). 'digest' holds it for the broker's digest
 * and 'off' never mails it. Then the requirement gets `sentAt`, its browse index items and matches, and
 * becomes `sent`: its mails are on the queue.
 *
 * The delivery workers (`sendRequirementMails`) send each batch paced to SES's rate; per broker the mail is
 * claimed in the requirement's ledger before it is sent, so a redelivered batch or a planner that crashed and
 * planned again never mails a broker twice; a failed send gives its claim back and the batch comes back, up to
 * MAX_DELIVERIES deliveries.
 */

/** A run that stops renewing its hold (crashed, timed out) loses it after this long. */
export const BROADCAST_LEASE_MS = 2 * 60_000;
/** Brokers per queue message; the lease is renewed after every ten messages enqueued. */
const BATCH_SIZE = 50;

export interface BroadcastOutcome {
  requirementId: string;
  result: 'sent' | 'lease-lost' | 'deleted' | 'failed';
  /** Brokers its mails were enqueued for. */
  recipients: number;
}

export interface BroadcastReport {
  runId: string;
  requirements: BroadcastOutcome[];
}

type RequirementMails = Extract<DeliveryMessage, { kind: 'requirement-mails' }>;

/** Takes a candidate into `processing` under this run's lease, or null when another run was faster. */
async function claim(candidate: RequirementRecord, runId: string, staleBefore: string): Promise<RequirementRecord | null> {
  const { requirementId } = candidate;
  const toProcessing = { setLeaseId: runId, countAttempt: true };
  switch (candidate.status) {
    case 'pending': {
      const queued = await requirementsRepository.transition(requirementId, 'pending', 'queued');
      return queued && requirementsRepository.transition(requirementId, 'queued', 'processing', toProcessing);
    }
    case 'queued':
      return requirementsRepository.transition(requirementId, 'queued', 'processing', toProcessing);
    case 'processing':
      return requirementsRepository.transition(requirementId, 'processing', 'processing', {
        ...toProcessing,
        expectLeaseId: candidate.leaseId,
        staleBefore,
      });
    default:
      return null;
  }
}

/** Whether a broker is mailed this requirement now (the rest get it in their digest, or never). */
function mailedNow(broker: UserRecord, record: RequirementRecord, category: UserRecord['subscribed'][number]): boolean {
  // The author is not mailed their own requirement: the site shows them its status.
  // Nor is an address SES stopped (a hard bounce or a complaint) until its broker resumes it.
  if (broker.userId === record.userId || !broker.subscribed.includes(category) || broker.mailStop) return false;
  // Nor a broker who takes requirements in their digest, or not at all (Profile → Notifications).
  return notificationPreferencesOf(broker.notifications).requirements === 'instant';
}

async function broadcastOne(record: RequirementRecord, runId: string): Promise<BroadcastOutcome> {
  const { requirementId } = record;
  const outcome = (result: BroadcastOutcome['result']): BroadcastOutcome => ({ requirementId, result, recipients });
  const category = subscriptionIdFor(record.propertyTypeId, 'requirements');
  let recipients = 0;
  let batch: RequirementMails['recipients'] = [];
  let messages: RequirementMails[] = [];
  // Renewing the lease is also the check that no other run took over while this one was slow.
  const flush = async (force: boolean): Promise<boolean> => {
    if (batch.length && (force || batch.length >= BATCH_SIZE)) {
      messages.push({ kind: 'requirement-mails', requirementId, recipients: batch });
      recipients += batch.length;
      batch = [];
    }
    if (!messages.length || (!force && messages.length < 10)) return true;
    await enqueueDeliveries(messages);
    messages = [];
    return !!(await requirementsRepository.transition(requirementId, 'processing', 'processing', { expectLeaseId: runId }));
  };
  for await (const broker of usersRepository.allByStatus('active')) {
    if (!mailedNow(broker, record, category)) continue;
    batch.push({ userId: broker.userId, email: broker.email });
    if (!(await flush(false))) return outcome('lease-lost');
  }
  if (!(await flush(true))) return outcome('lease-lost');

  const sentAt = await requirementsRepository.stampSentAt(requirementId, runId);
  if (!sentAt) return outcome('lease-lost');
  const sent = { ...record, sentAt };
  // Index first, then the status: a crash in between leaves it `processing`, and the resumed run writes
  // the same index keys again (sentAt is kept) before marking it sent.
  await requirementsRepository.writeIndex(sent);
  // Its matches too, before `sent`: a crash in between finds them again on the resumed run.
  await matchRequirement(sent);
  if (await requirementsRepository.markSent(requirementId, runId)) {
    await refreshDirectory(record.userId);
    await syncRequirementMarket(requirementId);
    return outcome('sent');
  }
  if (!(await requirementsRepository.get(requirementId))) {
    // An operator deleted it while it was being broadcast: take back the index items and matches just written.
    await unmatchRequirement(sent);
    await requirementsRepository.deleteIndex(sent);
    return outcome('deleted');
  }
  return outcome('lease-lost');
}

/** One run of the broadcast job. Safe to run concurrently with itself and to re-run after a crash. */
export async function broadcastRequirements(now = new Date()): Promise<BroadcastReport> {
  const runId = randomUUID();
  const staleBefore = new Date(now.getTime() - BROADCAST_LEASE_MS).toISOString();
  // What brokers wait for before this run sends it: the monitoring stack alarms past 5 minutes.
  const waitingSince = await requirementsRepository.oldestWaitingSince();
  gaugeMetric('BroadcastBacklogSeconds', waitingSince ? Math.max(0, (now.getTime() - Date.parse(waitingSince)) / 1000) : 0, 'Seconds');
  const pages = [
    requirementsRepository.byStatus('pending'),
    requirementsRepository.byStatus('queued'),
    requirementsRepository.byStatus('processing', { updatedBefore: staleBefore }),
  ];
  const requirements: BroadcastOutcome[] = [];
  // Each requirement at most once a run: one requeued by this run comes round again in `queued`.
  const seen = new Set<string>();
  for (const statusPages of pages) {
    for await (const page of statusPages) {
      for (const candidate of page) {
        if (seen.has(candidate.requirementId)) continue;
        seen.add(candidate.requirementId);
        const outcome = await broadcastCandidate(candidate, runId, staleBefore);
        if (outcome) requirements.push(outcome);
      }
    }
  }
  return { runId, requirements };
}

/** Claims one candidate and broadcasts it; null when another run holds it. */
async function broadcastCandidate(candidate: RequirementRecord, runId: string, staleBefore: string): Promise<BroadcastOutcome | null> {
  const claimed = await claim(candidate, runId, staleBefore);
  if (!claimed) return null;
  try {
    const result = await broadcastOne(claimed, runId);
    logger.info('requirement broadcast', { runId, ...result });
    return result;
  } catch (error) {
    // Left in `processing` under this run's lease: a run after the lease picks it up; the others go on now.
    logger.error('requirement broadcast failed', { runId, requirementId: claimed.requirementId, error: error as Error });
    return { requirementId: claimed.requirementId, result: 'failed', recipients: 0 };
  }
}

/** The mails of the requirements this worker sent lately, rendered once each (a broadcast spans many batches). */
const mailsByRequirement = new Map<string, Promise<MailTo>>();
type MailTo = Awaited<ReturnType<typeof requirementBroadcastMails>>;

function mailsOf(record: RequirementRecord): Promise<MailTo> {
  let mails = mailsByRequirement.get(record.requirementId);
  if (!mails) {
    mails = usersRepository.get(record.userId).then((author) => requirementBroadcastMails(toRequirementDto(record, author, 'member')));
    mails.catch(() => mailsByRequirement.delete(record.requirementId));
    mailsByRequirement.set(record.requirementId, mails);
    for (const requirementId of [...mailsByRequirement.keys()].slice(0, -20)) mailsByRequirement.delete(requirementId);
  }
  return mails;
}

/**
 * A worker's part: one batch of a requirement's broadcast, paced to SES's send rate. Mails SES or DynamoDB
 * refused are retried by a later delivery of the batch, until its last (`lastDelivery`), which gives up on
 * them (logged). A requirement deleted meanwhile is mailed to nobody.
 */
export async function sendRequirementMails(message: RequirementMails, { lastDelivery }: { lastDelivery: boolean }): Promise<'done' | 'retry'> {
  const { requirementId } = message;
  const record = await requirementsRepository.get(requirementId);
  if (!record) return 'done';
  const mailTo = await mailsOf(record);
  const { sent, failed } = await sendClaimed(message.recipients, (recipient) => mailTo(recipient.email), {
    claim: (userId, claimedAt) => requirementsRepository.claimDelivery(requirementId, userId, claimedAt),
    state: (userId) => requirementsRepository.deliveryState(requirementId, userId),
    sent: (claims) => requirementsRepository.confirmDelivery(requirementId, claims),
    release: (userId) => requirementsRepository.releaseDelivery(requirementId, userId),
  });
  countMetric('BroadcastMailsSent', sent);
  countMetric('BroadcastMailsFailed', failed);
  if (failed > 0 && !lastDelivery) return 'retry';
  if (failed > 0) logger.error('requirement broadcast gave up on some brokers', { requirementId, failed });
  return 'done';
}
