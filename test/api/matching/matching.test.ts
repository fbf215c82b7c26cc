import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ses } from '../../../lambdas/core/aws';
import { matchesRepository } from '../../../lambdas/data/matches';
import { usersRepository } from '../../../lambdas/data/users';
import { rematchAll } from '../../../lambdas/domain/matching';
import { NOTICE_CLAIM_TIMEOUT_MS, sendMatchNotices } from '../../../lambdas/domain/match-notices';
import type { LocalStack } from '../../../lib/local/stack';
import type { Listing, Match, Requirement } from '../../../shared/api';
import {
  call,
  createRequirement,
  expectOk,
  failSends,
  newApprovedBroker,
  newUser,
  queuedListing,
  readMailStore,
  runBlastJob,
  runBroadcast,
  startStack,
  throttled,
  validRequirement,
  type Broker,
} from '../quality/support';
import { readReceivedMails } from '../requirements/support';
import { publishedListing } from './support';

/**
 * Matching through the gateway, the jobs and the SES emulator: a requirement and a listing that fit meet,
 * with their reasons, seen by their two brokers (and operators) only, each broker deciding on their own
 * copy; either side leaving removes the match; a strong new match is mailed to both brokers once, at most
 * one notice an hour, whatever crashes or throttles.
 */

let stack: LocalStack;
let operator: Broker;
let seeker: Broker;
let lister: Broker;
let stranger: Broker;
const undo: (() => void)[] = [];
const approved = (label: string) => newApprovedBroker(stack, operator, label);
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  [seeker, lister, stranger] = await Promise.all([approved('seeker'), approved('lister'), approved('stranger')]);
}, 120_000);

afterEach(() => {
  for (const restore of undo.splice(0)) restore();
});

afterAll(async () => stack?.stop());

const matchesOf = async (broker: Broker) => (await expectOk(call<{ items: Match[] }>(stack, broker.token, 'listMatches', { query: { limit: 200 } }))).items;
const requirementMatches = (broker: Broker, requirementId: string) => call<{ items: Match[] }>(stack, broker.token, 'listRequirementMatches', { params: { requirementId } });
const listingMatches = (broker: Broker, listingId: string) => call<{ items: Match[] }>(stack, broker.token, 'listListingMatches', { params: { listingId } });

/** A requirement of the seeker, sent: industrial for lease in Power Inn, 10,000–15,000 sf, up to $1.20/sf a month. */
async function sentRequirement(overrides: Parameters<typeof createRequirement>[2] = {}): Promise<Requirement> {
  const requirement = await createRequirement(stack, seeker, {
    requirementTypeId: 'for-lease',
    propertyTypeId: 'industrial',
    marketIds: ['sac-power-inn', 'sac-rancho-cordova'],
    sqftMin: 10_000,
    sqftMax: 15_000,
    maxLeaseRate: 1.2,
    maxLeaseFrequencyId: 'monthly',
    highlights: ['Dock-high doors', 'Fenced yard'],
    description: 'Distribution client; heavy power a plus.',
    ...overrides,
  });
  await runBroadcast();
  return requirement;
}

describe('matching', () => {
  it('a listing published after a requirement is sent meets it, with the reasons and numbers, on both brokers\' pages', async () => {
    const requirement = await sentRequirement();
    const listing = await publishedListing(stack, lister);
    // Another property type, and another market: no match. The seeker's own listing: no match with themselves.
    await publishedListing(stack, lister, { propertyTypeId: 'office' });
    await publishedListing(stack, lister, { marketId: 'sac-midtown' });
    await publishedListing(stack, seeker);

    const seen = (await expectOk(requirementMatches(seeker, requirement.requirementId))).items;
    expect(seen.map((m) => m.listingId)).toEqual([listing.listingId]);
    const [match] = seen;
    expect(match).toMatchObject({ side: 'requirement', score: 100, state: 'open', listingTitle: listing.title, requirementTitle: requirement.title });
    expect(match!.reasons.map((r) => `${r.verdict} ${r.text}`)).toEqual([
      'fit For Lease — as required',
      'fit Industrial',
      "fit Power Inn — in the requirement's markets",
      'fit 12,400 sf — within 10,000–15,000 sf',
      'fit $1.10 per sqft / Monthly — within the maximum of $1.20 per sqft / Monthly',
      'fit Both mention “dock-high”, “doors”, “fenced”, “yard”, “heavy”',
    ]);
    expect(match!.counterpart).toMatchObject({ _id: lister.userId });

    const listerSide = (await expectOk(listingMatches(lister, listing.listingId))).items;
    expect(listerSide).toEqual([expect.objectContaining({ side: 'listing', requirementId: requirement.requirementId, score: 100, counterpart: expect.objectContaining({ _id: seeker.userId, email: seeker.email }) })]);
    expect((await matchesOf(lister)).some((m) => m.requirementId === requirement.requirementId)).toBe(true);
    expect((await expectOk(call<{ requirements: number; listings: number }>(stack, lister.token, 'countMatches'))).listings).toBeGreaterThanOrEqual(1);
  });

  it('an account whose approval is withdrawn sees its match cards as its item pages: the counterpart without contact details', async () => {
    const withdrawn = await approved('withdrawn');
    const requirement = await createRequirement(stack, withdrawn, { requirementTypeId: 'for-lease', propertyTypeId: 'industrial', marketIds: ['sac-power-inn'], sqftMin: 10_000, sqftMax: 15_000 });
    await runBroadcast();
    const listing = await publishedListing(stack, lister);
    const before = (await expectOk(requirementMatches(withdrawn, requirement.requirementId))).items.find((m) => m.listingId === listing.listingId);
    expect(before?.counterpart).toMatchObject({ _id: lister.userId, email: lister.email });

    await usersRepository.update(withdrawn.userId, { status: 'awaiting approval' });
    // A write reads the record afresh (and is refused): the account's reads then know it is not approved.
    expect((await call(stack, withdrawn.token, 'createRequirement', { body: validRequirement() })).status).toBe(403);
    const hidden = { _id: lister.userId, email: '', phone: '', license: '', detailsHidden: true };
    const card = (await expectOk(requirementMatches(withdrawn, requirement.requirementId))).items.find((m) => m.listingId === listing.listingId)?.counterpart;
    expect(card).toMatchObject(hidden);
    expect((await expectOk(call<{ listing: Listing }>(stack, withdrawn.token, 'getListing', { params: { listingId: listing.listingId } }))).listing.user).toMatchObject(hidden);
  });

  it('a requirement sent after the listing is published finds it too; one too far off in size does not', async () => {
    const listing = await publishedListing(stack, lister, { sqft: 30_000 });
    const near = await sentRequirement({ sqftMin: 26_000, sqftMax: 28_000 });
    const far = await sentRequirement({ sqftMin: 10_000, sqftMax: 12_000 });
    const nearMatch = (await expectOk(requirementMatches(seeker, near.requirementId))).items.find((m) => m.listingId === listing.listingId);
    expect(nearMatch?.reasons.find((r) => r.criterion === 'size')).toEqual({ criterion: 'size', verdict: 'partial', text: '30,000 sf — 7% over 26,000–28,000 sf' });
    expect((await expectOk(requirementMatches(seeker, far.requirementId))).items.map((m) => m.listingId)).not.toContain(listing.listingId);
  });

  it('only the two brokers see a match, and operators: anyone else gets 404 and cannot change it (403, nothing changed)', async () => {
    const requirement = await sentRequirement();
    const listing = await publishedListing(stack, lister);
    expect((await requirementMatches(stranger, requirement.requirementId)).status).toBe(404);
    expect((await listingMatches(stranger, listing.listingId)).status).toBe(404);
    expect((await requirementMatches(lister, requirement.requirementId)).status).toBe(404);
    expect((await expectOk(requirementMatches(operator, requirement.requirementId))).items.map((m) => m.listingId)).toContain(listing.listingId);
    expect((await matchesOf(stranger)).filter((m) => m.requirementId === requirement.requirementId)).toEqual([]);

    const params = { requirementId: requirement.requirementId, listingId: listing.listingId };
    expect((await call(stack, stranger.token, 'updateMatch', { params, body: { side: 'requirement', state: 'dismissed' } })).status).toBe(403);
    expect((await call(stack, lister.token, 'updateMatch', { params, body: { side: 'requirement', state: 'dismissed' } })).status).toBe(403);
    expect((await expectOk(requirementMatches(seeker, requirement.requirementId))).items.find((m) => m.listingId === listing.listingId)?.state).toBe('open');
  });

  it('each broker decides on their own copy; a dismissed match stays dismissed through a rematch', async () => {
    const requirement = await sentRequirement();
    const listing = await publishedListing(stack, lister);
    const params = { requirementId: requirement.requirementId, listingId: listing.listingId };
    const dismissed = await expectOk(call<{ match: Match }>(stack, seeker.token, 'updateMatch', { params, body: { side: 'requirement', state: 'dismissed' } }));
    expect(dismissed.match.state).toBe('dismissed');
    await expectOk(call(stack, lister.token, 'updateMatch', { params, body: { side: 'listing', state: 'sentToClient' } }));

    await rematchAll();
    await rematchAll();
    expect((await expectOk(requirementMatches(seeker, requirement.requirementId))).items.filter((m) => m.listingId === listing.listingId).map((m) => m.state)).toEqual(['dismissed']);
    expect((await expectOk(listingMatches(lister, listing.listingId))).items.filter((m) => m.requirementId === requirement.requirementId).map((m) => m.state)).toEqual(['sentToClient']);
  });

  it('a listing deleted, or a requirement removed by an operator, takes its matches with it from both brokers', async () => {
    const rocklin = { marketIds: ['placer-rocklin'] };
    const requirement = await sentRequirement(rocklin);
    const listing = await publishedListing(stack, lister, { marketId: 'placer-rocklin' });
    const other = await publishedListing(stack, stranger, { marketId: 'placer-rocklin' });
    const pairs = async () => (await matchesOf(seeker)).filter((m) => m.requirementId === requirement.requirementId).map((m) => m.listingId).sort();
    expect(await pairs()).toEqual([listing.listingId, other.listingId].sort());

    await expectOk(call(stack, lister.token, 'deleteListing', { params: { listingId: listing.listingId } }));
    expect(await pairs()).toEqual([other.listingId]);
    expect((await matchesOf(lister)).filter((m) => m.listingId === listing.listingId)).toEqual([]);

    await expectOk(call(stack, operator.token, 'adminDeleteRequirement', { params: { requirementId: requirement.requirementId } }));
    expect(await pairs()).toEqual([]);
    expect((await matchesOf(stranger)).filter((m) => m.requirementId === requirement.requirementId)).toEqual([]);
    // And the rematch does not bring either back.
    await rematchAll();
    expect(await pairs()).toEqual([]);
  });
});

describe('match notices', () => {
  /** Notices the SES emulator holds for `broker`. */
  const noticesTo = async (broker: Broker) => (await readMailStore(stack)).filter((m) => m.to.includes(broker.email) && /new match/.test(m.subject));

  it('both brokers of a new strong match get one private notice each with the reasons and links; later matches in the hour wait and come batched', async () => {
    const [a, b, c] = await Promise.all([approved('notice-a'), approved('notice-b'), approved('notice-c')]);
    const requirement = await createRequirement(stack, a, { requirementTypeId: 'for-lease', propertyTypeId: 'retail', marketIds: ['yolo-davis'], sqftMin: 1000, sqftMax: 3000 });
    await runBroadcast();
    const first = await queuedListing(stack, b, { listingTypeId: 'for-lease', propertyTypeId: 'retail', marketId: 'yolo-davis', sqft: 2000, minSqft: null, maxSqft: null });
    await runBlastJob();
    await sendMatchNotices(later(0));

    const [toA, toB, toC] = await Promise.all([noticesTo(a), noticesTo(b), noticesTo(c)]);
    expect([toA.length, toB.length, toC.length]).toEqual([1, 1, 0]);
    const [mail] = (await readReceivedMails(stack)).filter((m) => m.to.includes(a.email) && m.subject === 'A new match on BISN');
    expect(mail!.visibleHtml).toContain(first.title);
    expect(mail!.visibleHtml).toContain('✓ 2,000 sf — within 1,000–3,000 sf');
    expect(mail!.html).toContain(`/consumer/listing/${first.listingId}`);
    expect(mail!.header('list-unsubscribe')).toMatch(/one-click/);
    const [toLister] = (await readReceivedMails(stack)).filter((m) => m.to.includes(b.email) && m.subject === 'A new match on BISN');
    expect(toLister!.html).toContain(`/consumer/requirement/${requirement.requirementId}`);

    // Two more listings fit within the hour: no mail now, one mail with both once the hour is over.
    const [second, third] = [
      await queuedListing(stack, c, { listingTypeId: 'for-lease', propertyTypeId: 'retail', marketId: 'yolo-davis', sqft: 2500, minSqft: null, maxSqft: null }),
      await queuedListing(stack, c, { listingTypeId: 'for-lease', propertyTypeId: 'retail', marketId: 'yolo-davis', sqft: 1500, minSqft: null, maxSqft: null }),
    ];
    await runBlastJob();
    await sendMatchNotices(later(10 * 60 * 1000));
    expect((await noticesTo(a)).length).toBe(1);
    expect((await noticesTo(c)).length).toBe(1); // c's first notice: its hour was free.
    await sendMatchNotices(later(HOUR_MS + 60 * 1000));
    const batched = (await noticesTo(a)).slice(1);
    expect(batched.map((m) => m.subject)).toEqual(['2 new matches on BISN']);
    expect(batched[0]!.html).toContain(second.title);
    expect(batched[0]!.html).toContain(third.title);
    // Nothing left: running again sends nothing.
    await sendMatchNotices(later(3 * HOUR_MS));
    expect([(await noticesTo(a)).length, (await noticesTo(b)).length, (await noticesTo(c)).length]).toEqual([2, 1, 1]);
  });

  it('a broker who turned match notices off gets none; the other broker still does', async () => {
    const [quiet, loud] = await Promise.all([approved('quiet'), approved('loud')]);
    await expectOk(call(stack, quiet.token, 'updateSubscriptions', { params: { userId: quiet.userId }, body: { subscriptions: [], matchNotices: false } }));
    await createRequirement(stack, quiet, { requirementTypeId: 'for-lease', propertyTypeId: 'flex', marketIds: ['placer-lincoln'], sqftMin: 100, sqftMax: 900 });
    await runBroadcast();
    await queuedListing(stack, loud, { listingTypeId: 'for-lease', propertyTypeId: 'flex', marketId: 'placer-lincoln', sqft: 500, minSqft: null, maxSqft: null });
    await runBlastJob();
    const report = await sendMatchNotices(later(0));
    expect(report.skipped).toBeGreaterThanOrEqual(1);
    expect([(await noticesTo(quiet)).length, (await noticesTo(loud)).length]).toEqual([0, 1]);
  });

  it('SES throttling every attempt: nothing is sent and nothing is lost, the next run sends each notice once', async () => {
    const [a, b] = await Promise.all([approved('throttle-a'), approved('throttle-b')]);
    await createRequirement(stack, a, { requirementTypeId: 'for-lease', propertyTypeId: 'land', marketIds: ['yuba-county'], sqftMin: 100, sqftMax: 900 });
    await runBroadcast();
    await queuedListing(stack, b, { listingTypeId: 'for-lease', propertyTypeId: 'land', marketId: 'yuba-county', sqft: 500, minSqft: null, maxSqft: null });
    await runBlastJob();

    const fault = failSends(ses(), () => true, throttled);
    undo.push(fault.restore);
    const refused = await sendMatchNotices(later(0));
    fault.restore();
    expect(refused.failed).toBeGreaterThanOrEqual(2);
    expect([(await noticesTo(a)).length, (await noticesTo(b)).length]).toEqual([0, 0]);

    // The hour was given back with the claims: the next run (minutes later) sends both, once.
    await sendMatchNotices(later(5 * 60 * 1000));
    await sendMatchNotices(later(10 * 60 * 1000));
    expect([(await noticesTo(a)).length, (await noticesTo(b)).length]).toEqual([1, 1]);
  });

  it('a run that crashes after claiming a notice never sends it twice: the claim is declared lost after its timeout', async () => {
    const [a, b] = await Promise.all([approved('crash-a'), approved('crash-b')]);
    await createRequirement(stack, a, { requirementTypeId: 'for-lease', propertyTypeId: 'speciality', marketIds: ['sutter-county'], sqftMin: 100, sqftMax: 900 });
    await runBroadcast();
    await queuedListing(stack, b, { listingTypeId: 'for-lease', propertyTypeId: 'speciality', marketId: 'sutter-county', sqft: 500, minSqft: null, maxSqft: null });
    await runBlastJob();

    // The crash: a run claimed a's notice (as it does before asking SES) and died before SES answered.
    const [pendingA] = (await matchesRepository.pageOfOwner(a.userId, 10)).items;
    expect(await matchesRepository.moveNotice({ ...pendingA!, ownerId: a.userId }, 'pending', 'sending', { batchId: 'crashed-run', at: new Date().toISOString() })).toBe(true);

    // Within the timeout the claim is left alone; b's notice goes out.
    await sendMatchNotices(later(60 * 1000));
    expect([(await noticesTo(a)).length, (await noticesTo(b)).length]).toEqual([0, 1]);
    const lost = await sendMatchNotices(later(NOTICE_CLAIM_TIMEOUT_MS + 60 * 1000));
    expect(lost.lost).toBe(1);
    await sendMatchNotices(later(2 * HOUR_MS));
    expect([(await noticesTo(a)).length, (await noticesTo(b)).length]).toEqual([0, 1]);
  });

  it('two runs at once send each notice once', async () => {
    const [a, b] = await Promise.all([approved('race-a'), approved('race-b')]);
    await createRequirement(stack, a, { requirementTypeId: 'for-sale-user', propertyTypeId: 'apartment', marketIds: ['eldorado-placerville'], sqftMin: 100, sqftMax: 900 });
    await runBroadcast();
    await queuedListing(stack, b, { listingTypeId: 'for-sale-user', propertyTypeId: 'apartment', marketId: 'eldorado-placerville', sqft: 500, minSqft: null, maxSqft: null });
    await runBlastJob();
    await Promise.all([sendMatchNotices(later(0)), sendMatchNotices(later(0)), sendMatchNotices(later(0))]);
    expect([(await noticesTo(a)).length, (await noticesTo(b)).length]).toEqual([1, 1]);
  });
});

describe('requirements past their active days', () => {
  it('lose their matches in the daily job, not a day before', async () => {
    const [a, b] = await Promise.all([approved('stale-a'), approved('stale-b')]);
    const requirement = await createRequirement(stack, a, { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['yolo-woodland'], sqftMin: 100, sqftMax: 900 });
    await runBroadcast();
    await queuedListing(stack, b, { listingTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'yolo-woodland', sqft: 500, minSqft: null, maxSqft: null });
    await runBlastJob();
    const { handler } = await import('../../../lambdas/jobs/expire-listings');
    const count = async () => (await expectOk(requirementMatches(a, requirement.requirementId))).items.length;
    expect(await count()).toBe(1);
    await handler({ now: later(89 * DAY_MS).toISOString() });
    expect(await count()).toBe(1);
    await handler({ now: later(91 * DAY_MS).toISOString() });
    expect(await count()).toBe(0);
    expect((await matchesOf(b)).filter((m) => m.requirementId === requirement.requirementId)).toEqual([]);
  });
});
