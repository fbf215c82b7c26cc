import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { expireListings } from '../domain/listings-jobs';

/** Daily: deletes listings 120 days after they were published, with their images. Accepts `{ now?: string }`. */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  return expireListings(jobClock(event));
}
