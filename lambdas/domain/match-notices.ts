import { randomUUID } from 'node:crypto';
import { notificationPreferencesOf } from '../../shared/rules';
import { logger } from '../core/logger';
import { countMetric } from '../core/metrics';
import { matchesRepository, type MatchSide } from '../data/matches';
import { usersRepository } from '../data/users';
import { sendMail } from './mail/send';
import { matchNoticeMail } from './mail/templates/match-notice';

const HOUR_MS = 60 * 60 * 1000;
/** A notice claimed this long ago and still `sending` belongs to a run that crashed mid-send. */
export const NOTICE_CLAIM_TIMEOUT_MS = 10 * 60 * 1000;

export interface MatchNoticeReport {
  /** Brokers mailed, and the matches their notices carried. */
  mailed: number;
  matches: number;
  /** Brokers whose hour since their last notice is not over: their matches wait for the next run. */
  deferred: number;
  failed: number;
  /** Matches whose broker gets no notices (off in the profile, in the digest instead, not active, mail stopped). */
  skipped: number;
  /** Matches of a crashed run's claim: never sent again (at most once). */
  lost: number;
}

/**
 * One run of the notice job (every 5 minutes): each broker with new strong matches gets one mail holding
 * all of them, at most one an hour. Exactly once, as the broadcast: the broker's hour is taken and each
 * match is claimed (`pending → sending`, stamped with this run's batch) before SES is asked; a refused
 * send puts both back; a run that crashes after its claims leaves them `sending`, and the next run past
 * the claim timeout marks them `lost`, so a broker may miss a notice but never gets one twice.
 */
export async function sendMatchNotices(now = new Date()): Promise<MatchNoticeReport> {
  const report: MatchNoticeReport = { mailed: 0, matches: 0, deferred: 0, failed: 0, skipped: 0, lost: 0 };
  const byOwner = new Map<string, MatchSide[]>();
  const staleBefore = new Date(now.getTime() - NOTICE_CLAIM_TIMEOUT_MS).toISOString();
  for await (const page of matchesRepository.awaitingNotice()) {
    for (const side of page) {
      if (side.notice === 'sending') {
        if ((side.noticeClaimedAt ?? '') <= staleBefore && (await matchesRepository.moveNotice(side, 'sending', 'lost', { batchId: side.noticeBatchId }))) {
          logger.warn('match notice lost in a crashed run', { ownerId: side.ownerId, requirementId: side.requirementId, listingId: side.listingId });
          report.lost++;
        }
        continue;
      }
      const sides = byOwner.get(side.ownerId) ?? [];
      sides.push(side);
      byOwner.set(side.ownerId, sides);
    }
  }
  for (const [ownerId, sides] of byOwner) await noticeOne(ownerId, sides, now, report);
  countMetric('MatchNoticesSent', report.mailed);
  countMetric('MatchNoticesFailed', report.failed);
  logger.info('match notices', { ...report });
  return report;
}

async function noticeOne(ownerId: string, sides: MatchSide[], now: Date, report: MatchNoticeReport): Promise<void> {
  const owner = await usersRepository.get(ownerId);
  // A broker who takes matches in the digest is not noticed: the digest lists the matches of its window.
  if (!owner || owner.status !== 'active' || owner.matchNotices === false || owner.mailStop || notificationPreferencesOf(owner.notifications).matches === 'digest') {
    for (const side of sides) if (await matchesRepository.moveNotice(side, 'pending', 'skipped')) report.skipped++;
    return;
  }
  const batchId = randomUUID();
  const at = now.toISOString();
  const hour = await matchesRepository.takeNoticeHour(ownerId, at, new Date(now.getTime() - HOUR_MS).toISOString(), batchId);
  if (!hour) {
    report.deferred++;
    return;
  }
  const claimed: MatchSide[] = [];
  for (const side of sides) if (await matchesRepository.moveNotice(side, 'pending', 'sending', { batchId, at })) claimed.push(side);
  if (claimed.length === 0) {
    // Another run took them: this hour was not used.
    await matchesRepository.giveBackNoticeHour(ownerId, batchId, hour.previous);
    return;
  }
  try {
    await sendMail(await matchNoticeMail(owner, claimed.sort((a, b) => b.score - a.score)));
  } catch (error) {
    logger.warn('match notice not sent', { ownerId, error: error as Error });
    for (const side of claimed) await matchesRepository.moveNotice(side, 'sending', 'pending', { batchId });
    await matchesRepository.giveBackNoticeHour(ownerId, batchId, hour.previous);
    report.failed++;
    return;
  }
  for (const side of claimed) await matchesRepository.moveNotice(side, 'sending', 'sent', { batchId });
  report.mailed++;
  report.matches += claimed.length;
}
