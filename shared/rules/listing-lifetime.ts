/** PRODUCT.md: published listings are deleted 120 days after the blast sent them. */
export const LISTING_LIFETIME_DAYS = 120;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a listing the blast publishes at `publishedOn` expires (the daily expiry job deletes it then). */
export function expiresAtFor(publishedOn: string): string {
  return new Date(new Date(publishedOn).getTime() + LISTING_LIFETIME_DAYS * DAY_MS).toISOString();
}

/** PRODUCT.md: "active requirements" are those sent in the last 90 days (the dashboard count, matching). */
export const ACTIVE_REQUIREMENT_DAYS = 90;

/** The earliest `sentAt` of a requirement still active at `now`. */
export function activeRequirementsSince(now: Date): string {
  return new Date(now.getTime() - ACTIVE_REQUIREMENT_DAYS * DAY_MS).toISOString();
}
