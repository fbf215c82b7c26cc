import { blastTimeOn } from '../../shared/rules';
import { logger } from '../core/logger';
import { gaugeMetric } from '../core/metrics';
import { blastsRepository } from '../data/blasts';
import { listingsRepository } from '../data/listings';

export interface BlastWatchdogReport {
  late: boolean;
  /** Blast runs started and not finished (crashed, still sending, lease lost). */
  unfinishedRuns: string[];
  /** Listings queued before today's 09:00 Eastern that no run has taken. */
  waitingListings: string[];
}

/**
 * An hour after the weekday blast is due: did it finish? It did not if a run is still unfinished, or if a
 * listing queued before 09:00 is still waiting (the blast never ran, or ran without taking it). Records
 * `BlastLate` (1 or 0) every time; the monitoring stack alarms on 1.
 */
export async function checkBlastFinished(now: Date): Promise<BlastWatchdogReport> {
  const dueAt = blastTimeOn(now).toISOString();
  const [runs, waitingListings] = await Promise.all([blastsRepository.unfinished(), listingsRepository.idsQueuedBefore(dueAt)]);
  const report = { late: runs.length > 0 || waitingListings.length > 0, unfinishedRuns: runs.map((r) => r.runId), waitingListings };
  gaugeMetric('BlastLate', report.late ? 1 : 0);
  if (report.late) logger.error('the weekday blast has not finished', { dueAt, ...report });
  return report;
}
