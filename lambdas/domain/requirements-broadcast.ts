import { randomUUID } from 'node:crypto';
import type { Requirement } from '../../shared/api';
import { subscriptionIdFor } from '../../shared/catalog';
import { notificationPreferencesOf } from '../../shared/rules';
import { logger } from '../core/logger';
import { requirementsRepository, type RequirementRecord } from '../data/requirements';
import { usersRepository, type UserRecord } from '../data/users';
import { countMetric, gaugeMetric } from '../core/metrics';
import { sendMails } from './mail';
import { requirementBroadcastMails } from './mail/templates/requirement-broadcast';
import { toRequirementDto } from './requirements';
import { matchRequirement, unmatchRequirement } from './matching';
import { refreshDirectory } from './directory';
import { syncRequirementMarket } from './market';

/**
 * The requirement broadcast (PRODUCT.md "Requirement lifecycle"; lambdas/data/README.md "Exactly-once").
 *
 * Each run picks the requirements that are `pending`, `queued`, or `processing` but untouched for longer than
 * the lease (a crashed run), moves each to `processing` under its own lease by conditional updates, and
 * e-mails every approved broker subscribed to the property type's Requirements category, except its author.
 *
 * Per broker the delivery is claimed in the ledger before sending, so overlapping or retried runs never
 * mail a broker twice; a failed send gives its claim back and the requirement goes back to `queued` for
 * the next run, which mails only the brokers still missing. When every subscribed broker has it, the
 * requirement gets `sentAt`, its browse index items, and becomes `sent`.
 */

/** A run that stops renewing its hold (crashed, timed out) loses it after this long. */
export const BROADCAST_LEASE_MS = 2 * 60_000;
/** After this many runs with failed sends the requirement is declared sent; the undelivered are logged. */
export const MAX_BROADCAST_ATTEMPTS = 5;
/** Brokers claimed and mailed together; the lease is renewed after each batch. */
const BATCH_SIZE = 25;

export interface BroadcastOutcome {
  requirementId: string;
  result: 'sent' | 'requeued' | 'lease-lost' | 'deleted' | 'failed';
  mailed: number;
  failed: number;
}

export interface BroadcastReport {
  runId: string;
  requirements: BroadcastOutcome[];
}

type MailTo = Awaited<ReturnType<typeof requirementBroadcastMails>>;

interface Delivery {
  mailed: number;
  failed: string[];
}

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

/** Claims, mails and records one batch of brokers; brokers already in the ledger are skipped. */
async function deliverBatch(requirement: Requirement, mailTo: MailTo, brokers: UserRecord[]): Promise<Delivery> {
  const { requirementId } = requirement;
  // Mails are built before anything is claimed, so a claim is only ever followed by a send attempt.
  const mails = await Promise.all(brokers.map((broker) => mailTo(broker.email)));
  // Settled, not all: a claim that failed (throttled) was not taken and counts as failed, so the next run
  // retries that broker; the claims that were taken must still be sent, or those brokers would never get it.
  const claims = await Promise.allSettled(brokers.map((broker) => requirementsRepository.claimDelivery(requirementId, broker.userId)));
  const taken = claims.map((claim) => claim.status === 'fulfilled' && claim.value);
  const claimed = mails.filter((_, i) => taken[i]);
  const unclaimed = brokers.filter((_, i) => claims[i]!.status === 'rejected').map((broker) => broker.email);
  if (claimed.length === 0) return { mailed: 0, failed: unclaimed };

  const userIdOf = new Map(brokers.map((broker) => [broker.email, broker.userId]));
  const report = await sendMails(claimed);
  countMetric('BroadcastMailsSent', report.sent.length);
  countMetric('BroadcastMailsFailed', report.failed.length);
  await Promise.all([
    ...report.sent.map((email) => requirementsRepository.confirmDelivery(requirementId, userIdOf.get(email)!)),
    ...report.failed.map(({ to }) => requirementsRepository.releaseDelivery(requirementId, userIdOf.get(to)!)),
  ]);
  return { mailed: report.sent.length, failed: [...report.failed.map(({ to }) => to), ...unclaimed] };
}

async function broadcastOne(record: RequirementRecord, runId: string): Promise<BroadcastOutcome> {
  const { requirementId } = record;
  const outcome = (result: BroadcastOutcome['result'], delivery: Delivery): BroadcastOutcome => ({
    requirementId,
    result,
    mailed: delivery.mailed,
    failed: delivery.failed.length,
  });
  const requirement = toRequirementDto(record, await usersRepository.get(record.userId));
  const category = subscriptionIdFor(record.propertyTypeId, 'requirements');
  const mailTo = await requirementBroadcastMails(requirement);
  const total: Delivery = { mailed: 0, failed: [] };

  let batch: UserRecord[] = [];
  const flush = async (): Promise<boolean> => {
    const delivery = await deliverBatch(requirement, mailTo, batch);
    total.mailed += delivery.mailed;
    total.failed.push(...delivery.failed);
    batch = [];
    // Renewing the lease is also the check that no other run took over while this one was slow.
    return !!(await requirementsRepository.transition(requirementId, 'processing', 'processing', { expectLeaseId: runId }));
  };
  for await (const broker of usersRepository.allByStatus('active')) {
    // The author is not mailed their own requirement (issue 22): the site shows them its status.
    // Nor is an address SES stopped (a hard bounce or a complaint) until its broker resumes it.
    // Nor a broker who takes requirements in their digest, or not at all (Profile → Notifications, issue 19).
    if (broker.userId === record.userId || !broker.subscribed.includes(category) || broker.mailStop) continue;
    if (notificationPreferencesOf(broker.notifications).requirements !== 'instant') continue;
    batch.push(broker);
    if (batch.length === BATCH_SIZE && !(await flush())) return outcome('lease-lost', total);
  }
  if (batch.length > 0 && !(await flush())) return outcome('lease-lost', total);

  if (total.failed.length > 0) {
    if ((record.attempts ?? 1) < MAX_BROADCAST_ATTEMPTS) {
      const requeued = await requirementsRepository.transition(requirementId, 'processing', 'queued', { expectLeaseId: runId });
      return outcome(requeued ? 'requeued' : 'lease-lost', total);
    }
    logger.error('requirement broadcast gave up on some brokers', { requirementId, undelivered: total.failed });
  }

  const sentAt = await requirementsRepository.stampSentAt(requirementId, runId);
  if (!sentAt) return outcome('lease-lost', total);
  const sent = { ...record, sentAt };
  // Index first, then the status: a crash in between leaves it `processing`, and the resumed run writes
  // the same index keys again (sentAt is kept) before marking it sent.
  await requirementsRepository.writeIndex(sent);
  // Its matches too, before `sent`: a crash in between finds them again on the resumed run.
  await matchRequirement(sent);
  if (await requirementsRepository.markSent(requirementId, runId)) {
    await refreshDirectory(record.userId);
    await syncRequirementMarket(requirementId);
    return outcome('sent', total);
  }
  if (!(await requirementsRepository.get(requirementId))) {
    // An operator deleted it while it was being broadcast: take back the index items and matches just written.
    await unmatchRequirement(sent);
    await requirementsRepository.deleteIndex(sent);
    return outcome('deleted', total);
  }
  return outcome('lease-lost', total);
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
    return { requirementId: claimed.requirementId, result: 'failed', mailed: 0, failed: 0 };
  }
}
