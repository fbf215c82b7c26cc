import * as z from '../../zod';
import { idParam } from './common';
import { listingSearchShape } from './listings';
import { rangesInOrder } from './search';
import { requirementSearchShape } from './requirements';

/**
 * Saved searches: a browser's URL filters under a name, mailed at a frequency. The filters are
 * the browsers' own search fields (the same schemas, "ALL" read as no filter), without paging or order.
 */
export const SAVED_SEARCHES_MAX = 50;
/** A search matching more than this many current items is "too broad": saving warns, and still saves. */
export const SAVED_SEARCH_TOO_BROAD = 500;

export const savedSearchKinds = ['listings', 'requirements'] as const;
export type SavedSearchKind = (typeof savedSearchKinds)[number];
/** instant: a short mail within minutes; daily: in the digest; weekly: in Monday's digest; off: no mail. */
export const savedSearchFrequencies = ['instant', 'daily', 'weekly', 'off'] as const;
export const savedSearchFrequency = z.enum(savedSearchFrequencies, { error: 'Choose how often to be e-mailed.' });
export type SavedSearchFrequency = (typeof savedSearchFrequencies)[number];
export const savedSearchPausedReasons = ['no-matches-90-days', 'no-engagement-30-days'] as const;
export type SavedSearchPausedReason = (typeof savedSearchPausedReasons)[number];

/** The Listings browser's search (GET /listings), strict: a requirement's type is no listing filter. */
export const listingsSearchFilters = z.strictObject(listingSearchShape).check(...rangesInOrder);
export type ListingsSearchFilters = z.infer<typeof listingsSearchFilters>;

/** The Requirements browser's search (GET /requirements). */
export const requirementsSearchFilters = z.strictObject(requirementSearchShape).check(...rangesInOrder);
export type RequirementsSearchFilters = z.infer<typeof requirementsSearchFilters>;

const listingsQuery = z.object({ kind: z.literal('listings'), filters: listingsSearchFilters });
const requirementsQuery = z.object({ kind: z.literal('requirements'), filters: requirementsSearchFilters });
/** What a saved search looks for: a browser and its filters. */
export const savedSearchQuery = z.discriminatedUnion('kind', [listingsQuery, requirementsQuery]);
export type SavedSearchQuery = z.infer<typeof savedSearchQuery>;
/** As a browser hands it over: filters absent or "ALL" where it has none. */
export type SavedSearchQueryInput = z.input<typeof savedSearchQuery>;

export const savedSearchName = z.string().check(z.trim(), z.minLength(1, 'Name the search.'), z.maxLength(80, 'Must be at most 80 characters'));

export const createSavedSearchRequest = z.discriminatedUnion('kind', [
  z.extend(listingsQuery, { name: savedSearchName, frequency: savedSearchFrequency }),
  z.extend(requirementsQuery, { name: savedSearchName, frequency: savedSearchFrequency }),
]);
export type CreateSavedSearchRequest = z.infer<typeof createSavedSearchRequest>;

/** Rename, change the frequency or the filters (of the search's own kind), or "keep it": resume a paused one. */
export const updateSavedSearchRequest = z.object({
  name: z.optional(savedSearchName),
  frequency: z.optional(savedSearchFrequency),
  filters: z.optional(z.union([listingsSearchFilters, requirementsSearchFilters])),
  resume: z.optional(z.literal(true)),
});
export type UpdateSavedSearchRequest = z.infer<typeof updateSavedSearchRequest>;

const savedSearchFields = {
  savedSearchId: z.string(),
  name: z.string(),
  frequency: savedSearchFrequency,
  status: z.enum(['active', 'paused']),
  /** Why the delivery paused it (no match in 90 days, no mail opened or clicked in 30); null while active. */
  pausedReason: z.nullable(z.enum(savedSearchPausedReasons)),
  pausedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The delivery's bookkeeping: the last new item that fitted, the last instant mail, the last open or click. */
  lastMatchedAt: z.nullable(z.string()),
  lastAlertAt: z.nullable(z.string()),
  lastEngagedAt: z.nullable(z.string()),
};
export const savedSearch = z.discriminatedUnion('kind', [z.extend(listingsQuery, savedSearchFields), z.extend(requirementsQuery, savedSearchFields)]);
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchesResponse = z.object({ items: z.array(savedSearch) });
/** A save's answer: the search and how many current items it matches, counted up to 501 (`tooBroad` past 500). */
export const savedSearchResponse = z.object({
  search: savedSearch,
  matching: z.number().check(z.int(), z.nonnegative()),
  tooBroad: z.boolean(),
});
export type SavedSearchResponse = z.infer<typeof savedSearchResponse>;
export const savedSearchParams = z.object({ savedSearchId: idParam });
