import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { savedSearchesRepository } from '../../../lambdas/data/saved-searches';
import {
  SAVED_SEARCHES_MAX,
  defaultNotificationPreferences,
  type ListingPage,
  type RequirementPage,
  type SavedSearch,
  type SavedSearchResponse,
  type User,
} from '../../../shared/api';
import { fits, type ListingFacets, type RequirementFacets } from '../../../shared/rules';
import { bulkPut, LISTING_FILTER, marketplaceItems } from '../../bench/seed';
import { call, expectOk, newApprovedBroker, newUser, queuedListing, runBlastJob, startStack, type Broker } from '../listings/support';
import { createRequirement, runBroadcast } from '../requirements/support';
import { MarketTally } from '../../bench/market-tally';

let stack: LocalStack;
let operator: Broker;
let owner: Broker;
let other: Broker;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'searchop', { operator: true });
  [owner, other] = await Promise.all([newApprovedBroker(stack, operator, 'searcher'), newApprovedBroker(stack, operator, 'searchother')]);
}, 180_000);
afterAll(() => stack?.stop());

const save = (body: Record<string, unknown>, as = owner) => call<SavedSearchResponse>(stack, as.token, 'createSavedSearch', { body });
const update = (savedSearchId: string, body: Record<string, unknown>, as = owner) =>
  call<SavedSearchResponse>(stack, as.token, 'updateSavedSearch', { params: { savedSearchId }, body });
const list = async (as = owner) => (await expectOk(call<{ items: SavedSearch[] }>(stack, as.token, 'listSavedSearches'))).items;
const listingsSearch = (name: string, filters: Record<string, string> = {}, frequency = 'daily') => ({ name, kind: 'listings', filters, frequency });

/** Every page of a browser for a filter: the oracle the saved searches are held to. */
async function browse(kind: 'listings' | 'requirements', filters: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const query = { limit: 25, ...filters, ...(cursor ? { cursor } : {}) };
    if (kind === 'listings') {
      const page = await expectOk(call<ListingPage>(stack, owner.token, 'listListings', { query }));
      ids.push(...page.items.map((item) => item.listingId));
      cursor = page.nextCursor ?? undefined;
    } else {
      const page = await expectOk(call<RequirementPage>(stack, owner.token, 'listRequirements', { query }));
      ids.push(...page.items.map((item) => item.requirementId));
      cursor = page.nextCursor ?? undefined;
    }
  } while (cursor);
  return ids;
}

describe('saved searches', () => {
  it('creates, lists, renames, changes and deletes a search; the list pages through the owner’s partition', async () => {
    const created = await expectOk(save(listingsSearch('  Midtown offices  ', { propertyTypeId: 'office', marketId: 'sac-midtown', listingTypeId: 'ALL' }, 'instant')));
    expect(created.search).toMatchObject({
      name: 'Midtown offices',
      kind: 'listings',
      filters: { propertyTypeId: 'office', marketId: 'sac-midtown' },
      frequency: 'instant',
      status: 'active',
      pausedReason: null,
      lastMatchedAt: null,
      lastAlertAt: null,
      lastEngagedAt: null,
    });
    expect(created.search.filters).not.toHaveProperty('listingTypeId');
    const id = created.search.savedSearchId;
    // Four searches: more than the api tier's page of three, so listing reads past its first page.
    for (const name of ['Bravo', 'Charlie', 'Delta']) await expectOk(save({ name, kind: 'requirements', filters: {}, frequency: 'weekly' }));
    expect((await list()).map((s) => s.name)).toEqual(['Bravo', 'Charlie', 'Delta', 'Midtown offices']);

    const renamed = await expectOk(update(id, { name: 'Offices', frequency: 'weekly', filters: { listingTypeId: 'for-lease' } }));
    expect(renamed.search).toMatchObject({ name: 'Offices', frequency: 'weekly', filters: { listingTypeId: 'for-lease' } });
    expect((await list()).find((s) => s.savedSearchId === id)).toEqual(renamed.search);

    await expectOk(call(stack, owner.token, 'deleteSavedSearch', { params: { savedSearchId: id } }));
    expect((await list()).map((s) => s.savedSearchId)).not.toContain(id);
    expect((await call(stack, owner.token, 'deleteSavedSearch', { params: { savedSearchId: id } })).status).toBe(404);
  });

  it('another broker’s search is 404 to read, change or delete, and is not in their list', async () => {
    const mine = (await expectOk(save(listingsSearch('Mine')))).search;
    expect((await update(mine.savedSearchId, { name: 'Theirs now' }, other)).status).toBe(404);
    expect((await call(stack, other.token, 'deleteSavedSearch', { params: { savedSearchId: mine.savedSearchId } })).status).toBe(404);
    expect((await list(other)).map((s) => s.savedSearchId)).not.toContain(mine.savedSearchId);
    expect((await list()).find((s) => s.savedSearchId === mine.savedSearchId)?.name).toBe('Mine');
  });

  it('refuses filters of the other browser, and names out of bounds', async () => {
    const mine = (await expectOk(save(listingsSearch('Typed')))).search;
    const wrong = await update(mine.savedSearchId, { filters: { requirementTypeId: 'for-lease' } });
    expect(wrong.status).toBe(400);
    expect((await save({ name: 'x', kind: 'listings', filters: { requirementTypeId: 'for-lease' }, frequency: 'daily' })).status).toBe(400);
    expect((await save(listingsSearch(''))).status).toBe(400);
    expect((await save(listingsSearch('x'.repeat(81)))).status).toBe(400);
    expect((await save(listingsSearch('x'.repeat(80)))).status).toBe(201);
    expect((await save({ ...listingsSearch('Bad'), frequency: 'hourly' })).status).toBe(400);
  });

  it('keeps at most 50 searches per broker; deleting one makes room', async () => {
    const broker = await newApprovedBroker(stack, operator, 'searchlimit');
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) await expectOk(save(listingsSearch(`Search ${i}`), broker));
    const refused = await save(listingsSearch('One too many'), broker);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('at most 50') });
    const items = await list(broker);
    expect(items).toHaveLength(SAVED_SEARCHES_MAX);
    await expectOk(call(stack, broker.token, 'deleteSavedSearch', { params: { savedSearchId: items[0]!.savedSearchId } }));
    expect((await save(listingsSearch('Room again'), broker)).status).toBe(201);
  }, 120_000);

  it('a paused search shows why; "keep it" resumes it and starts its periods again, keeping the delivery’s bookkeeping', async () => {
    const search = (await expectOk(save(listingsSearch('Pausable', {}, 'instant')))).search;
    const at = new Date().toISOString();
    expect(await savedSearchesRepository.mark(owner.userId, search.savedSearchId, 'lastAlertAt', at)).toBe(true);
    // An older mark never moves it back.
    expect(await savedSearchesRepository.mark(owner.userId, search.savedSearchId, 'lastAlertAt', '2020-01-01T00:00:00.000Z')).toBe(false);
    expect(await savedSearchesRepository.pause(owner.userId, search.savedSearchId, 'no-engagement-30-days', at)).toBe(true);
    expect(await savedSearchesRepository.pause(owner.userId, search.savedSearchId, 'no-matches-90-days', at)).toBe(false);

    const paused = (await list()).find((s) => s.savedSearchId === search.savedSearchId)!;
    expect(paused).toMatchObject({ status: 'paused', pausedReason: 'no-engagement-30-days', pausedAt: at, lastAlertAt: at });
    // A paused search is out of the delivery's index until it is kept.
    const instantIds = async () => {
      const ids: string[] = [];
      for await (const page of savedSearchesRepository.mailing('listings', 'instant')) ids.push(...page.map((s) => s.savedSearchId));
      return ids;
    };
    expect(await instantIds()).not.toContain(search.savedSearchId);
    // A rename leaves it paused.
    expect((await expectOk(update(search.savedSearchId, { name: 'Still paused' }))).search.status).toBe('paused');

    const kept = (await expectOk(update(search.savedSearchId, { resume: true }))).search;
    expect(kept).toMatchObject({ status: 'active', pausedReason: null, pausedAt: null, lastAlertAt: at, name: 'Still paused' });
    expect(await instantIds()).toContain(search.savedSearchId);
    const stored = await savedSearchesRepository.get(owner.userId, search.savedSearchId);
    expect(stored!.activeSince > at).toBe(true);
  });

  it('the mailing index holds the active searches by kind and frequency, and follows frequency changes', async () => {
    const broker = await newApprovedBroker(stack, operator, 'searchindex');
    const ids = async (kind: 'listings' | 'requirements', frequency: 'instant' | 'daily' | 'weekly') => {
      const out: string[] = [];
      for await (const page of savedSearchesRepository.mailing(kind, frequency)) out.push(...page.filter((s) => s.ownerId === broker.userId).map((s) => s.savedSearchId));
      return out.sort();
    };
    const created: Record<string, string> = {};
    for (const [name, kind, frequency] of [
      ['A', 'listings', 'instant'],
      ['B', 'listings', 'instant'],
      ['C', 'requirements', 'instant'],
      ['D', 'listings', 'off'],
      ['E', 'listings', 'weekly'],
    ] as const) {
      created[name] = (await expectOk(save({ name, kind, filters: {}, frequency }, broker))).search.savedSearchId;
    }
    expect(await ids('listings', 'instant')).toEqual([created.A!, created.B!].sort());
    expect(await ids('requirements', 'instant')).toEqual([created.C!]);
    expect(await ids('listings', 'weekly')).toEqual([created.E!]);
    await expectOk(update(created.A!, { frequency: 'off' }, broker));
    await expectOk(update(created.D!, { frequency: 'instant' }, broker));
    expect(await ids('listings', 'instant')).toEqual([created.B!, created.D!].sort());
    // Each of the shards answers its own part, together the whole.
    const perShard: string[] = [];
    for (let shard = 0; shard < 4; shard++) {
      for await (const page of savedSearchesRepository.mailing('listings', 'instant', shard)) perShard.push(...page.filter((s) => s.ownerId === broker.userId).map((s) => s.savedSearchId));
    }
    expect(perShard.sort()).toEqual([created.B!, created.D!].sort());
  });

  it('fits agrees with the browsers on every combination of filters', async () => {
    const lister = await newApprovedBroker(stack, operator, 'searchlister');
    const listings: (ListingFacets & { id: string })[] = [];
    for (const [listingTypeId, propertyTypeId, marketId] of [
      ['for-lease', 'office', 'sac-midtown'],
      ['for-sale-user', 'office', 'sac-downtown-sacramento'],
      ['for-lease', 'retail', 'sac-downtown-sacramento'],
      ['for-sale-or-lease', 'industrial', 'sac-midtown'],
    ] as const) {
      const listing = await queuedListing(stack, lister, { listingTypeId, propertyTypeId, marketId });
      listings.push({ id: listing.listingId, listingTypeId, propertyTypeId, marketId });
    }
    const requirements: (RequirementFacets & { id: string })[] = [];
    for (const [requirementTypeId, propertyTypeId, marketIds] of [
      ['for-lease', 'office', ['sac-midtown', 'sac-downtown-sacramento']],
      ['for-sale-user', 'retail', ['sac-downtown-sacramento']],
      ['for-lease', 'industrial', ['sac-midtown']],
    ] as const) {
      const requirement = await createRequirement(stack, lister, { requirementTypeId, propertyTypeId, marketIds: [...marketIds] });
      requirements.push({ id: requirement.requirementId, requirementTypeId, propertyTypeId, marketIds });
    }
    await runBlastJob();
    await runBroadcast();

    const types = [undefined, 'for-lease', 'for-sale-user'];
    const propertyTypes = [undefined, 'office', 'retail'];
    const markets = [undefined, 'sac-midtown', 'sac-downtown-sacramento'];
    const defined = (filters: Record<string, string | undefined>) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
    let checked = 0;
    for (const type of types) {
      for (const propertyTypeId of propertyTypes) {
        for (const marketId of markets) {
          const listingFilters = defined({ listingTypeId: type, propertyTypeId, marketId });
          const shownListings = new Set(await browse('listings', listingFilters));
          for (const item of listings) {
            expect(fits({ kind: 'listings', filters: listingFilters }, item, new Date()), `${JSON.stringify(listingFilters)} ${JSON.stringify(item)}`).toBe(shownListings.has(item.id));
          }
          const requirementFilters = defined({ requirementTypeId: type, propertyTypeId, marketId });
          const shownRequirements = new Set(await browse('requirements', requirementFilters));
          for (const item of requirements) {
            expect(fits({ kind: 'requirements', filters: requirementFilters }, item, new Date()), `${JSON.stringify(requirementFilters)} ${JSON.stringify(item)}`).toBe(shownRequirements.has(item.id));
          }
          checked++;
        }
      }
    }
    expect(checked).toBe(27);
  }, 180_000);

  it('a save answers how many current items match, counted as the browser counts, and warns past 500', async () => {
    // 540 published listings and sent requirements, 60 % of the listings in LISTING_FILTER's partition.
    // The market's cells are not read here: the tally is left unwritten.
    await stack.unprojected(() => bulkPut(marketplaceItems({ from: 0, units: 540, ownerIds: [other.userId] }, new MarketTally())));
    const narrow = await expectOk(save(listingsSearch('Narrow', { ...LISTING_FILTER })));
    expect(narrow.matching).toBe((await browse('listings', { ...LISTING_FILTER })).length);
    expect(narrow.matching).toBeGreaterThan(300);
    expect(narrow.tooBroad).toBe(false);

    const broad = await save(listingsSearch('Everything'));
    expect(broad.status).toBe(201);
    expect(broad.body).toMatchObject({ matching: 501, tooBroad: true });
    const requirements = await expectOk(save({ name: 'All requirements', kind: 'requirements', filters: {}, frequency: 'daily' }));
    expect(requirements).toMatchObject({ matching: 501, tooBroad: true });

    // A change answers the count of its new filters.
    const narrowed = await expectOk(update(broad.body.search.savedSearchId, { filters: { ...LISTING_FILTER } }));
    expect(narrowed).toMatchObject({ matching: narrow.matching, tooBroad: false });
  }, 180_000);
});

describe('notification preferences', () => {
  const ownUser = async (broker: Broker) => (await expectOk(call<{ user: User }>(stack, broker.token, 'getUserByCognitoId', { params: { cognitoId: broker.userId } }))).user;

  it('a record without them reads as today’s behaviour; a save persists them and raises the version', async () => {
    const broker = await newUser(stack, `prefs${randomUUID().slice(0, 4)}`);
    const before = await ownUser(broker);
    expect(before.notifications).toEqual(defaultNotificationPreferences);
    expect(defaultNotificationPreferences).toEqual({ requirements: 'instant', matches: 'instant', digestFrequency: 'weekdays', digestLimit: 25 });

    const prefs = { requirements: 'digest', matches: 'digest', digestFrequency: 'weekly', digestLimit: 50 };
    const saved = await expectOk(call<{ user: User }>(stack, broker.token, 'updateNotificationPreferences', { params: { userId: broker.userId }, body: { ...prefs, version: before.version } }));
    expect(saved.user.notifications).toEqual(prefs);
    expect(saved.user.version).toBe(before.version + 1);
    expect((await ownUser(broker)).notifications).toEqual(prefs);

    // A stale version is refused, nothing changes.
    const stale = await call(stack, broker.token, 'updateNotificationPreferences', { params: { userId: broker.userId }, body: { ...prefs, digestLimit: 10, version: before.version } });
    expect(stale.status).toBe(409);
    expect((await ownUser(broker)).notifications.digestLimit).toBe(50);
    // Only 10, 25 or 50 entries.
    expect((await call(stack, broker.token, 'updateNotificationPreferences', { params: { userId: broker.userId }, body: { ...prefs, digestLimit: 30 } })).status).toBe(400);
    // Someone else's preferences are not theirs to set.
    expect((await call(stack, other.token, 'updateNotificationPreferences', { params: { userId: broker.userId }, body: prefs })).status).toBe(403);
  });
});
