import { ACTIVE_REQUIREMENT_DAYS } from './listing-lifetime';

/**
 * Lifecycle of requirements (issue 14): what the owner may do in which status, when a requirement expires
 * and when its reminders are due. Pure; the domain and the web app both read these.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Requirement actions the owner takes on the site. */
export type RequirementAction = 'edit' | 'fill' | 'withdraw' | 'renew';
export type RequirementLifecycleStatus = 'pending' | 'queued' | 'processing' | 'sent' | 'filled' | 'withdrawn' | 'expired';

/**
 * In which statuses an action is open. Editing waits while the broadcast holds the requirement (queued,
 * processing); a closed requirement (filled, withdrawn) is final; an expired one can only be renewed (or
 * marked filled, as its reminder offers).
 */
export const requirementActions: Record<RequirementAction, readonly RequirementLifecycleStatus[]> = {
  edit: ['pending', 'sent'],
  fill: ['sent', 'expired'],
  withdraw: ['pending', 'sent', 'expired'],
  renew: ['sent', 'expired'],
};

export function canRequirement(action: RequirementAction, status: RequirementLifecycleStatus): boolean {
  return requirementActions[action].includes(status);
}

/** Statuses that leave the public browser, the active count and matching. */
export const closedRequirementStatuses: readonly RequirementLifecycleStatus[] = ['filled', 'withdrawn', 'expired'];

/** When a requirement active since `activeFrom` (its broadcast, or its last renewal) expires. */
export function requirementExpiresAt(activeFrom: string): string {
  return new Date(Date.parse(activeFrom) + ACTIVE_REQUIREMENT_DAYS * DAY_MS).toISOString();
}

/** The reminders before a requirement expires, in days before (issue 14: 7 and 1). */
export const REQUIREMENT_REMINDER_DAYS = [7, 1] as const;
/** The reminders before a listing expires (30, 14 and 1 days before its 120 days). */
export const LISTING_REMINDER_DAYS = [30, 14, 1] as const;
/** How long an expired listing stays with its owner, renewable, before it is purged. */
export const LISTING_RENEWAL_GRACE_DAYS = 60;
/** How long a renew link works. */
export const RENEW_LINK_DAYS = 14;

/**
 * The reminder due at `now` for something expiring at `expiresAt`: the smallest threshold (in days) whose
 * moment has come, or null when none has (or it has expired). A run that missed a threshold sends only the
 * nearest one, never a stale "30 days left" a week before the end.
 */
export function reminderDue(expiresAt: string, now: Date, thresholds: readonly number[]): number | null {
  const left = Date.parse(expiresAt) - now.getTime();
  if (left <= 0) return null;
  const due = thresholds.filter((days) => left <= days * DAY_MS);
  return due.length ? Math.min(...due) : null;
}

/** Whole days left before `expiresAt` (rounded up: 3.2 days left reads "4 days"), 0 once past. */
export function daysLeft(expiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now.getTime()) / DAY_MS));
}
