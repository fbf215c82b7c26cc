import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { reconcileMarket } from '../domain/market';

/**
 * Nightly: recounts the Market page's aggregates from the listings and requirements, repairs and
 * logs any drift, and freezes the week's point of the trend. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  return reconcileMarket(jobClock(event));
}
