/** The broker directory's "active in the last 90 days" filter. */
export const DIRECTORY_ACTIVE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest last activity that still counts as active at `now`: exactly 90 days before is still in. */
export function directoryActiveSince(now: Date): string {
  return new Date(now.getTime() - DIRECTORY_ACTIVE_DAYS * DAY_MS).toISOString();
}
