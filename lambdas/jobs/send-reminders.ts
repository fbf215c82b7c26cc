import { env } from '../core/env';
import { jobClock } from '../core/job-clock';
import { remindListingOwners } from '../domain/listing-lifecycle';
import { remindRequirementOwners } from '../domain/requirement-lifecycle';

/**
 * Daily 08:00 Pacific: reminds owners of what expires soon, each reminder once. Accepts `{ now?: string }`.
 */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  const now = jobClock(event);
  return { requirements: await remindRequirementOwners(now), listings: await remindListingOwners(now) };
}
