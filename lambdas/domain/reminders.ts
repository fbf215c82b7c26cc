import { daysLeft } from '../../shared/rules';
import { logger } from '../core/logger';
import { remindersRepository } from '../data/reminders';
import { usersRepository } from '../data/users';
import { sendMail } from './mail/send';
import { expiryReminderMail } from './mail/templates/expiry-reminder';
import { renewLinkUrl, type RenewTarget } from './renew-links';

/** One item's reminder, as the jobs of both kinds send it. */
export interface DueReminder {
  target: RenewTarget;
  ownerId: string;
  title: string;
  expiresAt: string;
  /** What the item's reminders count from (its activity): a renewal starts a new one. */
  activity: string;
  /** The threshold due, in days before the expiry. */
  days: number;
  /** The item's page, where its owner closes it. */
  itemUrl: string;
}

/**
 * Sends one expiry reminder at most once: the ledger claim comes first, a refused send gives it
 * back for the next run; an owner who is not active or whose mail SES stopped is skipped.
 */
export async function remindOnce(reminder: DueReminder, now: Date): Promise<'sent' | 'skipped' | 'failed'> {
  const owner = await usersRepository.get(reminder.ownerId);
  if (!owner || owner.status !== 'active' || owner.mailStop) return 'skipped';
  const key = `${reminder.target.kind === 'requirement' ? 'REQ' : 'LST'}#${reminder.target.id}`;
  if (!(await remindersRepository.claim(key, reminder.activity, reminder.days))) return 'skipped';
  try {
    await sendMail(
      await expiryReminderMail(owner, {
        kind: reminder.target.kind,
        title: reminder.title,
        daysLeft: daysLeft(reminder.expiresAt, now),
        expiresAt: reminder.expiresAt,
        renewUrl: await renewLinkUrl(reminder.target, now),
        itemUrl: reminder.itemUrl,
      }),
    );
    return 'sent';
  } catch (error) {
    logger.warn('expiry reminder not sent', { ...reminder.target, error: error as Error });
    await remindersRepository.release(key, reminder.activity, reminder.days);
    return 'failed';
  }
}
