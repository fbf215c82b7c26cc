import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { flushMetrics } from '../core/metrics';
import { sendMatchNotices } from '../domain/match-notices';

/**
 * Every 5 minutes: mails each broker their new strong matches, at most one notice an hour.
 * `npm run job -- matchNotices` runs it now. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  try {
    return await sendMatchNotices(jobClock(event));
  } finally {
    flushMetrics();
  }
}
