import type { SavedSearchFrequency, SavedSearchKind, SavedSearchPausedReason, SavedSearchQueryInput } from '@shared/api/schemas/saved-searches';
import { byId, leaseTypes, listingTypes, marketAreas, propertyTypes, requirementTypes } from '@shared/catalog';
import { formatSqft } from '@shared/rules/format';
import { urlSearchOf } from '@/features/search/criteria-url';
import { consumerPaths } from '@/features/consumer/paths';

const listingTypeById = byId(listingTypes);
const requirementTypeById = byId(requirementTypes);
const propertyTypeById = byId(propertyTypes);
const marketById = byId(marketAreas);
const leaseTypeById = byId(leaseTypes);

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

type Criteria = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));
const listOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : (text(value)?.split(',') ?? []));
const money = (value: unknown) => `$${Number(value).toLocaleString('en-US')}`;
const range = (min: unknown, max: unknown, show: (value: unknown) => string) =>
  text(min) && text(max) ? `${show(min)}–${show(max)}` : text(min) ? `from ${show(min)}` : text(max) ? `up to ${show(max)}` : undefined;

/** The criteria beside the three filters, in words: "Midtown or Placer · 10,000–20,000 sq ft · “dock”". */
function criteriaWords(filters: Criteria): (string | undefined)[] {
  const rateUnit = filters.rateFrequencyId === 'monthly' ? '/sq ft/mo' : '/sq ft/yr';
  const fit = [text(filters.fitSqft) && `${formatSqft(Number(filters.fitSqft))} sq ft`, text(filters.fitPrice) && money(filters.fitPrice), text(filters.fitRate) && `${money(filters.fitRate)}${rateUnit}`].filter(Boolean);
  return [
    listOf(filters.markets).map((id) => marketById.get(id)?.name ?? id).join(' or ') || undefined,
    range(filters.sizeMin, filters.sizeMax, (v) => `${formatSqft(Number(v))} sq ft`),
    range(filters.priceMin, filters.priceMax, money),
    range(filters.rateMin, filters.rateMax, (v) => `${money(v)}${rateUnit}`),
    text(filters.leaseTypeId) && leaseTypeById.get(String(filters.leaseTypeId))?.name,
    fit.length ? `fits ${fit.join(' at ')}` : undefined,
    text(filters.keyword) && `“${String(filters.keyword)}”`,
    text(filters.newWithin) && `new in ${String(filters.newWithin)} days`,
    filters.priceReduced === true || filters.priceReduced === 'true' ? 'price reduced' : undefined,
    text(filters.clearHeightMin) && `clear height from ${String(filters.clearHeightMin)} ft`,
    text(filters.acresMin) && `from ${String(filters.acresMin)} acres`,
    text(filters.unitsMin) && `from ${String(filters.unitsMin)} units`,
  ];
}

/** "For Lease · Office · Midtown · 10,000–20,000 sq ft": what a search's filters keep, in words. */
export function searchSummary(search: SavedSearchQueryInput): string {
  const type =
    search.kind === 'listings'
      ? search.filters.listingTypeId && listingTypeById.get(search.filters.listingTypeId)?.name
      : search.filters.requirementTypeId && requirementTypeById.get(search.filters.requirementTypeId)?.name;
  const parts = [
    type,
    search.filters.propertyTypeId && propertyTypeById.get(search.filters.propertyTypeId)?.name,
    search.filters.marketId && marketById.get(search.filters.marketId)?.name,
    ...criteriaWords(search.filters as Criteria),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : search.kind === 'listings' ? 'Every listing' : 'Every requirement';
}

/** The browser a search opens, with its filters in the URL. */
export function searchLink(search: SavedSearchQueryInput) {
  return { to: search.kind === 'listings' ? consumerPaths.listings : consumerPaths.requirements, search: urlSearchOf(search.filters) };
}
