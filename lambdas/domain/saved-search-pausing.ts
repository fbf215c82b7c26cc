import { randomUUID } from 'node:crypto';
import { savedSearchKinds, type SavedSearchFrequency } from '../../shared/api';
import { pauseReasonOf } from '../../shared/rules';
import { logger } from '../core/logger';
import { countMetric } from '../core/metrics';
import { savedSearchesRepository, type SavedSearchRecord } from '../data/saved-searches';
import { usersRepository } from '../data/users';
import { savedSearchesPageUrl, sendMail } from './mail';
import { searchPausedMail } from './mail/templates/search-paused';

/** A pause mail claimed this long ago and still `sending` belongs to a run that crashed mid-send. */
export const PAUSE_MAIL_CLAIM_TIMEOUT_MS = 10 * 60 * 1000;

const mailingFrequencies: readonly Exclude<SavedSearchFrequency, 'off'>[] = ['instant', 'daily', 'weekly'];

export interface PauseReport {
  /** Mailing searches read, and those this run paused. */
  checked: number;
  paused: number;
  /** Pause mails sent; refused by SES or a throttled claim (pending again, for the next run). */
  mailed: number;
  failed: number;
  /** Pause mails not sent: the search was kept (or deleted) first, or its owner gets no mail. */
  skipped: number;
  /** Pause mails of a crashed run's claim: never sent again (at most once). */
  lost: number;
}

/** The link in the pause mail: the Saved searches page, which keeps (resumes) the search it names. */
export const keepSearchUrl = (savedSearchId: string) => `${savedSearchesPageUrl()}?keep=${encodeURIComponent(savedSearchId)}`;

/**
 * The daily pause job: pauses every mailing search that matched nothing for 90
 * days or whose mails nobody opened or clicked for 30 (shared/rules pauseReasonOf), then sends each paused
 * search its one mail offering to keep it. The pause and the pending mail are one conditional write (only an
 * active search is paused, so a search is paused once), the mail is claimed (`pending → sending`) before SES
 * is asked and given back if SES refuses; a crash after a pause leaves its mail pending for the next run, a
 * crash while SES accepts leaves it `sending`, marked `lost` after the claim timeout: nothing lost but that
 * one mail at most, nothing sent twice. Reads are Queries of gsi1 (the mailing searches) and gsi2 (the
 * waiting mails), page by page.
 */
export async function pauseSavedSearches(now = new Date()): Promise<PauseReport> {
  const report: PauseReport = { checked: 0, paused: 0, mailed: 0, failed: 0, skipped: 0, lost: 0 };
  for (const kind of savedSearchKinds) {
    for (const frequency of mailingFrequencies) {
      for await (const page of savedSearchesRepository.mailing(kind, frequency)) {
        for (const search of page) {
          report.checked++;
          const reason = pauseReasonOf(search, now);
          if (!reason) continue;
          try {
            if (await savedSearchesRepository.pause(search.ownerId, search.savedSearchId, reason, now.toISOString())) report.paused++;
          } catch (error) {
            // Left active: the next run pauses it.
            logger.warn('saved search not paused', { ownerId: search.ownerId, savedSearchId: search.savedSearchId, error: error as Error });
          }
        }
      }
    }
  }
  await sendPauseMails(now, report);
  countMetric('SavedSearchesPaused', report.paused);
  logger.info('saved searches paused', { ...report });
  return report;
}

async function sendPauseMails(now: Date, report: PauseReport): Promise<void> {
  const staleBefore = new Date(now.getTime() - PAUSE_MAIL_CLAIM_TIMEOUT_MS).toISOString();
  for await (const page of savedSearchesRepository.pauseMailsWaiting()) {
    for (const search of page) {
      try {
        await pauseMailOne(search, now, staleBefore, report);
      } catch (error) {
        logger.warn('pause mail left for the next run', { ownerId: search.ownerId, savedSearchId: search.savedSearchId, error: error as Error });
        report.failed++;
      }
    }
  }
}

async function pauseMailOne(search: SavedSearchRecord, now: Date, staleBefore: string, report: PauseReport): Promise<void> {
  if (search.pauseMail === 'sending') {
    if ((search.pauseMailClaimedAt ?? '') <= staleBefore && (await savedSearchesRepository.movePauseMail(search, 'sending', 'lost', { batchId: search.pauseMailBatchId }))) {
      logger.warn('pause mail lost in a crashed run', { ownerId: search.ownerId, savedSearchId: search.savedSearchId });
      report.lost++;
    }
    return;
  }
  const owner = await usersRepository.get(search.ownerId);
  if (search.status !== 'paused' || !owner || owner.status !== 'active' || owner.mailStop) {
    if (await savedSearchesRepository.movePauseMail(search, 'pending', 'skipped')) report.skipped++;
    return;
  }
  const mail = await searchPausedMail(owner, search, keepSearchUrl(search.savedSearchId));
  const batchId = randomUUID();
  if (!(await savedSearchesRepository.movePauseMail(search, 'pending', 'sending', { batchId, at: now.toISOString() }))) return;
  try {
    await sendMail(mail);
  } catch (error) {
    logger.warn('pause mail not sent', { ownerId: search.ownerId, savedSearchId: search.savedSearchId, error: error as Error });
    await savedSearchesRepository.movePauseMail(search, 'sending', 'pending', { batchId });
    report.failed++;
    return;
  }
  await savedSearchesRepository.movePauseMail(search, 'sending', 'sent', { batchId });
  report.mailed++;
}
