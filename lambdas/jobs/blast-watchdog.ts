import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { flushMetrics } from '../core/metrics';
import { checkBlastFinished } from '../domain/blast-watchdog';

/**
 * Mon–Fri 10:00 America/New_York: checks that the 09:00 blast finished and records `BlastLate` for its
 * alarm. `npm run job -- blastWatchdog` checks now. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  try {
    return await checkBlastFinished(jobClock(event));
  } finally {
    flushMetrics();
  }
}
