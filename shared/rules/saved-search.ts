import { ALL } from '../catalog';
import type { SavedSearchPausedReason } from '../api/schemas/saved-searches';
import { defaultNotificationPreferences, type NotificationPreferences } from '../api/schemas/users';

/** What the Listings browser filters a listing on (a published listing's stored ids). */
export interface ListingFacets {
  listingTypeId: string | null;
  propertyTypeId: string | null;
  marketId: string | null;
}

/** What the Requirements browser filters a requirement on. */
export interface RequirementFacets {
  requirementTypeId: string | null;
  propertyTypeId: string | null;
  marketIds: readonly (string | null)[];
}

type Filter = string | null | undefined;
/** A saved search's filters (absent, null or "ALL": no filter). */
export interface ListingsFilters {
  listingTypeId?: Filter;
  propertyTypeId?: Filter;
  marketId?: Filter;
}
export interface RequirementsFilters {
  requirementTypeId?: Filter;
  propertyTypeId?: Filter;
  marketId?: Filter;
}
const unset = (value: Filter): value is null | undefined | '' => !value || value === ALL;

/**
 * One filter slot as the browse index answers it (lambdas/data/browse-index.ts): no filter takes every item;
 * a filter takes the items with that very id. An item without a value (or "ALL") sits in the `*` slot
 * only, so a filter never takes it.
 */
const slotFits = (filter: Filter, values: readonly Filter[]) => unset(filter) || values.some((value) => !unset(value) && value === filter);

/**
 * Whether an item fits a saved search's filters: exactly when the browser with those filters lists it.
 * Only the filters: whether the item is public (a listing published, a requirement sent and
 * active) is the caller's to know.
 */
export function fits(search: { kind: 'listings'; filters: ListingsFilters }, item: ListingFacets): boolean;
export function fits(search: { kind: 'requirements'; filters: RequirementsFilters }, item: RequirementFacets): boolean;
export function fits(
  search: { kind: 'listings'; filters: ListingsFilters } | { kind: 'requirements'; filters: RequirementsFilters },
  item: ListingFacets | RequirementFacets,
): boolean {
  if (search.kind === 'listings') {
    const listing = item as ListingFacets;
    const { filters } = search;
    return slotFits(filters.listingTypeId, [listing.listingTypeId]) && slotFits(filters.propertyTypeId, [listing.propertyTypeId]) && slotFits(filters.marketId, [listing.marketId]);
  }
  const requirement = item as RequirementFacets;
  const { filters } = search;
  return (
    slotFits(filters.requirementTypeId, [requirement.requirementTypeId]) &&
    slotFits(filters.propertyTypeId, [requirement.propertyTypeId]) &&
    slotFits(filters.marketId, requirement.marketIds)
  );
}

/** A saved search that fitted no new item for this long is paused. */
export const SAVED_SEARCH_IDLE_DAYS = 90;
/** One whose mails nobody opened or clicked for this long is paused. */
export const SAVED_SEARCH_UNENGAGED_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The dates the pausing rule reads; `activeSince` is the creation or the last "keep it". */
export interface SavedSearchActivity {
  frequency: 'instant' | 'daily' | 'weekly' | 'off';
  status: 'active' | 'paused';
  activeSince: string;
  lastMatchedAt: string | null;
  lastAlertAt: string | null;
  lastEngagedAt: string | null;
}

const later = (a: string, b: string | null) => (b && b > a ? b : a);
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * Why an active saved search should be paused at `now`, or null to keep it: nothing fitted for 90 days,
 * or mails went out and none was opened or clicked in the 30 days since the last engagement (a search that
 * mailed nothing has shown nobody anything to ignore). A search that mails nothing ("off") is never paused;
 * a "keep it" starts both periods again.
 */
export function pauseReasonOf(search: SavedSearchActivity, now: Date): SavedSearchPausedReason | null {
  if (search.status !== 'active' || search.frequency === 'off') return null;
  if (later(search.activeSince, search.lastMatchedAt) <= daysBefore(now, SAVED_SEARCH_IDLE_DAYS)) return 'no-matches-90-days';
  const engagedSince = later(search.activeSince, search.lastEngagedAt);
  const mailedSince = !!search.lastAlertAt && search.lastAlertAt > engagedSince;
  if (mailedSince && engagedSince <= daysBefore(now, SAVED_SEARCH_UNENGAGED_DAYS)) return 'no-engagement-30-days';
  return null;
}

/** A user's notification preferences: what they stored, the defaults (today's behaviour) for the rest. */
export function notificationPreferencesOf(stored: Partial<NotificationPreferences> | null | undefined): NotificationPreferences {
  return { ...defaultNotificationPreferences, ...stored };
}
