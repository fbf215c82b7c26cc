import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { indexItemsOf as listingIndexItems, toItem as listingItem, type PublishedListing } from '../../../lambdas/data/listings';
import { indexItemsOf as requirementIndexItems, toItem as requirementItem, type RequirementRecord } from '../../../lambdas/data/requirements';
import type { Listing, ListingPage, RequirementPage, SavedSearchResponse } from '../../../shared/api';
import { markets } from '../../../shared/catalog';
import { fits, listingFacetsOf, requirementFacetsOf, type ListingsFilters, type RequirementsFilters } from '../../../shared/rules';
import { bulkPut, publishedListing, sentRequirement } from '../../bench/seed';
import { call, createDraft, expectOk, newApprovedBroker, newUser, queuedListing, readMailStore, runBlastJob, startStack, validDraft, type Broker } from './support';

let stack: LocalStack;
let lister: Broker;
let searcher: Broker;
const DAY_MS = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString();

/** Every listing and requirement this file's stack holds: the oracle's universe. */
const listings: PublishedListing[] = [];
const requirements: (RequirementRecord & { sentAt: string })[] = [];
const nth = <T>(list: readonly T[], n: number) => list[n % list.length]!;
const WORDS = ['warehouse', 'dock', 'creative', 'medical', 'corner', 'yard'];
const sacramentoMarkets = markets.filter((m) => m.countyId === 'sacramento').map((m) => m.id);

/** 90 varied listings: types, property types, six Sacramento submarkets and Placer ones, sizes, prices, rates, ages. */
function seedListings(): PublishedListing[] {
  return Array.from({ length: 90 }, (_, n) => {
    const base = publishedListing(n, lister.userId, now);
    const publishedOn = daysAgo((n * 11) % 45);
    const ranged = n % 4 === 0;
    return {
      ...base,
      title: `Seeded ${nth(WORDS, n)} ${n}`,
      description: `Space number ${n}, ${nth(WORDS, n + 2)} use.`,
      highlights: [nth(WORDS, n + 3)],
      listingTypeId: nth(['for-lease', 'for-sale-user', 'for-sale-or-lease'] as const, n),
      propertyTypeId: nth(['industrial', 'office', 'retail'] as const, Math.floor(n / 3)),
      marketId: n % 5 === 4 ? nth(['placer-roseville', 'placer-lincoln'], n) : nth(sacramentoMarkets.slice(0, 6), n),
      sqft: ranged ? null : 2_000 + ((n * 1_700) % 30_000),
      minSqft: ranged ? 1_000 + n * 100 : null,
      maxSqft: ranged ? 8_000 + n * 200 : null,
      price: n % 3 === 1 ? null : 400_000 + n * 25_000,
      leasePrice: n % 3 === 1 ? (80 + (n % 10) * 5) / 100 : n % 2 ? 12 + (n % 7) : null,
      leaseFrequencyId: n % 3 === 1 ? 'monthly' : 'annually',
      leaseTypeId: nth(['nnn', 'full-service', 'modified-gross', null] as const, n),
      publishedOn,
      onMarketSince: publishedOn,
      priceHistory: n % 6 === 0 ? [{ at: publishedOn, price: 999_999_999, leasePrice: null }, { at: publishedOn, price: 400_000 + n * 25_000, leasePrice: null }] : undefined,
    };
  });
}

/** 40 requirements, some in several markets (each read once however many of its markets a search names). */
function seedRequirements(): (RequirementRecord & { sentAt: string })[] {
  return Array.from({ length: 40 }, (_, n) => {
    const base = sentRequirement(n, lister.userId, now);
    const sentAt = daysAgo((n * 7) % 60);
    return {
      ...base,
      title: `Needed ${nth(WORDS, n)} ${n}`,
      description: `Client ${n} needs ${nth(WORDS, n + 1)} space.`,
      highlights: [],
      propertyTypeId: nth(['industrial', 'office'] as const, n),
      marketIds: n % 3 === 0 ? [nth(sacramentoMarkets, n), 'placer-roseville'] : [nth(sacramentoMarkets.slice(0, 6), n)],
      sqftMin: n % 5 === 0 ? null : 1_000 + n * 500,
      sqftMax: n % 7 === 0 ? null : 10_000 + n * 500,
      maxPrice: n % 2 ? 500_000 + n * 50_000 : null,
      maxLeaseRate: n % 2 ? null : (10 + (n % 5)) / 10,
      maxLeaseFrequencyId: n % 2 ? null : 'monthly',
      sentAt,
      updatedAt: sentAt,
    };
  });
}

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'searchop', { operator: true });
  [lister, searcher] = await Promise.all([newApprovedBroker(stack, operator, 'searchlister'), newApprovedBroker(stack, operator, 'searchsearcher')]);
  listings.push(...seedListings());
  requirements.push(...seedRequirements());
  // The oracle's universe holds its index items as written here: no projection redoes them.
  await stack.unprojected(() => bulkPut(function* () {
    for (const listing of listings) yield* [listingItem(listing), ...listingIndexItems(listing)];
    for (const requirement of requirements) yield* [requirementItem(requirement), ...requirementIndexItems(requirement)];
  }()));
}, 180_000);
afterAll(() => stack?.stop());

type Query = Record<string, string | number>;

/** Every page of a browser for a query, and the first page's count. */
async function browse<K extends 'listListings' | 'listRequirements'>(id: K, query: Query) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let total: ListingPage['total'];
  do {
    const page = await expectOk(call<ListingPage & RequirementPage>(stack, searcher.token, id, { query: { ...query, ...(cursor ? { cursor } : {}) } }));
    if (pages === 0) total = page.total;
    else expect(page.total).toBeUndefined();
    ids.push(...page.items.map((item) => (id === 'listListings' ? item.listingId : (item as unknown as { requirementId: string }).requirementId)));
    cursor = page.nextCursor ?? undefined;
    pages++;
  } while (cursor && pages < 40);
  return { ids, pages, total };
}

/** The filters as the API reads them from the query (numbers, lists). */
const asFilters = (query: Query): ListingsFilters & RequirementsFilters => {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'markets') out[name] = String(value).split(',');
    else if (name === 'priceReduced') out[name] = value === 'true';
    else if (['keyword', 'listingTypeId', 'requirementTypeId', 'propertyTypeId', 'marketId', 'leaseTypeId', 'rateFrequencyId'].includes(name)) out[name] = value;
    else out[name] = Number(value);
  }
  return out;
};

/** The index's order: its sort key `<time>#<id>`, newest first. */
const sortKeyOf = (item: { publishedOn?: string | null; sentAt?: string | null; listingId?: string; requirementId?: string }) =>
  `${item.publishedOn ?? item.sentAt}#${item.listingId ?? item.requirementId}`;
const newestFirst = (a: Parameters<typeof sortKeyOf>[0], b: Parameters<typeof sortKeyOf>[0]) => (sortKeyOf(a) < sortKeyOf(b) ? 1 : -1);

describe('the listings browser’s criteria', () => {
  it.each<[string, Query]>([
    ['nothing', {}],
    ['a size range', { sizeMin: 10_000, sizeMax: 20_000 }],
    ['an open size range', { sizeMin: 25_000 }],
    ['a sale price range', { priceMin: 800_000, priceMax: 2_000_000 }],
    ['a monthly lease rate', { rateMax: 1.1, rateFrequencyId: 'monthly' }],
    ['an annual lease rate range', { rateMin: 10, rateMax: 14 }],
    ['a lease type', { leaseTypeId: 'nnn' }],
    ['several submarkets', { markets: `${sacramentoMarkets[0]},${sacramentoMarkets[2]},placer-roseville` }],
    ['a whole county', { markets: 'placer' }],
    ['a county and the spec’s market', { markets: 'sacramento', marketId: sacramentoMarkets[1]! }],
    ['a keyword', { keyword: 'dock' }],
    ['two keywords', { keyword: 'seeded yard' }],
    ['new in the last 7 days', { newWithin: 7 }],
    ['new in the last 30 days', { newWithin: 30 }],
    ['price reduced', { priceReduced: 'true' }],
    ['the spec’s filters and criteria', { listingTypeId: 'for-lease', propertyTypeId: 'industrial', markets: 'sacramento', sizeMin: 5_000, leaseTypeId: 'nnn' }],
  ])('%s: exactly what the shared predicate keeps, newest first, over every page', async (_name, query) => {
    const expected = listings.filter((l) => fits({ kind: 'listings', filters: asFilters(query) }, listingFacetsOf(l), new Date())).sort(newestFirst);
    const { ids, total } = await browse('listListings', query);
    expect(ids).toEqual(expected.map((l) => l.listingId));
    expect(total).toEqual({ count: expected.length, exact: true });
    // Each case keeps some and drops some, so it tells the criterion apart from no criterion.
    if (Object.keys(query).length) expect(expected.length).toBeLessThan(listings.length);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('pages past the first 25 of several partitions merged, each listing once, in order', async () => {
    const query = { markets: 'sacramento' };
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await expectOk(call<ListingPage>(stack, searcher.token, 'listListings', { query: { ...query, ...(cursor ? { cursor } : {}) } }));
      pages.push(page.items.map((item) => item.listingId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toHaveLength(25);
    expect(pages[1]).toHaveLength(25);
    const all = pages.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(listings.filter((l) => sacramentoMarkets.includes(l.marketId!)).sort(newestFirst).map((l) => l.listingId));
  });

  it('sorts by price, lease rate per year and size, unknown values last; longest on BISN first', async () => {
    const rows = async (sort: string, query: Query = {}) => {
      const { ids } = await browse('listListings', { ...query, sort });
      return ids.map((id) => listings.find((l) => l.listingId === id)!);
    };
    const prices = (await rows('priceAsc')).map((l) => l.price);
    expect(prices).toHaveLength(listings.length);
    const known = prices.filter((p) => p !== null) as number[];
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(prices.slice(known.length).every((p) => p === null)).toBe(true);

    const perYear = (l: PublishedListing) => (l.leasePrice === null ? null : l.leaseFrequencyId === 'monthly' ? l.leasePrice * 12 : l.leasePrice);
    const rates = (await rows('rateDesc', { keyword: 'seeded' })).map(perYear).filter((r) => r !== null) as number[];
    expect(rates.length).toBeGreaterThan(10);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));

    const sizes = (await rows('sizeDesc', { markets: 'placer' })).map((l) => l.sqft ?? l.maxSqft ?? l.minSqft!);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    const days = (await rows('daysOnBisn', { markets: 'placer' })).map((l) => l.onMarketSince!);
    expect(days).toEqual([...days].sort());
  });

  it('a listing published through the blast is found by its lease type, words and price reduction', async () => {
    const token = `zq${randomUUID().slice(0, 6)}`;
    const draft = await queuedListing(stack, lister, { title: `Flex bay ${token}`, leaseTypeId: 'full-service', propertyTypeId: 'flex', description: 'Roll-up doors', highlights: ['Grade-level loading'] });
    await runBlastJob();
    const found = async (query: Query) => (await browse('listListings', query)).ids.includes(draft.listingId);
    expect(await found({ keyword: token, leaseTypeId: 'full-service' })).toBe(true);
    expect(await found({ keyword: `${token} grade roll` })).toBe(true);
    expect(await found({ keyword: token, leaseTypeId: 'nnn' })).toBe(false);
    expect(await found({ keyword: token, priceReduced: 'true' })).toBe(false);

    const published = (await expectOk(call<{ listing: Listing }>(stack, lister.token, 'getListing', { params: { listingId: draft.listingId } }))).listing;
    await expectOk(
      call(stack, lister.token, 'changeListingPrice', {
        params: { listingId: draft.listingId },
        body: { price: published.price! - 100_000, leasePrice: published.leasePrice, leaseFrequencyId: published.leaseFrequencyId, version: published.version },
      }),
    );
    expect(await found({ keyword: token, priceReduced: 'true' })).toBe(true);
  });

  it('a listing states the property facts of its type: its detail and the blast carry them, the browser filters by them', async () => {
    const token = `zf${randomUUID().slice(0, 6)}`;
    const facts = { clearHeightFt: 28.5, dockHighDoors: 6, gradeLevelDoors: 2, power: '2,000 A, 480 V', yearBuilt: 2004, apn: '072-0190-011', acres: 9 };
    const draft = await queuedListing(stack, lister, { title: `Tall warehouse ${token}`, propertyTypeId: 'industrial', listingTypeId: 'for-lease', facts });
    const mailsBefore = (await readMailStore(stack)).length;
    await runBlastJob();
    const published = (await expectOk(call<{ listing: Listing }>(stack, searcher.token, 'getListing', { params: { listingId: draft.listingId } }))).listing;
    expect(published.facts).toEqual(facts);
    const digest = (await readMailStore(stack)).slice(mailsBefore).find((mail) => mail.to.includes(searcher.email) && mail.text?.includes(token));
    expect(digest?.text).toContain('Clear height (ft): 28.5 · Dock-high doors: 6 · Grade-level doors: 2 · Power: 2,000 A, 480 V · Year built: 2004');
    // Acres are no fact of an industrial listing: not shown, not searched.
    expect(digest?.text).not.toContain('Acres');
    const found = async (query: Query) => (await browse('listListings', { keyword: token, ...query })).ids.includes(draft.listingId);
    expect(await found({ clearHeightMin: 28 })).toBe(true);
    expect(await found({ clearHeightMin: 30 })).toBe(false);
    expect(await found({ acresMin: 1 })).toBe(false);

    // A fact out of its range is refused, with what is wrong.
    const bad = await call<{ fieldErrors?: Record<string, string[]> }>(stack, lister.token, 'updateListing', {
      params: { listingId: (await createDraft(stack, lister)).listingId },
      body: { ...validDraft({ facts: { yearBuilt: 1700 } }), version: 0 },
    });
    expect(bad.status).toBe(400);
    expect(Object.values(bad.body.fieldErrors ?? {}).flat()).toContain('The year built is from 1800 on.');
  });

  it('reads index rows without the criteria’s fields: shown without them, dropped by the criteria they lack', async () => {
    const old = { ...publishedListing(1000, lister.userId, now), title: 'Old entry', propertyTypeId: 'speciality' as const, marketId: 'yolo-davis', leaseTypeId: 'nnn' as const };
    const rows = listingIndexItems(old).map(({ words: _w, leaseTypeId: _l, priceReduced: _p, ...row }) => row);
    await stack.unprojected(() => bulkPut([listingItem(old), ...rows]));
    const shown = async (query: Query) => (await browse('listListings', { propertyTypeId: 'speciality', markets: 'yolo', ...query })).ids.includes(old.listingId);
    expect(await shown({})).toBe(true);
    expect(await shown({ sizeMin: 1 })).toBe(true);
    expect(await shown({ leaseTypeId: 'nnn' })).toBe(false);
    expect(await shown({ keyword: 'old' })).toBe(false);
  });

  it.each<[string, Query, string]>([
    ['an unknown market', { markets: 'sac-midtown,atlantis' }, 'markets'],
    ['a size range upside down', { sizeMin: 20_000, sizeMax: 10_000 }, 'sizeMax'],
    ['a price that is no number', { priceMax: 'cheap' }, 'priceMax'],
    ['another recency', { newWithin: 14 }, 'newWithin'],
    ['an unknown order', { sort: 'cheapest' }, 'sort'],
    ['a requirement’s criterion', { fitSqft: 100 }, ''],
  ])('answers %s with 400 and what is wrong', async (_name, query, field) => {
    const answer = await call<{ message: string; fieldErrors?: Record<string, string[]> }>(stack, searcher.token, 'listListings', { query });
    if (!field) {
      // Unknown query fields are not criteria: ignored, as every other route's.
      expect(answer.status).toBe(200);
      return;
    }
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fieldErrors ?? {}).some((key) => key === field || key.startsWith(`${field}.`)), JSON.stringify(answer.body)).toBe(true);
  });

  it('refuses a cursor of another order', async () => {
    const ranked = await expectOk(call<ListingPage>(stack, searcher.token, 'listListings', { query: { sort: 'priceAsc' } }));
    const answer = await call(stack, searcher.token, 'listListings', { query: { cursor: ranked.nextCursor! } });
    expect(answer.status).toBe(400);
  });
});

describe('the requirements browser’s criteria', () => {
  it.each<[string, Query]>([
    ['nothing', {}],
    ['a size range', { sizeMin: 20_000, sizeMax: 22_000 }],
    ['several markets', { markets: `${sacramentoMarkets[0]},placer-roseville` }],
    ['a whole county', { markets: 'placer' }],
    ['fits a listing of N sf', { fitSqft: 15_000 }],
    ['fits a listing of N sf at a price', { fitSqft: 15_000, fitPrice: 1_000_000 }],
    ['fits a listing at a monthly rate', { fitRate: 1.25, rateFrequencyId: 'monthly' }],
    ['fits a listing at an annual rate', { fitRate: 13 }],
    ['a keyword', { keyword: 'warehouse' }],
    ['new in the last 7 days', { newWithin: 7 }],
    ['new in the last 30 days', { newWithin: 30 }],
  ])('%s: exactly what the shared predicate keeps, each requirement once, over every page', async (_name, query) => {
    const expected = requirements.filter((r) => fits({ kind: 'requirements', filters: asFilters(query) }, requirementFacetsOf(r), new Date())).sort(newestFirst);
    const { ids, total } = await browse('listRequirements', query);
    expect(ids).toEqual(expected.map((r) => r.requirementId));
    expect(total).toEqual({ count: expected.length, exact: true });
    if (Object.keys(query).length) expect(expected.length).toBeLessThan(requirements.length);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('sorts by size and budget', async () => {
    const { ids } = await browse('listRequirements', { sort: 'sizeDesc' });
    const sizes = ids.map((id) => requirements.find((r) => r.requirementId === id)!).map((r) => r.sqftMax ?? r.sqftMin);
    const known = sizes.filter((s) => s !== null) as number[];
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(sizes.slice(known.length).every((s) => s === null)).toBe(true);
    const budgets = (await browse('listRequirements', { sort: 'priceDesc' })).ids.map((id) => requirements.find((r) => r.requirementId === id)!.maxPrice).filter((p) => p != null) as number[];
    expect(budgets).toEqual([...budgets].sort((a, b) => b - a));
  });
});

describe('saved searches with the criteria', () => {
  it('hold every criterion, open the browser with them, and count their matches as the browser does', async () => {
    const filters = { propertyTypeId: 'industrial', markets: ['sacramento', 'placer-roseville'], sizeMin: 5_000, rateMax: 1.2, rateFrequencyId: 'monthly', keyword: 'seeded', newWithin: 30, priceReduced: false };
    const saved = await expectOk(call<SavedSearchResponse>(stack, searcher.token, 'createSavedSearch', { body: { name: 'Industrial under 1.20', kind: 'listings', filters, frequency: 'instant' } }));
    expect(saved.search.filters).toMatchObject({ propertyTypeId: 'industrial', markets: ['sacramento', 'placer-roseville'], sizeMin: 5_000, rateMax: 1.2, rateFrequencyId: 'monthly', keyword: 'seeded', newWithin: 30 });
    const { ids } = await browse('listListings', { propertyTypeId: 'industrial', markets: 'sacramento,placer-roseville', sizeMin: 5_000, rateMax: 1.2, rateFrequencyId: 'monthly', keyword: 'seeded', newWithin: 30 });
    expect(ids.length).toBeGreaterThan(0);
    expect(saved.matching).toBe(ids.length);
    expect(saved.tooBroad).toBe(false);

    const requirementSearch = await expectOk(
      call<SavedSearchResponse>(stack, searcher.token, 'createSavedSearch', { body: { name: 'Fits 15k', kind: 'requirements', filters: { fitSqft: 15_000, markets: ['sacramento'] }, frequency: 'daily' } }),
    );
    expect(requirementSearch.matching).toBe((await browse('listRequirements', { fitSqft: 15_000, markets: 'sacramento' })).ids.length);

    // The criteria are the browser's own: checked the same way, the other browser's refused.
    expect((await call(stack, searcher.token, 'createSavedSearch', { body: { name: 'Bad', kind: 'listings', filters: { sizeMin: 9, sizeMax: 1 }, frequency: 'daily' } })).status).toBe(400);
    expect((await call(stack, searcher.token, 'createSavedSearch', { body: { name: 'Bad', kind: 'listings', filters: { fitSqft: 1 }, frequency: 'daily' } })).status).toBe(400);
    expect((await call(stack, searcher.token, 'updateSavedSearch', { params: { savedSearchId: saved.search.savedSearchId }, body: { filters: { fitSqft: 1 } } })).status).toBe(400);
    const changed = await expectOk(
      call<SavedSearchResponse>(stack, searcher.token, 'updateSavedSearch', { params: { savedSearchId: saved.search.savedSearchId }, body: { filters: { keyword: 'seeded', leaseTypeId: 'nnn' } } }),
    );
    expect(changed.matching).toBe((await browse('listListings', { keyword: 'seeded', leaseTypeId: 'nnn' })).ids.length);
  });
});

describe('the bounds of a search', () => {
  it('the first page counts up to 500 and says when it stopped', async () => {
    // 520 more office listings in Elk Grove: a broad search's count stops at its bound.
    const many = Array.from({ length: 520 }, (_, n) => ({ ...publishedListing(2000 + n, lister.userId, now), propertyTypeId: 'office' as const, marketId: 'sac-elk-grove-galt' }));
    await stack.unprojected(() => bulkPut(function* () {
      for (const listing of many) yield* [listingItem(listing), ...listingIndexItems(listing)];
    }()));
    const page = await expectOk(call<ListingPage>(stack, searcher.token, 'listListings', { query: { markets: 'sac-elk-grove-galt', propertyTypeId: 'office' } }));
    expect(page.total).toEqual({ count: 500, exact: false });
    const filtered = await expectOk(call<ListingPage>(stack, searcher.token, 'listListings', { query: { markets: 'sac-elk-grove-galt', propertyTypeId: 'office', sizeMin: 1 } }));
    expect(filtered.total).toEqual({ count: 500, exact: false });
    expect(filtered.items).toHaveLength(25);
    // Ranked orders sort the newest 500 matches.
    const ranked = await expectOk(call<ListingPage>(stack, searcher.token, 'listListings', { query: { markets: 'sac-elk-grove-galt', sort: 'sizeAsc' } }));
    expect(ranked.total).toEqual({ count: 500, exact: false });
  }, 120_000);
});
