import { ACTIVE_REQUIREMENT_DAYS } from './listing-lifetime';

/**
 * Lifecycle of requirements: what the owner may do in which status, when a requirement expires
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

/** The reminders before a requirement expires, in days before (7 and 1). */
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

/** How long a property's earlier listings count towards a new one's days on BISN (12 months). */
export const DAYS_ON_BISN_MEMORY_DAYS = 365;

const STREET_WORDS: Record<string, string> = {
  street: 'st', avenue: 'ave', boulevard: 'blvd', drive: 'dr', road: 'rd', lane: 'ln', court: 'ct', place: 'pl',
  parkway: 'pkwy', highway: 'hwy', circle: 'cir', suite: 'ste', north: 'n', south: 's', east: 'e', west: 'w',
  unit: 'ste', '#': 'ste', apartment: 'ste', apt: 'ste', building: 'bldg',
};

/**
 * The same property, however it was typed (normalised street, unit, zip): lower case, no
 * punctuation, common street words abbreviated, the unit's label dropped to one form, and the 5-digit ZIP.
 */
export function propertyKeyOf(address: { address1: string; address2: string; zipCode: string }): string {
  const words = `${address.address1} ${address.address2}`
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word);
  return `${words.join(' ')}|${address.zipCode.trim().slice(0, 5)}`;
}

/** One price of a listing, from `at`. */
export interface PricePoint {
  at: string;
  price: number | null;
  leasePrice: number | null;
}

/**
 * The last change of price (or, failing that, of lease rate) in a listing's history: "Reduced 5 % on
 * 11/02/2026" when it went down. Null when nothing comparable changed.
 */
export function lastPriceChange(history: readonly PricePoint[]): { direction: 'reduced' | 'raised'; percent: number; at: string } | null {
  for (let i = history.length - 1; i > 0; i--) {
    const [before, after] = [history[i - 1]!, history[i]!];
    for (const field of ['price', 'leasePrice'] as const) {
      const [a, b] = [before[field], after[field]];
      if (a && b && a !== b) return { direction: b < a ? 'reduced' : 'raised', percent: Math.round((Math.abs(b - a) / a) * 100), at: after.at };
    }
  }
  return null;
}
