import { logger } from '../../core/logger';
import { sendMail, type OutgoingMail } from '../mail/send';
import { workerPacer } from './pacing';

/**
 * A claim still `sending` this long after it was made belongs to a worker that died (the worker function's
 * timeout, lib/config/functions.ts, is shorter): its mail counts as sent.
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

/** One job's exactly-once ledger (lambdas/data/delivery-ledger.ts), per recipient. */
export interface RecipientLedger {
  /** False when the recipient is claimed already (sent, or in flight). */
  claim(userId: string): Promise<boolean>;
  /** The claim another delivery holds, or null. */
  state(userId: string): Promise<{ state: 'sending' | 'sent'; claimedAt: string } | null>;
  /** SES accepted the mail. */
  sent(userId: string): Promise<void>;
  /** The send failed: the claim is given back so a later delivery sends it. */
  release(userId: string): Promise<void>;
}

export interface ClaimedSendReport {
  sent: number;
  /** Recipients with nothing to receive (`mailFor` answered null). */
  skipped: number;
  /** Mails SES or DynamoDB refused, or another delivery is sending: the job has to come back for them. */
  failed: number;
}

/**
 * The worker's sending loop, shared by every kind of job: each mail (null: nothing for that recipient) takes
 * its slot of the send rate, then
 * its claim, then the send. A claim is only ever followed by a send attempt, so a worker killed mid-job
 * leaves unclaimed every mail it had not started (the redelivery sends them) and claimed only the one SES
 * was accepting (at most once, never twice). A claim that exists already is a mail an earlier delivery of the
 * job sent; one still live (SQS delivers a message twice at times) counts as failed, so the job comes back
 * and finds it sent. A claim DynamoDB refused, or a send SES refused (the SDK's retries of its throttling
 * spent), counts as failed: a later delivery retries that recipient. A mark DynamoDB refuses after SES took
 * the mail leaves the claim `sending`: counted as sent, never sent again.
 */
export async function sendClaimed<R extends { userId: string }>(
  recipients: readonly R[],
  mailFor: (recipient: R) => Promise<OutgoingMail | null>,
  ledger: RecipientLedger,
  { concurrency = 10 } = {},
): Promise<ClaimedSendReport> {
  const pace = await workerPacer();
  const report: ClaimedSendReport = { sent: 0, skipped: 0, failed: 0 };
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
      let claimed: boolean;
      try {
        claimed = await ledger.claim(recipient.userId);
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
      try {
        await ledger.sent(recipient.userId);
      } catch (error) {
        // SES has the mail: giving the claim back would send it twice. It stays `sending`, as a crash leaves it.
        logger.warn('delivery mark failed: the mail counts as sent', { userId: recipient.userId, error: error as Error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, recipients.length) }, worker));
  return report;
}
