import type { MailStop } from '../../shared/api';
import { logger } from '../core/logger';
import { usersRepository } from '../data/users';

/** One address SES reported: a permanent bounce or a complaint, with what SES said about it. */
export interface MailFeedback {
  address: string;
  stop: MailStop;
}

export interface MailFeedbackOutcome {
  address: string;
  result: 'stopped' | 'already stopped' | 'no account';
}

/**
 * Stops mail to each reported address that has an account: blasts, broadcasts and notices then skip it,
 * the operator page shows why, and the broker sees a notice to check the address and resume. A repeated
 * event (SES and EventBridge deliver at least once) finds the stop already there and changes nothing.
 */
export async function stopMailTo(feedback: readonly MailFeedback[]): Promise<MailFeedbackOutcome[]> {
  const outcomes: MailFeedbackOutcome[] = [];
  for (const { address, stop } of feedback) {
    const user = await usersRepository.findByEmail(address);
    if (!user) {
      outcomes.push({ address, result: 'no account' });
      continue;
    }
    const stopped = await usersRepository.stopMail(user.userId, stop);
    if (stopped) logger.warn('mail stopped', { userId: user.userId, reason: stop.reason, detail: stop.detail });
    outcomes.push({ address, result: stopped ? 'stopped' : 'already stopped' });
  }
  return outcomes;
}
