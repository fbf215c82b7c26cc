import type { SavedSearchFrequency, SavedSearchKind, SavedSearchPausedReason, SavedSearchQueryInput } from '@shared/api/schemas/saved-searches';
import { byId, listingTypes, markets, propertyTypes, requirementTypes } from '@shared/catalog';
import { consumerPaths } from '@/features/consumer/paths';

const listingTypeById = byId(listingTypes);
const requirementTypeById = byId(requirementTypes);
const propertyTypeById = byId(propertyTypes);
const marketById = byId(markets);

export const frequencyLabels: Record<SavedSearchFrequency, string> = {
  instant: 'Instant: within minutes',
  daily: 'Daily, in the digest',
  weekly: 'Weekly, in Monday’s digest',
  off: 'Off: no e-mail',
};

export const pausedReasonText: Record<SavedSearchPausedReason, string> = {
  'no-matches-90-days': 'Paused: nothing new has matched it for 90 days.',
  'no-engagement-30-days': 'Paused: its e-mails have not been opened for 30 days.',
};

export const kindLabels: Record<SavedSearchKind, string> = { listings: 'Listings', requirements: 'Requirements' };

/** "For Lease · Office · Midtown": what a search's filters keep, in words. */
export function searchSummary(search: SavedSearchQueryInput): string {
  const type =
    search.kind === 'listings'
      ? search.filters.listingTypeId && listingTypeById.get(search.filters.listingTypeId)?.name
      : search.filters.requirementTypeId && requirementTypeById.get(search.filters.requirementTypeId)?.name;
  const parts = [type, search.filters.propertyTypeId && propertyTypeById.get(search.filters.propertyTypeId)?.name, search.filters.marketId && marketById.get(search.filters.marketId)?.name].filter(Boolean);
  return parts.length ? parts.join(' · ') : search.kind === 'listings' ? 'Every listing' : 'Every requirement';
}

/** The browser a search opens, with its filters in the URL. */
export function searchLink(search: SavedSearchQueryInput): { to: string; search: Record<string, string> } {
  const filters = Object.fromEntries(Object.entries(search.filters).filter(([, value]) => typeof value === 'string' && value !== 'ALL')) as Record<string, string>;
  return { to: search.kind === 'listings' ? consumerPaths.listings : consumerPaths.requirements, search: filters };
}
