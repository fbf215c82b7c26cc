import type { MailStop } from '../../shared/api';
import { logger } from '../core/logger';
import { savedSearchesRepository } from '../data/saved-searches';
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

/** An open or a click of a mail that carried saved searches' hits (their SES tags: savedSearchTags). */
export interface MailEngagement {
  ownerId: string;
  savedSearchIds: readonly string[];
  at: string;
}

/**
 * Someone read a saved search's mail: its `lastEngagedAt` moves to the event's time (never back), which starts
 * its 30 days without engagement again. A repeated or late event changes nothing.
 */
export async function recordEngagement({ ownerId, savedSearchIds, at }: MailEngagement): Promise<number> {
  let marked = 0;
  for (const savedSearchId of savedSearchIds) if (await savedSearchesRepository.mark(ownerId, savedSearchId, 'lastEngagedAt', at)) marked++;
  return marked;
}
