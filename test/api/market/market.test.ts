import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import type { Listing, MarketResponse, Requirement } from '../../../shared/api';
import { call, createRequirement, expectOk, newApprovedBroker, newUser, queuedListing, runBlastJob, runBroadcast, startStack, type Broker } from '../quality/support';

/**
 * The Market page's figures move by exactly what each write changes — a requirement sent,
 * filled and removed, a listing published, leased and deleted — in its submarkets, their county and the
 * region, and the nightly reconciliation then finds nothing to repair.
 */

let stack: LocalStack;
let operator: Broker;
let owner: Broker;
let reader: Broker;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  [owner, reader] = await Promise.all([newApprovedBroker(stack, operator, 'owner'), newApprovedBroker(stack, operator, 'reader')]);
}, 120_000);
afterAll(async () => stack?.stop());

type Figures = MarketResponse['figures'];
const filter = { propertyTypeId: 'speciality', dealTypeId: 'for-lease' } as const;
const requirementFields = { propertyTypeId: 'speciality', requirementTypeId: 'for-lease' } as const;
const listingFields = { propertyTypeId: 'speciality', listingTypeId: 'for-lease' } as const;

const market = (area: string, query: Record<string, string> = filter) =>
  expectOk(call<MarketResponse>(stack, reader.token, 'getMarket', { query: { area, ...query } }));

/** The figures of Davis, Woodland, Yolo and the region for the test's property and deal type. */
async function snapshot(): Promise<Record<'davis' | 'woodland' | 'yolo' | 'region', Figures>> {
  const answer = await market('yolo-davis');
  const of = (area: string) => answer.areas.find((a) => a.area === area)!.figures;
  expect(answer.figures).toEqual(of('yolo-davis'));
  return { davis: of('yolo-davis'), woodland: of('yolo-woodland'), yolo: of('yolo'), region: of('region') };
}

/** The change of every figure between two snapshots (only those that moved). */
function moved(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>) {
  const out: Record<string, Record<string, number | null>> = {};
  for (const area of Object.keys(before) as (keyof typeof before)[]) {
    for (const [field, value] of Object.entries(after[area])) {
      const was = before[area][field as keyof Figures];
      if (value === was) continue;
      out[area] ??= {};
      out[area][field] = typeof value === 'number' && typeof was === 'number' && !field.startsWith('median') && !field.endsWith('Ratio') ? value - was : value;
    }
  }
  return out;
}

const runReconciliation = async () => {
  const { handler } = await import('../../../lambdas/jobs/reconcile-market');
  return handler({});
};

describe('the Market page', () => {
  it('moves each figure by exactly what a requirement and a listing change, from sent to filled to removed', async () => {
    const start = await snapshot();

    // A requirement in Davis and Woodland: nothing until it is sent.
    const created = await createRequirement(stack, owner, { ...requirementFields, marketIds: ['yolo-davis', 'yolo-woodland'], sqftMin: 4_000, sqftMax: 6_000, title: `Lab ${randomUUID().slice(0, 6)}` });
    expect(moved(start, await snapshot())).toEqual({});
    await runBroadcast();
    const sent = await snapshot();
    const demand = { requirements: 1, requirementSqft: 5_000, requirementsNew: 1 };
    expect(moved(start, sent)).toMatchObject({ davis: demand, woodland: demand, yolo: demand, region: demand });
    expect(sent.yolo.requirements - start.yolo.requirements).toBe(1); // once in the county, though in two of its submarkets
    expect(sent.davis.requirementMedianSqft).toBeCloseTo(5_000, -3);

    // A listing in Davis: supply once the blast publishes it; its monthly lease rate reads per year.
    const listing = await queuedListing(stack, owner, { ...listingFields, marketId: 'yolo-davis', sqft: 5_000, price: null, leasePrice: 2, leaseFrequencyId: 'monthly', address1: `${Math.floor(Math.random() * 9000)} Olive Drive` });
    expect(moved(sent, await snapshot())).toEqual({});
    await runBlastJob();
    const published = await snapshot();
    const supply = { listings: 1, listingSqft: 5_000, listingsNew: 1 };
    expect(moved(sent, published)).toMatchObject({ davis: supply, yolo: supply, region: supply });
    expect(moved(sent, published).woodland).toBeUndefined();
    expect(published.davis.medianLeaseRatePerSqftYear).toBeGreaterThan(23.4);
    expect(published.davis.medianLeaseRatePerSqftYear).toBeLessThan(24.6);
    expect(published.davis.demandSupplyRatio).toBe(Math.round(((published.davis.requirements) / published.davis.listings) * 100) / 100);

    // Filled: out of the demand, into "filled in the last 90 days".
    await expectOk(call(stack, owner.token, 'fillRequirement', { params: { requirementId: created.requirementId }, body: { outcome: { kind: 'elsewhere' } } }));
    const filled = await snapshot();
    const closedDemand = { requirements: -1, requirementSqft: -5_000, requirementsNew: -1, requirementsFilled: 1 };
    expect(moved(published, filled)).toMatchObject({ davis: closedDemand, woodland: closedDemand, yolo: closedDemand, region: closedDemand });

    // Leased: out of the supply, into "leased".
    await expectOk(call<{ listing: Listing }>(stack, owner.token, 'closeListing', { params: { listingId: listing.listingId }, body: { outcome: 'leased' } }));
    const leased = await snapshot();
    const closedSupply = { listings: -1, listingSqft: -5_000, listingsNew: -1, listingsLeased: 1 };
    expect(moved(filled, leased)).toMatchObject({ davis: closedSupply, yolo: closedSupply, region: closedSupply });

    // Removed: the operator removes the requirement, the owner deletes the listing; their closings go too.
    await expectOk(call(stack, operator.token, 'adminDeleteRequirement', { params: { requirementId: created.requirementId } }));
    await expectOk(call(stack, owner.token, 'deleteListing', { params: { listingId: listing.listingId } }));
    expect(moved(start, await snapshot())).toEqual({});

    const report = await runReconciliation();
    expect(report).toMatchObject({ staleItems: 0, driftedCells: 0, busyCells: 0 });
  });

  it('a repeated send counts once; an edit of its markets moves it between submarkets, not in the county', async () => {
    const start = await snapshot();
    const created = await createRequirement(stack, owner, { ...requirementFields, marketIds: ['yolo-woodland'], sqftMin: 1_000, sqftMax: 1_000 });
    await runBroadcast();
    await runBroadcast(); // nothing more to send: nothing more counted
    const requirement = (await expectOk(call<{ requirement: Requirement }>(stack, owner.token, 'getRequirement', { params: { requirementId: created.requirementId } }))).requirement;
    expect(moved(start, await snapshot())).toMatchObject({ woodland: { requirements: 1, requirementSqft: 1_000 }, yolo: { requirements: 1 } });

    // Moved from Woodland to Davis: Woodland loses it, Davis gains it, the county does not move.
    const before = await snapshot();
    await expectOk(
      call(stack, owner.token, 'updateRequirement', {
        params: { requirementId: created.requirementId },
        body: { ...requirementFields, marketIds: ['yolo-davis'], sqftMin: 1_000, sqftMax: 1_000, title: requirement.title, timing: requirement.timing, description: requirement.description, highlights: requirement.highlights, version: requirement.version },
      }),
    );
    const edited = moved(before, await snapshot());
    expect(edited).toMatchObject({ woodland: { requirements: -1, requirementSqft: -1_000, requirementsNew: -1 }, davis: { requirements: 1, requirementSqft: 1_000, requirementsNew: 1 } });
    expect(edited.yolo).toBeUndefined();
    expect(edited.region).toBeUndefined();

    await expectOk(call(stack, owner.token, 'withdrawRequirement', { params: { requirementId: created.requirementId } }));
    expect(moved(start, await snapshot())).toEqual({});
    expect(await runReconciliation()).toMatchObject({ staleItems: 0, driftedCells: 0 });
  });

  it('answers the whole region by default, 52 weeks of trend, a bounded read; refuses an unknown area', async () => {
    const answer = await market('ALL', {});
    expect(answer.area).toBe('region');
    expect(answer.trend).toHaveLength(52);
    expect(answer.trend.at(-1)!.week).toBe(answer.week);
    expect(answer.byPropertyType).toHaveLength(8);
    expect(answer.byDealType).toHaveLength(5);
    expect(answer.areas).toHaveLength(1 + 6 + 36);
    expect(answer.itemsRead).toBeLessThanOrEqual(43 + 11 + 2 + 52);
    expect((await call(stack, reader.token, 'getMarket', { query: { area: 'atlantis' } })).status).toBe(400);
  });
});
