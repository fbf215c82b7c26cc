import { describe, expect, it } from 'vitest';
import { savedSearchesRepository } from '../../lambdas/data/saved-searches';
import { markAccountDeleted } from '../../lambdas/domain/account-removal';
import { adminCliActor } from '../../lambdas/domain/audit';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  newSavedSearchRecord,
  savedSearchBrowserUrl,
  turnOffSavedSearches,
  updateSavedSearch,
} from '../../lambdas/domain/saved-searches';
import { env } from '../../lambdas/core/env';
import { ALL } from '../../shared/catalog';
import { createSavedSearchRequest, listingsSearchFilters, requirementsSearchFilters, updateSavedSearchRequest } from '../../shared/api';
import { broker, refusal, type Actor } from './support';

const save = (actor: Actor, frequency: 'instant' | 'daily' | 'weekly' | 'off' = 'instant') =>
  createSavedSearch(actor.principal, createSavedSearchRequest.parse({ name: 'Office', kind: 'listings', filters: { propertyTypeId: 'office' }, frequency }));
const change = (actor: Actor, savedSearchId: string, body: Record<string, unknown>) => updateSavedSearch(actor.principal, savedSearchId, updateSavedSearchRequest.parse(body));

async function mailingIds(): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of savedSearchesRepository.mailing('listings', 'instant')) ids.push(...page.map((s) => s.savedSearchId));
  return ids;
}

describe('saved searches (domain)', () => {
  it('the digest reads which searches it carries, by owner, from every shard, past a page, and no others', async () => {
    // 13 daily searches over 4 shards: at least one shard holds 4, past the tier's page of 3.
    const daily = await Promise.all(Array.from({ length: 13 }, (_, i) => broker(`daily-${i}`)));
    const dailyIds = [];
    for (const actor of daily) dailyIds.push({ ownerId: actor.record.userId, savedSearchId: (await save(actor, 'daily')).search.savedSearchId });
    const [weekly, instant, off, paused] = await Promise.all(['weekly', 'instant', 'off', 'paused'].map((label) => broker(label)));
    const weeklyId = { ownerId: weekly!.record.userId, savedSearchId: (await save(weekly!, 'weekly')).search.savedSearchId };
    await save(instant!, 'instant');
    await save(off!, 'off');
    const { search } = await save(paused!, 'daily');
    await savedSearchesRepository.pause(paused!.record.userId, search.savedSearchId, 'no-matches-90-days', new Date().toISOString());

    const actors = [...daily, weekly!, instant!, off!, paused!];
    const ours = (byOwner: Map<string, unknown[]>) => [...byOwner].filter(([ownerId]) => actors.some((a) => a.record.userId === ownerId)).sort(([a], [b]) => a.localeCompare(b));
    const byOwner = (ids: (typeof weeklyId)[]) => ids.map((id) => [id.ownerId, [id]]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(ours(await savedSearchesRepository.mailingIdsByOwner(['daily']))).toEqual(byOwner(dailyIds));
    expect(ours(await savedSearchesRepository.mailingIdsByOwner(['daily', 'weekly']))).toEqual(byOwner([...dailyIds, weeklyId]));
  });

  it('a broker’s edit and the delivery’s bookkeeping never undo each other', async () => {
    const actor = await broker('keeper');
    const { search } = await save(actor);
    const at = '2026-05-01T10:00:00.000Z';
    await savedSearchesRepository.mark(actor.record.userId, search.savedSearchId, 'lastMatchedAt', at);
    const renamed = await change(actor, search.savedSearchId, { name: 'Offices', frequency: 'daily' });
    expect(renamed.search).toMatchObject({ name: 'Offices', frequency: 'daily', lastMatchedAt: at });
    // Marks move only forward.
    expect(await savedSearchesRepository.mark(actor.record.userId, search.savedSearchId, 'lastMatchedAt', '2026-04-01T00:00:00.000Z')).toBe(false);
    expect(await savedSearchesRepository.mark(actor.record.userId, search.savedSearchId, 'lastMatchedAt', '2026-05-02T00:00:00.000Z')).toBe(true);
    expect(await savedSearchesRepository.mark(actor.record.userId, 'no-such-search', 'lastMatchedAt', at)).toBe(false);
  });

  it('an edit written over a status that changed meanwhile is refused, so a pause is never undone by a stale read', async () => {
    const actor = await broker('racer');
    const { search } = await save(actor);
    const before = (await savedSearchesRepository.get(actor.record.userId, search.savedSearchId))!;
    await savedSearchesRepository.pause(actor.record.userId, search.savedSearchId, 'no-matches-90-days', new Date().toISOString());
    // The broker's change, read before the pause: not written, and the search stays out of the mailing index.
    expect(await savedSearchesRepository.edit(before, { frequency: 'instant', name: 'Stale' }, new Date().toISOString())).toBeNull();
    expect(await mailingIds()).not.toContain(search.savedSearchId);
    // The domain reads again and applies the change to the paused search.
    const renamed = await change(actor, search.savedSearchId, { name: 'Fresh' });
    expect(renamed.search).toMatchObject({ name: 'Fresh', status: 'paused', pausedReason: 'no-matches-90-days' });
    expect(await mailingIds()).not.toContain(search.savedSearchId);
    // "Keep it" on an active search changes nothing.
    const kept = await change(actor, search.savedSearchId, { resume: true });
    expect(kept.search.status).toBe('active');
    expect((await change(actor, search.savedSearchId, { resume: true })).search.updatedAt).toBe(kept.search.updatedAt);
    expect(await mailingIds()).toContain(search.savedSearchId);
  });

  it('another broker’s search is not found; a deleted account’s searches are gone from its partition and the mailing index', async () => {
    const [owner, other] = await Promise.all([broker('owner'), broker('other')]);
    const { search } = await save(owner);
    expect(await refusal(change(other, search.savedSearchId, { name: 'Mine now' }))).toEqual({ status: 404, message: 'Saved search not found' });
    expect((await listSavedSearches(other.principal)).items).toEqual([]);

    await save(owner, 'weekly');
    expect(await mailingIds()).toContain(search.savedSearchId);
    await markAccountDeleted(owner.record, adminCliActor);
    expect(await savedSearchesRepository.all(owner.record.userId)).toEqual([]);
    expect(await mailingIds()).not.toContain(search.savedSearchId);
  });

  it('lists a broker’s searches by name, then age; edits and deletes only their own', async () => {
    const [owner, other] = await Promise.all([broker('lister'), broker('stranger')]);
    // Ids in the opposite order of age: the list's order is not the partition's.
    const stored = async (savedSearchId: string, name: string, createdAt: string) => {
      const record = newSavedSearchRecord({ savedSearchId, ownerId: owner.record.userId, name, kind: 'listings', filters: listingsSearchFilters.parse({}), frequency: 'daily' }, createdAt);
      await savedSearchesRepository.create(record);
      return record.savedSearchId;
    };
    const later = await stored(`a-${owner.record.userId}`, 'Alpha', '2031-02-01T00:00:00.000Z');
    const earlier = await stored(`b-${owner.record.userId}`, 'Alpha', '2031-01-01T00:00:00.000Z');
    const beta = await stored(`0-${owner.record.userId}`, 'beta', '2030-01-01T00:00:00.000Z');
    expect((await listSavedSearches(owner.principal)).items.map((s) => s.savedSearchId)).toEqual([earlier, later, beta]);

    // "Keep it" on a search that is not paused changes nothing and writes nothing.
    const unchanged = await change(owner, beta, { resume: true });
    expect(unchanged.search.updatedAt).toBe('2030-01-01T00:00:00.000Z');

    expect(await refusal(deleteSavedSearch(other.principal, beta))).toEqual({ status: 404, message: 'Saved search not found' });
    await deleteSavedSearch(owner.principal, beta);
    expect(await refusal(deleteSavedSearch(owner.principal, beta))).toEqual({ status: 404, message: 'Saved search not found' });
    expect((await listSavedSearches(owner.principal)).items.map((s) => s.savedSearchId)).toEqual([earlier, later]);
  });

  it('takes new filters of its own browser only, leaving out the empty ones', async () => {
    const owner = await broker('filters');
    const { search } = await save(owner);
    const changed = await change(owner, search.savedSearchId, { filters: { propertyTypeId: 'retail', listingTypeId: 'for-lease' } });
    expect(changed.search.filters).toEqual({ propertyTypeId: 'retail', listingTypeId: 'for-lease' });
    expect(await refusal(change(owner, search.savedSearchId, { filters: { requirementTypeId: 'for-lease' } }))).toEqual({
      status: 400,
      message: 'These are not filters of the listings browser.',
    });
    expect((await savedSearchesRepository.get(owner.record.userId, search.savedSearchId))?.filters).toEqual({ propertyTypeId: 'retail', listingTypeId: 'for-lease' });
  });

  it('opens its browser with its own filters, none when it has none', () => {
    const site = env().SITE_URL;
    expect(savedSearchBrowserUrl({ kind: 'listings', filters: listingsSearchFilters.parse({ propertyTypeId: 'office', marketId: ALL }) })).toBe(`${site}/consumer/listings?propertyTypeId=office`);
    expect(savedSearchBrowserUrl({ kind: 'requirements', filters: requirementsSearchFilters.parse({}) })).toBe(`${site}/consumer/requirements`);
  });

  it('turns off the searches that mail at the given frequencies, and no other', async () => {
    const owner = await broker('turnoff');
    const ids = { instant: (await save(owner, 'instant')).search.savedSearchId, daily: (await save(owner, 'daily')).search.savedSearchId, weekly: (await save(owner, 'weekly')).search.savedSearchId };
    await turnOffSavedSearches(owner.record.userId, ['daily', 'weekly']);
    const frequencyOf = async (id: string) => (await savedSearchesRepository.get(owner.record.userId, id))?.frequency;
    expect([await frequencyOf(ids.instant), await frequencyOf(ids.daily), await frequencyOf(ids.weekly)]).toEqual(['instant', 'off', 'off']);
  });
});
