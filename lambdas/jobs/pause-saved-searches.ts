import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { flushMetrics } from '../core/metrics';
import { pauseSavedSearches } from '../domain/saved-search-pausing';

/**
 * Daily: pauses the saved searches that matched nothing for 90 days or whose mails nobody read for 30, one
 * mail each offering to keep it. `npm run job -- pauseSavedSearches` runs it now. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  try {
    return await pauseSavedSearches(jobClock(event));
  } finally {
    flushMetrics();
  }
}
