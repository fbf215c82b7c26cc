import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { expireListings } from '../domain/listings-jobs';
import { expireRequirements } from '../domain/requirement-lifecycle';

/**
 * Daily: deletes listings 120 days after they were published, with their images and matches, and expires
 * requirements 90 days after their broadcast or last renewal (issue 14). Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  const now = jobClock(event);
  const listings = await expireListings(now);
  return { ...listings, requirements: await expireRequirements(now) };
}
