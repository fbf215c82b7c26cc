import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { sendInstantAlerts } from '../domain/saved-search-alerts';

/**
 * Every minute (every few seconds locally): records the instant saved searches' new hits and enqueues, on the
 * delivery queue, each search whose mail is due, at most one an hour per search; the delivery
 * worker mails them. `npm run job -- searchAlerts` runs it now. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  return sendInstantAlerts(jobClock(event));
}
