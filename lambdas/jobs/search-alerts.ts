import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { flushMetrics } from '../core/metrics';
import { sendInstantAlerts } from '../domain/saved-search-alerts';

/**
 * Every minute (every few seconds locally): mails each instant saved search its new hits, at most one mail an
 * hour per search (issue 19). `npm run job -- searchAlerts` runs it now. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  try {
    return await sendInstantAlerts(jobClock(event));
  } finally {
    flushMetrics();
  }
}
