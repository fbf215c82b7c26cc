import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { rematchAll } from '../domain/matching';

/**
 * Run by hand (`npm run job -- rematch`, or an invoke in the cloud): recomputes every match from the
 * active requirements and published listings. Idempotent; a match that stays keeps its state and notice.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  return rematchAll(jobClock(event));
}
