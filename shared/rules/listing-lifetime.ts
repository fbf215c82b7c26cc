/** PRODUCT.md: published listings are deleted 120 days after the blast sent them. */
export const LISTING_LIFETIME_DAYS = 120;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a listing the blast publishes at `publishedOn` expires (the daily expiry job deletes it then). */
export function expiresAtFor(publishedOn: string): string {
  return new Date(new Date(publishedOn).getTime() + LISTING_LIFETIME_DAYS * DAY_MS).toISOString();
}
