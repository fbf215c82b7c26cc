import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { marketRepository } from '../../lambdas/data/market';
import { db, tableName } from '../../lambdas/data/table';
import { closeListing } from '../../lambdas/domain/listing-lifecycle';
import { marketOverview, reconcileMarket, syncMarketOf } from '../../lambdas/domain/market';
import { fillRequirement } from '../../lambdas/domain/requirement-lifecycle';
import { addWeeks, ANY, cellKey, isHistogramAttr, marketDealTypes, marketPageAreas, marketPropertyTypes, REGION, weekOf } from '../../shared/rules';
import { dynamoRefusing, logsDuring } from './blast-support';
import { beforeDbRequest, storedListing, storedRequirement } from './matching-support';
import { broker } from './support';
import { withoutProjections } from './projections';

// These tests call the functions the projections call, each on its own.
withoutProjections();

/**
 * The aggregates' faults: items whose write path stopped before counting them, cells that
 * drifted, a reconciliation that crashes half way or meets a write, a throttled write path. Nothing is lost
 * and nothing counted twice; each file has a table of its own, so the recount is exactly the file's items.
 */

const undo: (() => void)[] = [];
afterEach(() => {
  for (const restore of undo.splice(0)) restore();
});

const region = async () => (await marketOverview({})).figures;
const isFix = (command: { input: unknown }) => command instanceof UpdateCommand && /^SET #type = :type/.test(String((command.input as { UpdateExpression?: string }).UpdateExpression));
const reconcileQuietly = async (now = new Date()) => (await logsDuring(() => reconcileMarket(now))).result;

describe('the market reconciliation', () => {
  it('counts items the write path never reached (stale facts) once, and the next run finds nothing', async () => {
    const owner = await broker('stale');
    await Promise.all([1, 2, 3, 4].map((n) => storedListing(owner.record, { sqft: 1_000 * n, minSqft: null, maxSqft: null })));
    await Promise.all([1, 2, 3, 4, 5].map(() => storedRequirement(owner.record, { marketIds: ['sac-midtown', 'placer-auburn'] })));
    expect((await region()).listings).toBe(0);

    const { result, logs } = await logsDuring(() => reconcileMarket(new Date()));
    expect(result).toMatchObject({ read: { listings: 4, requirements: 5 }, staleItems: 9, driftedCells: 0, busyCells: 0 });
    expect(logs.filter((l) => l.message === 'market facts of an item were stale')).toHaveLength(9);
    expect(await region()).toMatchObject({ listings: 4, listingSqft: 10_000, requirements: 5, demandSupplyRatio: 1.25 });
    expect((await marketOverview({ area: 'placer' })).figures.requirements).toBe(5);

    expect(await reconcileQuietly()).toMatchObject({ staleItems: 0, driftedCells: 0 });
    expect((await region()).listings).toBe(4);
  });

  it('repairs a drifted cell, logging the stored value against the recount', async () => {
    const before = await region();
    await marketRepository.add(cellKey('*', '*', 'region'), { rq: 3, hL40: 2 });
    expect((await region()).requirements).toBe(before.requirements + 3);

    const { result, logs } = await logsDuring(() => reconcileMarket(new Date()));
    expect(result).toMatchObject({ driftedCells: 1, driftedValues: 2, busyCells: 0 });
    const drift = logs.find((l) => l.message === 'market cell drifted from the recount')!;
    expect(drift).toMatchObject({ cell: '*|*|region', values: { rq: { stored: before.requirements + 3, recount: before.requirements } } });
    expect(await region()).toEqual(before);
  });

  it('crashed half way through its repairs: the next run finishes them, nothing counted twice', async () => {
    const before = await region();
    for (const area of ['region', 'sacramento', 'sac-midtown', 'placer']) await marketRepository.add(cellKey('*', '*', area), { rq: 1 });
    let fixes = 0;
    await expect(dynamoRefusing((command) => isFix(command) && ++fixes === 3, () => reconcileQuietly())).rejects.toThrow('injected throttling');
    expect((await reconcileQuietly()).driftedCells).toBe(2);
    expect(await reconcileQuietly()).toMatchObject({ driftedCells: 0, staleItems: 0 });
    expect(await region()).toEqual(before);
  });

  it('leaves a cell that a write changed while it ran (the write is kept), and repairs it the next night', async () => {
    const owner = await broker('busy');
    const before = await region();
    await marketRepository.add(cellKey('*', '*', 'region'), { ls: 7 });
    const listing = await storedListing(owner.record, { sqft: 2_000, minSqft: null, maxSqft: null });
    await syncMarketOf('listing', [listing.listingId]);
    undo.push(beforeDbRequest((request) => /^SET #type = :type/.test(request.UpdateExpression ?? ''), async () => {
      // The close and its projection's sync, while the reconciliation writes.
      await closeListing(owner.principal, listing.listingId, { outcome: 'sold' });
      await syncMarketOf('listing', [listing.listingId]);
    }));

    expect(await reconcileQuietly()).toMatchObject({ busyCells: 1 });
    expect((await region()).listingsSold).toBe(before.listingsSold + 1);
    expect(await reconcileQuietly()).toMatchObject({ driftedCells: 1, busyCells: 0 });
    expect(await region()).toMatchObject({ listings: before.listings, listingsSold: before.listingsSold + 1 });
    expect(await reconcileQuietly()).toMatchObject({ driftedCells: 0 });
  });

  it('moves the histograms a cell keeps with its counts to their own item, figures unchanged', async () => {
    const owner = await broker('legacy');
    const listing = await storedListing(owner.record, { sqft: 3_000, minSqft: null, maxSqft: null });
    await syncMarketOf('listing', [listing.listingId]);
    await reconcileQuietly();
    const before = await region();
    const counts = { pk: 'MKT#*#*', sk: 'region' };
    const histograms = { pk: 'MKTHIST#*#*', sk: 'region' };
    const item = async (key: typeof counts) => (await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
    const buckets = Object.entries((await item(histograms))!).filter(([attr]) => isHistogramAttr(attr));
    expect(buckets.length).toBeGreaterThan(0);
    await db().send(new DeleteCommand({ TableName: tableName(), Key: histograms }));
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counts,
        UpdateExpression: `SET ${buckets.map((_, i) => `#h${i} = :h${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(buckets.map(([attr], i) => [`#h${i}`, attr])),
        ExpressionAttributeValues: Object.fromEntries(buckets.map(([, n], i) => [`:h${i}`, n])),
      }),
    );
    expect(await region()).toEqual(before);

    expect(await reconcileQuietly()).toMatchObject({ driftedCells: 0, busyCells: 0 });
    expect(Object.keys((await item(counts))!).filter(isHistogramAttr)).toEqual([]);
    expect(Object.entries((await item(histograms))!).filter(([attr]) => isHistogramAttr(attr))).toEqual(buckets);
    expect(await region()).toEqual(before);
  });

  it('freezes the week that ended on Monday night as the trend\'s point, live figures for this week', async () => {
    const week = weekOf(new Date());
    const mondayNight = new Date(Date.parse(`${week}T10:00:00Z`)); // 02:00 or 03:00 in Sacramento, Monday
    const now = await region();
    await reconcileQuietly(mondayNight);
    const trend = (await marketOverview({})).trend;
    expect(trend.at(-2)).toMatchObject({ week: addWeeks(week, -1), figures: { requirements: now.requirements, listings: now.listings } });
    expect(trend.at(-1)).toMatchObject({ week, figures: { requirements: now.requirements } });
    expect(trend.at(-3)!.figures).toBeNull();

    // Four more Monday nights, back in time: the trend reads them all (pages of 3 in this tier).
    for (const back of [2, 3, 4, 5]) await reconcileQuietly(new Date(mondayNight.getTime() - (back - 1) * 7 * 24 * 60 * 60 * 1000));
    const longer = await marketOverview({});
    expect(longer.trend.slice(-6, -1).map((w) => [w.week, w.figures?.requirements])).toEqual([5, 4, 3, 2, 1].map((back) => [addWeeks(week, -back), now.requirements]));
    expect(longer.trend.at(-7)!.figures).toBeNull();
    expect(longer.itemsRead).toBeGreaterThanOrEqual(5);
  });
});

describe('the Market page', () => {
  it('reads the selected cell, every area, each property type and each deal type beside it, and 52 weeks ending with this one', async () => {
    const owner = await broker('overview');
    const listing = await storedListing(owner.record, { propertyTypeId: 'speciality', listingTypeId: 'for-sale-user', marketId: 'sac-folsom' });
    await syncMarketOf('listing', [listing.listingId]);
    const requirement = await storedRequirement(owner.record, { propertyTypeId: 'speciality', requirementTypeId: 'for-sale-user', marketIds: ['sac-folsom'] });
    await syncMarketOf('requirement', [requirement.requirementId]);

    const page = await marketOverview({ area: 'sac-folsom', propertyTypeId: 'speciality' });
    const listings = <T extends { figures: { listings: number } }>(rows: T[], pick: (row: T) => unknown) => rows.map((row) => [pick(row), row.figures.listings]);
    expect(page).toMatchObject({ area: 'sac-folsom', propertyTypeId: 'speciality', dealTypeId: null, week: weekOf(new Date()), figures: { listings: 1, requirements: 1 } });
    expect(listings(page.byPropertyType, (row) => row.propertyTypeId)).toEqual(marketPropertyTypes.map((t) => [t === ANY ? null : t, [ANY, 'speciality'].includes(t) ? 1 : 0]));
    expect(listings(page.byDealType, (row) => row.dealTypeId)).toEqual(marketDealTypes.map((t) => [t === ANY ? null : t, [ANY, 'for-sale-user'].includes(t) ? 1 : 0]));
    const folsom = marketPageAreas.find((area) => area.id === 'sac-folsom')!;
    expect(listings(page.areas, (row) => row.area)).toEqual(marketPageAreas.map((area) => [area.id, [REGION, folsom.countyId, folsom.id].includes(area.id) ? 1 : 0]));
    expect(page.trend).toHaveLength(52);
    expect(page.trend[0]!.week).toBe(addWeeks(page.week, -51));
    expect(page.trend.at(-1)).toMatchObject({ week: page.week, figures: { listings: 1, requirements: 1 } });
  });
});

describe('the write path', () => {
  it('a blast run’s listings counted together when it finishes: their differences summed, each cell written once, as a recount counts them', async () => {
    const owner = await broker('together');
    const before = await region();
    const regionCell = async () => (await marketRepository.cells([cellKey(ANY, ANY, REGION)])).cells[0]?.rev.counts ?? 0;
    const revBefore = await regionCell();
    const listings = await Promise.all([1, 2, 3, 4, 5].map((n) => storedListing(owner.record, { sqft: 1_000 * n, minSqft: null, maxSqft: null })));
    await syncMarketOf('listing', listings.map((listing) => listing.listingId));
    expect(await region()).toMatchObject({ listings: before.listings + 5, listingSqft: before.listingSqft + 15_000 });
    expect(await regionCell()).toBe(revBefore + 1);
    // Counted once: a second sync adds nothing, and the recount agrees.
    await syncMarketOf('listing', listings.map((listing) => listing.listingId));
    expect(await region()).toMatchObject({ listings: before.listings + 5 });
    expect(await reconcileQuietly()).toMatchObject({ staleItems: 0, driftedCells: 0 });
  });

  it('throttled half way through its adds: the retry adds the rest, each cell once, and the recount finds no drift', async () => {
    const owner = await broker('throttled');
    const requirement = await storedRequirement(owner.record, { marketIds: ['yolo-davis'] });
    await syncMarketOf('requirement', [requirement.requirementId]);
    const before = await region();

    await fillRequirement(owner.principal, requirement.requirementId, {});
    // The fill's projection claims the change; its third add is throttled, after two cells took it.
    let adds = 0;
    const sync = dynamoRefusing(
      (command) => command instanceof UpdateCommand && String((command.input as { UpdateExpression?: string }).UpdateExpression).startsWith('ADD ') && ++adds === 3,
      () => syncMarketOf('requirement', [requirement.requirementId]),
    );
    await expect(sync).rejects.toThrow('injected throttling');
    const filled = { requirements: before.requirements - 1, requirementsFilled: before.requirementsFilled + 1 };
    await syncMarketOf('requirement', [requirement.requirementId]);
    expect(await region()).toMatchObject(filled);
    await syncMarketOf('requirement', [requirement.requirementId]);
    expect(await region()).toMatchObject(filled);
    expect(await reconcileQuietly()).toMatchObject({ staleItems: 0, driftedCells: 0 });
  });
});
