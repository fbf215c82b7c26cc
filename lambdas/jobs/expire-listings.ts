import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { expireListings } from '../domain/listings-jobs';
import { unmatchStaleRequirements } from '../domain/matching';

/**
 * Daily: deletes listings 120 days after they were published, with their images and matches, and takes
 * the matches of requirements past their 90 active days away (issue 13). Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  const now = jobClock(event);
  const listings = await expireListings(now);
  return { ...listings, requirements: await unmatchStaleRequirements(now) };
}
