import { env } from '../core/env';
import { expireListings, jobClock } from '../domain/listings-jobs';

/** Daily: deletes listings 120 days after they were published, with their images. Accepts `{ now?: string }`. */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  return expireListings(jobClock(event));
}
