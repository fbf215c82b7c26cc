import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { expireListings } from '../domain/listing-lifecycle';
import { expireRequirements } from '../domain/requirement-lifecycle';

/**
 * Daily: listings expire 120 days after they were published (their owners keep them 60 days,
 * renewable, then they are purged with their photos), requirements 90 days after their broadcast or last
 * renewal; either leaves the public lists and its matches. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  const now = jobClock(event);
  const listings = await expireListings(now);
  return { ...listings, requirements: await expireRequirements(now) };
}
