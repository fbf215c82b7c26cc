import { env } from '../core/env';
import { flushMetrics } from '../core/metrics';
import { runBlast } from '../domain/blast';
import { jobClock } from '../core/job-clock';

/**
 * The weekday listings blast: EventBridge Scheduler fires it Mon–Fri 09:00 America/New_York (the local
 * scheduler uses the same cron and zone); `npm run job -- blast` runs it now, on any day. The event may
 * carry `now` (ISO) to set the run's clock: publishedOn and expiresAt come from it.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  try {
    return await runBlast({ now: jobClock(event) });
  } finally {
    flushMetrics();
  }
}
