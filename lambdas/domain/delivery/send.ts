import { logger } from '../../core/logger';
import { sendMail, type OutgoingMail } from '../mail/send';
import { workerPacer } from './pacing';
import type { DeliveryClaim } from '../../data/delivery-ledger';

/**
 * A claim still `sending` this long after it was made belongs to a worker that died (the worker function's
 * timeout, lib/config/functions.ts, is shorter): its mail counts as sent.
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

/** One job's exactly-once ledger (lambdas/data/delivery-ledger.ts), per recipient. */
export interface RecipientLedger {
  /** False when the recipient is claimed already (sent, or in flight). */
  claim(userId: string, claimedAt: string): Promise<boolean>;
  /** The claim another delivery holds, or null. */
  state(userId: string): Promise<{ state: 'sending' | 'sent'; claimedAt: string } | null>;
  /** SES accepted these recipients' mails (a few at once: MARK_BATCH). */
  sent(claims: readonly DeliveryClaim[]): Promise<void>;
  /** The send failed: the claim is given back so a later delivery sends it. */
  release(userId: string): Promise<void>;
}

/** Sent mails marked in one write (DynamoDB's BatchWrite takes 25): a mark per mail cost a third of the hot path's requests. */
export const MARK_BATCH = 25;

export interface ClaimedSendReport {
  sent: number;
  /** Recipients with nothing to receive (`mailFor` answered null). */
  skipped: number;
  /** Mails SES or DynamoDB refused, or another delivery is sending: the job has to come back for them. */
  failed: number;
}

/**
 * The worker's sending loop, shared by every kind of job: each mail (null: nothing for that recipient) takes
 * its slot of the send rate, then its claim, then the send. A claim is only ever followed by a send attempt,
 * so a worker killed mid-job leaves unclaimed every mail it had not started (the redelivery sends them) and
 * claimed only the ones SES was accepting or had accepted but not yet marked (at most once, never twice).
 * A claim that exists already is a mail an earlier delivery of the job sent; one still live (SQS delivers a
 * message twice at times) counts as failed, so the job comes back and finds it sent. A claim DynamoDB
 * refused, or a send SES refused (the SDK's retries of its throttling spent), counts as failed: a later
 * delivery retries that recipient. Sent claims are marked MARK_BATCH at a time; marks DynamoDB refuses after
 * SES took the mails leave the claims `sending`: counted as sent once stale, never sent again.
 */
export async function sendClaimed<R extends { userId: string }>(
  recipients: readonly R[],
  mailFor: (recipient: R) => Promise<OutgoingMail | null>,
  ledger: RecipientLedger,
  { concurrency = 10 } = {},
): Promise<ClaimedSendReport> {
  const pace = await workerPacer();
  const report: ClaimedSendReport = { sent: 0, skipped: 0, failed: 0 };
  const unmarked: DeliveryClaim[] = [];
  const markSent = async () => {
    const claims = unmarked.splice(0);
    if (claims.length === 0) return;
    try {
      await ledger.sent(claims);
    } catch (error) {
      // SES has the mails: giving the claims back would send them twice. They stay `sending`, as a crash leaves them.
      logger.warn('delivery marks failed: the mails count as sent', { userIds: claims.map((claim) => claim.userId), error: error as Error });
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < recipients.length) {
      const recipient = recipients[next++]!;
      const mail = await mailFor(recipient);
      if (!mail) {
        report.skipped += 1;
        continue;
      }
      await pace();
      const claim = { userId: recipient.userId, claimedAt: new Date().toISOString() };
      let claimed: boolean;
      try {
        claimed = await ledger.claim(claim.userId, claim.claimedAt);
      } catch (error) {
        logger.warn('delivery claim failed', { userId: recipient.userId, error: error as Error });
        report.failed += 1;
        continue;
      }
      if (!claimed) {
        const other = await ledger.state(recipient.userId);
        if (other?.state === 'sending' && Date.parse(other.claimedAt) > Date.now() - STALE_CLAIM_MS) report.failed += 1;
        continue;
      }
      try {
        await sendMail(mail);
      } catch (error) {
        logger.warn('mail send failed', { to: mail.to, error: error as Error });
        report.failed += 1;
        await ledger.release(recipient.userId);
        continue;
      }
      report.sent += 1;
      unmarked.push(claim);
      if (unmarked.length >= MARK_BATCH) await markSent();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, recipients.length) }, worker));
  await markSent();
  return report;
}
