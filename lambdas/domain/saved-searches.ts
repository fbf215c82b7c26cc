import { randomUUID } from 'node:crypto';
import {
  SAVED_SEARCH_TOO_BROAD,
  SAVED_SEARCHES_MAX,
  listingsSearchFilters,
  requirementsSearchFilters,
  type CreateSavedSearchRequest,
  type SavedSearch,
  type SavedSearchQuery,
  type SavedSearchResponse,
  type UpdateSavedSearchRequest,
} from '../../shared/api';
import { searchParamsOf } from '../../shared/rules';
import { env } from '../core/env';
import { badRequest, conflict, notFound } from '../core/errors';
import type { Principal } from '../core/principal';
import { listingsRepository } from '../data/listings';
import { requirementsRepository } from '../data/requirements';
import { savedSearchesRepository, type SavedSearchEdit, type SavedSearchRecord } from '../data/saved-searches';
import { nowIso } from '../data/table';
import { searchReadOf } from './search';

export const savedSearchNotFound = 'Saved search not found';
export const savedSearchLimitMessage = `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`;
const changedMeanwhile = 'This saved search changed meanwhile. Reload the page and try again.';

const toDto = (record: SavedSearchRecord): SavedSearch =>
  ({
    savedSearchId: record.savedSearchId,
    name: record.name,
    kind: record.kind,
    filters: record.filters,
    frequency: record.frequency,
    status: record.status,
    pausedReason: record.pausedReason,
    pausedAt: record.pausedAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastMatchedAt: record.lastMatchedAt,
    lastAlertAt: record.lastAlertAt,
    lastEngagedAt: record.lastEngagedAt,
  }) as SavedSearch;

/** The browser a saved search opens, with its own filters in the URL (as the Saved searches page opens it). */
export function savedSearchBrowserUrl(search: SavedSearchQuery): string {
  const query = new URLSearchParams(searchParamsOf(search.filters)).toString();
  return `${env().SITE_URL}/consumer/${search.kind}${query ? `?${query}` : ''}`;
}

/**
 * How many current items the browser shows for the search, counted up to one past the "too broad" line:
 * the browser's own read of its index (bounded as the browser's count is), so the count and the browser agree.
 */
export async function countMatching(query: SavedSearchQuery, now = new Date()): Promise<number> {
  const max = SAVED_SEARCH_TOO_BROAD + 1;
  return query.kind === 'listings'
    ? listingsRepository.countPublished(searchReadOf('listings', query.filters, now), max)
    : requirementsRepository.countSent(searchReadOf('requirements', query.filters, now), max);
}

async function answer(record: SavedSearchRecord): Promise<SavedSearchResponse> {
  const matching = await countMatching(record);
  return { search: toDto(record), matching, tooBroad: matching > SAVED_SEARCH_TOO_BROAD };
}

export async function listSavedSearches(principal: Principal): Promise<{ items: SavedSearch[] }> {
  const searches = await savedSearchesRepository.all(principal.sub);
  return { items: searches.sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt)).map(toDto) };
}

/**
 * Saves a browser's filters under a name. At most SAVED_SEARCHES_MAX per broker, checked on a count of
 * their partition (docs/DECISIONS.md: a broker racing their own saves may pass it by those saves).
 */
export async function createSavedSearch(principal: Principal, input: CreateSavedSearchRequest): Promise<SavedSearchResponse> {
  if ((await savedSearchesRepository.count(principal.sub)) >= SAVED_SEARCHES_MAX) throw badRequest(savedSearchLimitMessage);
  const record = newSavedSearchRecord({ savedSearchId: randomUUID(), ownerId: principal.sub, ...input } as SavedSearchFields, nowIso());
  await savedSearchesRepository.create(record);
  return answer(record);
}

type SavedSearchFields = Pick<SavedSearchRecord, 'savedSearchId' | 'ownerId' | 'name' | 'kind' | 'filters' | 'frequency'>;

/** A new saved search, active from `now`, with no delivery yet. */
export function newSavedSearchRecord(fields: SavedSearchFields, now: string): SavedSearchRecord {
  return {
    ...fields,
    status: 'active',
    pausedReason: null,
    pausedAt: null,
    activeSince: now,
    createdAt: now,
    updatedAt: now,
    lastMatchedAt: null,
    lastAlertAt: null,
    lastEngagedAt: null,
  } as SavedSearchRecord;
}

/** The filters of an update, checked against the search's own browser (a listing search takes no requirement type). */
function filtersFor(record: SavedSearchRecord, filters: NonNullable<UpdateSavedSearchRequest['filters']>): SavedSearchRecord['filters'] {
  const schema = record.kind === 'listings' ? listingsSearchFilters : requirementsSearchFilters;
  const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  const parsed = schema.safeParse(defined);
  if (!parsed.success) throw badRequest(`These are not filters of the ${record.kind} browser.`);
  return parsed.data;
}

/** The broker's change: rename, frequency, filters, and "keep it" (a paused search resumes, its periods start again). */
function editOf(record: SavedSearchRecord, input: UpdateSavedSearchRequest, now: string): SavedSearchEdit {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.frequency !== undefined ? { frequency: input.frequency } : {}),
    ...(input.filters !== undefined ? { filters: filtersFor(record, input.filters) } : {}),
    ...(input.resume && record.status === 'paused' ? { status: 'active', pausedReason: null, pausedAt: null, activeSince: now } : {}),
  };
}

/** The caller's own search only: anyone else's is 404, as if it did not exist. */
export async function updateSavedSearch(principal: Principal, savedSearchId: string, input: UpdateSavedSearchRequest): Promise<SavedSearchResponse> {
  const saved = await editSavedSearch(principal.sub, savedSearchId, input);
  if (!saved) throw notFound(savedSearchNotFound);
  return answer(saved);
}

/**
 * Applies a change to an owner's search; null when there is no such search. The write is conditional on the
 * status read: a pause by the delivery meanwhile is read again and the edit re-applied.
 */
async function editSavedSearch(ownerId: string, savedSearchId: string, input: UpdateSavedSearchRequest): Promise<SavedSearchRecord | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await savedSearchesRepository.get(ownerId, savedSearchId);
    if (!record) return null;
    const now = nowIso();
    const edit = editOf(record, input, now);
    if (Object.keys(edit).length === 0) return record;
    const saved = await savedSearchesRepository.edit(record, edit, now);
    if (saved) return saved;
  }
  throw conflict(changedMeanwhile);
}

/** A search's frequency set by an unsubscribe (off, or on again); null when the owner has no such search. */
export async function setSavedSearchFrequency(ownerId: string, savedSearchId: string, frequency: SavedSearchRecord['frequency']): Promise<SavedSearchRecord | null> {
  return editSavedSearch(ownerId, savedSearchId, { frequency });
}

/**
 * The searches of an owner (or the one named) that mail at one of `frequencies` stop mailing (an
 * unsubscribe); the ones turned off, as they were.
 */
export async function turnOffSavedSearches(
  ownerId: string,
  frequencies: readonly SavedSearchRecord['frequency'][],
  savedSearchId?: string,
): Promise<SavedSearchRecord[]> {
  const searches = savedSearchId ? [await savedSearchesRepository.get(ownerId, savedSearchId)] : await savedSearchesRepository.all(ownerId);
  const turnedOff: SavedSearchRecord[] = [];
  for (const search of searches) {
    if (search && frequencies.includes(search.frequency) && (await setSavedSearchFrequency(ownerId, search.savedSearchId, 'off'))) turnedOff.push(search);
  }
  return turnedOff;
}

export async function deleteSavedSearch(principal: Principal, savedSearchId: string): Promise<void> {
  if (!(await savedSearchesRepository.delete(principal.sub, savedSearchId))) throw notFound(savedSearchNotFound);
}
