import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../lambdas/core/aws';
import { env } from '../../lambdas/core/env';
import { listingsRepository } from '../../lambdas/data/listings';
import { matchesRepository, type MatchSide } from '../../lambdas/data/matches';
import { requirementsRepository } from '../../lambdas/data/requirements';
import {
  countMatches,
  listListingMatches,
  listMatches,
  listRequirementMatches,
  matchListing,
  matchRequirement,
  rematchRequirement,
  unmatchListing,
  unmatchRequirement,
  updateMatch,
} from '../../lambdas/domain/matching';
import { beforeDbRequest, DAY_MS, dbRequestsDuring, refusal, storedListing, storedRequirement } from './matching-support';
import { broker, operator } from './support';
import { withoutProjections } from './projections';

// These tests call the functions the projections call, each on its own.
withoutProjections();

/**
 * Matching wired to the table: the candidates each side leaves for the other, the two brokers'
 * copies of a match, what a rematch keeps and changes, who sees and decides what. The scores themselves
 * are the rules' (test/unit); these pick values whose scores are known. Each test uses markets of its own.
 */

const sidesOfRequirement = (ownerId: string, requirementId: string) => matchesRepository.ofRequirement(ownerId, requirementId);
const sidesOfListing = (ownerId: string, listingId: string) => matchesRepository.ofListing(ownerId, listingId);
const byListing = (sides: MatchSide[]) => Object.fromEntries(sides.map((side) => [side.listingId, side]));

describe('matching a requirement', () => {
  it('scores the published listings of its property type in each of its markets, not its owner’s, and stores a copy for each broker', async () => {
    const [seeker, lister, lister2] = await Promise.all([broker('seeker'), broker('lister'), broker('lister2')]);
    const words = { highlights: ['Dock-high doors', 'Fenced yard', 'Heavy power'], description: '' };
    const bySale = await storedListing(lister.record, { marketId: 'sac-antelope', sqft: 4000, minSqft: null, maxSqft: null, price: 1_900_000, ...words });
    const byLease = await storedListing(lister2.record, { marketId: 'sac-campus-commons', leasePrice: 1.1, leaseFrequencyId: 'monthly' });
    const own = await storedListing(seeker.record, { marketId: 'sac-antelope' });
    const retail = await storedListing(lister.record, { marketId: 'sac-antelope', propertyTypeId: 'retail' });
    const elsewhere = await storedListing(lister.record, { marketId: 'sac-folsom' });
    for (const listing of [bySale, byLease, own, retail, elsewhere]) expect((await matchListing(listing)).matches).toBe(0);

    const requirement = await storedRequirement(seeker.record, {
      marketIds: ['sac-antelope', 'sac-campus-commons'],
      maxPrice: 2_000_000,
      maxLeaseRate: 1.2,
      maxLeaseFrequencyId: 'monthly',
      highlights: ['Dock-high doors', 'Fenced yard'],
      description: 'Heavy power a plus.',
    });
    expect(await matchRequirement(requirement)).toEqual({ read: 3, matches: 2, created: 2, removed: 0 });

    const mine = byListing(await sidesOfRequirement(seeker.record.userId, requirement.requirementId));
    expect(Object.keys(mine).sort()).toEqual([bySale.listingId, byLease.listingId].sort());
    expect(mine[bySale.listingId]).toEqual({
      ownerId: seeker.record.userId,
      side: 'requirement',
      requirementId: requirement.requirementId,
      listingId: bySale.listingId,
      counterpartId: lister.record.userId,
      requirementTitle: requirement.title,
      listingTitle: bySale.title,
      score: 100,
      reasons: [
        { criterion: 'deal', verdict: 'fit', text: 'For Lease — as required' },
        { criterion: 'propertyType', verdict: 'fit', text: 'Office' },
        { criterion: 'market', verdict: 'fit', text: "Antelope — in the requirement's markets" },
        { criterion: 'size', verdict: 'fit', text: '4,000 sf — within 2,500–10,000 sf' },
        { criterion: 'price', verdict: 'fit', text: '$1,900,000 — within the budget of $2,000,000' },
        { criterion: 'keywords', verdict: 'fit', text: 'Both mention “dock-high”, “doors”, “fenced”, “yard”, “heavy”' },
      ],
      state: 'open',
      matchedAt: expect.any(String),
      updatedAt: mine[bySale.listingId]!.matchedAt,
      notice: 'pending',
    });
    expect(mine[byLease.listingId]).toMatchObject({
      counterpartId: lister2.record.userId,
      score: 90,
      reasons: [
        { criterion: 'deal', verdict: 'fit', text: 'For Lease — as required' },
        { criterion: 'propertyType', verdict: 'fit', text: 'Office' },
        { criterion: 'market', verdict: 'fit', text: "Campus Commons — in the requirement's markets" },
        { criterion: 'size', verdict: 'fit', text: '1,000–5,000 sf — within 2,500–10,000 sf' },
        { criterion: 'price', verdict: 'fit', text: '$1.10 per sqft / Monthly — within the maximum of $1.20 per sqft / Monthly' },
        { criterion: 'keywords', verdict: 'miss', text: 'No highlights in common' },
      ],
    });

    // The listing owner's copy: the same match, from their side.
    const [theirs] = await sidesOfListing(lister.record.userId, bySale.listingId);
    expect(theirs).toEqual({ ...mine[bySale.listingId], ownerId: lister.record.userId, side: 'listing', counterpartId: seeker.record.userId });
    expect(await sidesOfListing(seeker.record.userId, own.listingId)).toEqual([]);
    expect(await sidesOfListing(lister.record.userId, retail.listingId)).toEqual([]);
    expect(await sidesOfListing(lister.record.userId, elsewhere.listingId)).toEqual([]);

    // Matching again finds the same pairs and writes nothing.
    expect(await matchRequirement(requirement)).toEqual({ read: 3, matches: 2, created: 0, removed: 0 });
  });

  it('marks a match worth a notice from a score of 80, not at 79', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const at80 = await storedListing(lister.record, { marketId: 'sac-carmichael-fair-oaks', sqft: 9333, minSqft: null, maxSqft: null });
    const at79 = await storedListing(lister.record, { marketId: 'sac-carmichael-fair-oaks', sqft: 9250, minSqft: null, maxSqft: null });
    await matchListing(at80);
    await matchListing(at79);
    const requirement = await storedRequirement(seeker.record, { marketIds: ['sac-carmichael-fair-oaks'], sqftMin: 10_000, sqftMax: 20_000 });
    await matchRequirement(requirement);
    const sides = byListing(await sidesOfRequirement(seeker.record.userId, requirement.requirementId));
    expect([sides[at80.listingId]?.score, sides[at80.listingId]?.notice]).toEqual([80, 'pending']);
    expect([sides[at79.listingId]?.score, sides[at79.listingId]?.notice]).toEqual([79, undefined]);
    const [listerCopy] = await sidesOfListing(lister.record.userId, at79.listingId);
    expect([listerCopy?.score, listerCopy?.notice]).toEqual([79, undefined]);
  });
});

describe('matching a listing', () => {
  it('scores the requirements active at `now` (90 days from their broadcast or renewal), not its owner’s, listing side first', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const now = new Date('2030-06-01T12:00:00.000Z');
    const daysBefore = (days: number, ms = 0) => new Date(now.getTime() - days * DAY_MS - ms).toISOString();
    const market = { marketIds: ['sac-citrus-heights-orangevale'] };
    const justActive = await storedRequirement(seeker.record, { ...market, sentAt: daysBefore(90) });
    const justOver = await storedRequirement(seeker.record, { ...market, sentAt: daysBefore(90, 1) });
    const renewed = await storedRequirement(seeker.record, { ...market, sentAt: daysBefore(120), renewedAt: daysBefore(10) });
    const listersOwn = await storedRequirement(lister.record, { ...market, sentAt: daysBefore(1) });
    const tooBig = await storedRequirement(seeker.record, { ...market, sentAt: daysBefore(1), sqftMin: 20_000, sqftMax: 30_000 });
    for (const requirement of [justActive, justOver, renewed, listersOwn, tooBig]) expect((await matchRequirement(requirement)).matches).toBe(0);

    const listing = await storedListing(lister.record, { marketId: 'sac-citrus-heights-orangevale' });
    expect(await matchListing(listing, now)).toEqual({ read: 4, matches: 2, created: 2, removed: 0 });
    const sides = await sidesOfListing(lister.record.userId, listing.listingId);
    expect(sides.map((side) => side.requirementId).sort()).toEqual([justActive.requirementId, renewed.requirementId].sort());
    expect(sides.every((side) => side.side === 'listing' && side.counterpartId === seeker.record.userId && side.ownerId === lister.record.userId)).toBe(true);
    expect((await sidesOfRequirement(seeker.record.userId, renewed.requirementId)).map((side) => [side.listingId, side.side, side.counterpartId])).toEqual([
      [listing.listingId, 'requirement', lister.record.userId],
    ]);
    expect(await sidesOfRequirement(seeker.record.userId, justOver.requirementId)).toEqual([]);
  });

  it('does not match a listing without a deal, a property type or a market', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const requirement = await storedRequirement(seeker.record, { marketIds: ['sac-downtown-sacramento'] });
    await matchRequirement(requirement);
    const none = { read: 0, matches: 0, created: 0, removed: 0 };
    for (const gap of [{ listingTypeId: null }, { propertyTypeId: null }, { marketId: null }] as const) {
      const listing = await storedListing(lister.record, { marketId: 'sac-downtown-sacramento', ...gap });
      expect(await matchListing(listing)).toEqual(none);
    }
    expect(await sidesOfRequirement(seeker.record.userId, requirement.requirementId)).toEqual([]);
    // A complete one in the same place does meet it.
    const complete = await storedListing(lister.record, { marketId: 'sac-downtown-sacramento' });
    expect(await matchListing(complete)).toEqual({ read: 1, matches: 1, created: 1, removed: 0 });
  });
});

describe('a rematch', () => {
  it('keeps a pair unchanged untouched, refreshes a changed one on both sides keeping each broker’s state, and removes one that no longer fits', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const market = 'sac-east-sacramento';
    const stays = await storedListing(lister.record, { marketId: market });
    const shrinks = await storedListing(lister.record, { marketId: market, sqft: 3500, minSqft: null, maxSqft: null });
    const leaves = await storedListing(lister.record, { marketId: market, minSqft: 1000, maxSqft: 3000 });
    for (const listing of [stays, shrinks, leaves]) await matchListing(listing);
    const before = await storedRequirement(seeker.record, { marketIds: [market] });
    expect(await matchRequirement(before)).toEqual({ read: 3, matches: 3, created: 3, removed: 0 });
    await updateMatch(seeker.principal, before.requirementId, stays.listingId, 'requirement', 'dismissed');
    await updateMatch(lister.principal, before.requirementId, stays.listingId, 'listing', 'sentToClient');
    const stored = byListing(await sidesOfRequirement(seeker.record.userId, before.requirementId));

    // Nothing changed: nothing written.
    expect(await rematchRequirement(before, before)).toEqual({ read: 3, matches: 3, created: 0, removed: 0 });
    const untouched = byListing(await sidesOfRequirement(seeker.record.userId, before.requirementId));
    for (const listing of [stays, shrinks, leaves]) expect(untouched[listing.listingId]?.updatedAt).toBe(stored[listing.listingId]?.updatedAt);

    // Only a new title: written on every pair, both sides.
    const renamed = { ...before, title: `${before.title} (renamed)` };
    expect(await rematchRequirement(before, renamed)).toEqual({ read: 3, matches: 3, created: 0, removed: 0 });
    expect((await sidesOfRequirement(seeker.record.userId, before.requirementId)).map((side) => side.requirementTitle)).toEqual([renamed.title, renamed.title, renamed.title]);
    expect((await sidesOfListing(lister.record.userId, leaves.listingId))[0]?.requirementTitle).toBe(renamed.title);

    // A new title and a bigger size: the shrinking listing fits less, the small one not at all.
    const after = { ...before, title: `${before.title} (bigger)`, sqftMin: 4000 };
    expect(await rematchRequirement(renamed, after)).toEqual({ read: 3, matches: 2, created: 0, removed: 1 });
    const now = byListing(await sidesOfRequirement(seeker.record.userId, before.requirementId));
    expect(Object.keys(now).sort()).toEqual([stays.listingId, shrinks.listingId].sort());
    expect(now[stays.listingId]).toMatchObject({ requirementTitle: after.title, score: 90, state: 'dismissed', matchedAt: stored[stays.listingId]!.matchedAt });
    expect(now[stays.listingId]!.updatedAt).not.toBe(stored[stays.listingId]!.updatedAt);
    expect(now[shrinks.listingId]).toMatchObject({ score: 71, reasons: expect.arrayContaining([{ criterion: 'size', verdict: 'partial', text: '3,500 sf — 13% under 4,000–10,000 sf' }]) });
    const [listerStays] = await sidesOfListing(lister.record.userId, stays.listingId);
    expect(listerStays).toMatchObject({ requirementTitle: after.title, state: 'sentToClient' });
    expect((await sidesOfListing(lister.record.userId, shrinks.listingId))[0]?.score).toBe(71);
    expect(await sidesOfListing(lister.record.userId, leaves.listingId)).toEqual([]);
  });

  it('of a listing refreshes its title, and reasons whose score did not change', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'sac-elk-grove-galt' });
    await matchListing(listing);
    const requirement = await storedRequirement(seeker.record, { marketIds: ['sac-elk-grove-galt'] });
    const small = await storedRequirement(seeker.record, { marketIds: ['sac-elk-grove-galt'], sqftMin: 500, sqftMax: 900 });
    await matchRequirement(requirement);
    await matchRequirement(small);

    const renamed = { ...listing, title: `${listing.title} (renamed)` };
    expect(await matchListing(renamed)).toEqual({ read: 2, matches: 2, created: 0, removed: 0 });
    expect((await sidesOfRequirement(seeker.record.userId, requirement.requirementId))[0]?.listingTitle).toBe(renamed.title);
    expect((await sidesOfListing(lister.record.userId, listing.listingId))[0]?.listingTitle).toBe(renamed.title);

    // A bigger minimum: the same score for the one, too big for the small one.
    const resized = { ...renamed, minSqft: 1200 };
    expect(await matchListing(resized)).toEqual({ read: 2, matches: 1, created: 0, removed: 1 });
    expect((await sidesOfListing(lister.record.userId, listing.listingId)).map((s) => s.requirementId)).toEqual([requirement.requirementId]);
    expect(await sidesOfRequirement(seeker.record.userId, small.requirementId)).toEqual([]);
    const [side] = await sidesOfRequirement(seeker.record.userId, requirement.requirementId);
    expect(side?.score).toBe(90);
    expect(side?.reasons.find((reason) => reason.criterion === 'size')?.text).toBe('1,200–5,000 sf — within 2,500–10,000 sf');
  });

  it('of a renewed or moved requirement leaves no candidate copy where it was', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const now = new Date();
    const before = await storedRequirement(seeker.record, { marketIds: ['sac-folsom'], sentAt: new Date(now.getTime() - 30 * DAY_MS).toISOString() });
    await matchRequirement(before);
    const renewed = { ...before, renewedAt: now.toISOString() };
    await rematchRequirement(before, renewed);
    expect((await matchListing(await storedListing(lister.record, { marketId: 'sac-folsom' }), now)).read).toBe(1);

    const moved = { ...renewed, marketIds: ['sac-highway-50-corridor'] };
    await rematchRequirement(renewed, moved);
    expect((await matchListing(await storedListing(lister.record, { marketId: 'sac-folsom' }), now)).read).toBe(0);
    expect((await matchListing(await storedListing(lister.record, { marketId: 'sac-highway-50-corridor' }), now)).read).toBe(1);
    expect((await sidesOfRequirement(seeker.record.userId, before.requirementId)).length).toBe(1);
  });
});

describe('unmatching', () => {
  it('a requirement leaving removes its matches from both brokers and its candidate copies', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'sac-highway-80-corridor' });
    await matchListing(listing);
    const requirement = await storedRequirement(seeker.record, {
      marketIds: ['sac-highway-80-corridor', 'sac-howe-fulton-watt'],
      sentAt: new Date(Date.now() - 5 * DAY_MS).toISOString(),
      renewedAt: new Date().toISOString(),
    });
    await matchRequirement(requirement);
    expect(await sidesOfListing(lister.record.userId, listing.listingId)).toHaveLength(1);

    await unmatchRequirement(requirement);
    expect(await sidesOfRequirement(seeker.record.userId, requirement.requirementId)).toEqual([]);
    expect(await sidesOfListing(lister.record.userId, listing.listingId)).toEqual([]);
    for (const marketId of ['sac-highway-80-corridor', 'sac-howe-fulton-watt']) {
      expect((await matchListing(await storedListing(lister.record, { marketId }))).read).toBe(0);
    }
  });

  it('a listing leaving removes its matches from both brokers and its candidate copy', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'sac-mcclellan-north-highlands' });
    const other = await storedListing(lister.record, { marketId: 'sac-mcclellan-north-highlands' });
    await matchListing(listing);
    await matchListing(other);
    const requirement = await storedRequirement(seeker.record, { marketIds: ['sac-mcclellan-north-highlands'] });
    expect((await matchRequirement(requirement)).matches).toBe(2);

    await unmatchListing(listing);
    expect(await sidesOfListing(lister.record.userId, listing.listingId)).toEqual([]);
    expect((await sidesOfRequirement(seeker.record.userId, requirement.requirementId)).map((side) => side.listingId)).toEqual([other.listingId]);
    expect(await matchRequirement(requirement)).toEqual({ read: 1, matches: 1, created: 0, removed: 0 });
  });

  it('a pair removed while a rematch refreshes it stays removed, with no half-written copy left', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'sac-arden-arcade' });
    await matchListing(listing);
    const requirement = await storedRequirement(seeker.record, { marketIds: ['sac-arden-arcade'] });
    await matchRequirement(requirement);
    const [side] = await sidesOfRequirement(seeker.record.userId, requirement.requirementId);
    // The listing closes between the rematch's read of the pair and its refresh of it.
    const undo = beforeDbRequest(
      (request) => /^SET score = :score/.test(request.UpdateExpression ?? ''),
      () => matchesRepository.deleteSides([side!, { ...side!, ownerId: lister.record.userId, side: 'listing' }]),
    );
    try {
      await matchRequirement({ ...requirement, title: `${requirement.title} (renamed)` });
    } finally {
      undo();
    }
    const { Items = [] } = await documentClient().send(
      new QueryCommand({ TableName: env().TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `MATCHES#${seeker.record.userId}` } }),
    );
    expect(Items).toEqual([]);
  });
});

describe('seeing matches', () => {
  it('shows a requirement’s matches best first with each counterpart’s card, to its owner and operators; anyone else is told it does not exist', async () => {
    const [seeker, lister, stranger] = await Promise.all([broker('seeker'), broker('lister'), broker('stranger')]);
    const gone = await broker('gone', { status: 'deleted' });
    const market = 'sac-northgate-north-natomas';
    // Ids sorting against the scores: the stored order is not the order shown.
    const weaker = await storedListing(gone.record, { listingId: `b-${randomUUID()}`, marketId: market, sqft: 3600, minSqft: null, maxSqft: null });
    const best = await storedListing(lister.record, { listingId: `c-${randomUUID()}`, marketId: market, highlights: ['Corner suite', 'Parking garage', 'Fiber internet'] });
    const orphan = await storedListing({ userId: randomUUID() }, { listingId: `a-${randomUUID()}`, marketId: market, sqft: 3500, minSqft: null, maxSqft: null });
    for (const listing of [weaker, best, orphan]) await matchListing(listing);
    const requirement = await storedRequirement(seeker.record, {
      marketIds: [market],
      sqftMin: 4000,
      highlights: ['Corner suite', 'Parking garage', 'Fiber internet'],
    });
    await matchRequirement(requirement);

    const seen = await listRequirementMatches(seeker.principal, requirement.requirementId, true);
    expect(seen.map((match) => [match.listingId, match.score])).toEqual([
      [best.listingId, 100],
      [weaker.listingId, 75],
      [orphan.listingId, 71],
    ]);
    const stored = byListing(await sidesOfRequirement(seeker.record.userId, requirement.requirementId));
    const top = stored[best.listingId]!;
    expect(seen[0]).toEqual({
      side: 'requirement',
      requirementId: requirement.requirementId,
      listingId: best.listingId,
      requirementTitle: requirement.title,
      listingTitle: best.title,
      score: 100,
      reasons: top.reasons,
      state: 'open',
      matchedAt: top.matchedAt,
      counterpart: expect.objectContaining({ _id: lister.record.userId, email: lister.record.email, phone: '916-555-0100', firstName: 'lister' }),
    });
    expect(seen[1]!.counterpart).toBeNull();
    expect(seen[2]!.counterpart).toBeNull();
    expect(await listRequirementMatches(operator(), requirement.requirementId, true)).toEqual(seen);
    for (const caller of [stranger.principal, lister.principal]) {
      expect(await refusal(listRequirementMatches(caller, requirement.requirementId, true))).toEqual({ status: 404, message: 'Requirement not found' });
    }
    expect(await refusal(listRequirementMatches(seeker.principal, randomUUID(), true))).toEqual({ status: 404, message: 'Requirement not found' });
  });

  it('shows a listing’s matches best first to its owner and operators; anyone else is told it does not exist', async () => {
    const [seeker, seeker2, lister, stranger] = await Promise.all([broker('seeker'), broker('seeker2'), broker('lister'), broker('stranger')]);
    const market = 'sac-point-west';
    const weaker = await storedRequirement(seeker.record, { requirementId: `a-${randomUUID()}`, marketIds: [market], sqftMin: 5400 });
    const best = await storedRequirement(seeker2.record, { requirementId: `b-${randomUUID()}`, marketIds: [market] });
    await matchRequirement(weaker);
    await matchRequirement(best);
    const listing = await storedListing(lister.record, { marketId: market });
    await matchListing(listing);

    const seen = await listListingMatches(lister.principal, listing.listingId, true);
    expect(seen.map((match) => [match.side, match.requirementId, match.score, match.counterpart?._id])).toEqual([
      ['listing', best.requirementId, 90, seeker2.record.userId],
      ['listing', weaker.requirementId, 79, seeker.record.userId],
    ]);
    expect(await listListingMatches(operator(), listing.listingId, true)).toEqual(seen);
    for (const caller of [stranger.principal, seeker.principal]) {
      expect(await refusal(listListingMatches(caller, listing.listingId, true))).toEqual({ status: 404, message: 'Listing not found' });
    }
    expect(await refusal(listListingMatches(lister.principal, randomUUID(), true))).toEqual({ status: 404, message: 'Listing not found' });
  });

  it('pages a broker’s matches of both sides and counts those not dismissed', async () => {
    const [broker1, broker2] = await Promise.all([broker('both'), broker('other')]);
    const market = 'sac-power-inn';
    const hisListing = await storedListing(broker1.record, { marketId: market });
    const theirListing = await storedListing(broker2.record, { marketId: market });
    const theirListing2 = await storedListing(broker2.record, { marketId: market });
    for (const listing of [hisListing, theirListing, theirListing2]) await matchListing(listing);
    const hisRequirement = await storedRequirement(broker1.record, { marketIds: [market] });
    const theirRequirement = await storedRequirement(broker2.record, { marketIds: [market] });
    await matchRequirement(hisRequirement);
    await matchRequirement(theirRequirement);
    expect(await countMatches(broker1.principal)).toEqual({ requirements: 2, listings: 1 });

    const first = await listMatches(broker1.principal, { limit: 2 }, true);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await listMatches(broker1.principal, { limit: 2, cursor: first.nextCursor! }, true);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all.map((match) => `${match.side} ${match.requirementId} ${match.listingId}`).sort()).toEqual(
      [
        `listing ${theirRequirement.requirementId} ${hisListing.listingId}`,
        `requirement ${hisRequirement.requirementId} ${theirListing.listingId}`,
        `requirement ${hisRequirement.requirementId} ${theirListing2.listingId}`,
      ].sort(),
    );
    expect(all.every((match) => match.counterpart?._id === broker2.record.userId && match.state === 'open')).toBe(true);

    await updateMatch(broker1.principal, hisRequirement.requirementId, theirListing.listingId, 'requirement', 'dismissed');
    expect(await countMatches(broker1.principal)).toEqual({ requirements: 1, listings: 1 });
    expect(await countMatches(broker2.principal)).toEqual({ requirements: 1, listings: 2 });
  });

  it('reads a page in one Query of the fields it shows and the counterparts’ cards in one BatchGet, whatever their number', async () => {
    const seeker = await broker('page-seeker');
    const listers = await Promise.all(Array.from({ length: 6 }, (_, i) => broker(`page-lister-${i}`)));
    const market = 'sac-south-natomas';
    const listings = await Promise.all(listers.map((lister) => storedListing(lister.record, { marketId: market })));
    for (const listing of listings) await matchListing(listing);
    await matchRequirement(await storedRequirement(seeker.record, { marketIds: [market] }));

    let page: Awaited<ReturnType<typeof listMatches>> | undefined;
    const requests = await dbRequestsDuring(async () => (page = await listMatches(seeker.principal, { limit: 10 }, true)));
    expect(requests.map((r) => r.command)).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    const shown = Object.values(requests[0]!.input.ExpressionAttributeNames as Record<string, string>).sort();
    expect(shown).toEqual(['counterpartId', 'listingId', 'listingTitle', 'matchedAt', 'reasons', 'requirementId', 'requirementTitle', 'score', 'side', 'state']);
    expect(page!.items.map((match) => match.counterpart?._id).sort()).toEqual(listers.map((lister) => lister.record.userId).sort());
    expect(page!.items.map((match) => match.listingTitle).sort()).toEqual(listings.map((listing) => listing.title).sort());

    // Cards read moments ago are not read again.
    expect((await dbRequestsDuring(() => listMatches(seeker.principal, { limit: 10 }, true))).map((r) => r.command)).toEqual(['QueryCommand']);
  });
});

describe('deciding on a match', () => {
  it('changes the caller’s own copy only, and answers it with the counterpart', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'sac-rancho-cordova' });
    await matchListing(listing);
    const requirement = await storedRequirement(seeker.record, { marketIds: ['sac-rancho-cordova'] });
    await matchRequirement(requirement);

    const decided = await updateMatch(lister.principal, requirement.requirementId, listing.listingId, 'listing', 'sentToClient');
    expect(decided).toMatchObject({ side: 'listing', requirementId: requirement.requirementId, listingId: listing.listingId, state: 'sentToClient', score: 90 });
    expect(decided.counterpart).toMatchObject({ _id: seeker.record.userId, email: seeker.record.email });
    expect((await sidesOfListing(lister.record.userId, listing.listingId))[0]?.state).toBe('sentToClient');
    expect((await sidesOfRequirement(seeker.record.userId, requirement.requirementId))[0]?.state).toBe('open');

    const dismissed = await updateMatch(seeker.principal, requirement.requirementId, listing.listingId, 'requirement', 'dismissed');
    expect([dismissed.side, dismissed.state, dismissed.counterpart?._id]).toEqual(['requirement', 'dismissed', lister.record.userId]);
    expect((await sidesOfRequirement(seeker.record.userId, requirement.requirementId))[0]?.state).toBe('dismissed');
    expect((await sidesOfListing(lister.record.userId, listing.listingId))[0]?.state).toBe('sentToClient');
  });

  it('refuses someone else’s visible item with 403 and a private, missing or unmatched one with 404, changing nothing', async () => {
    const [seeker, lister, stranger] = await Promise.all([broker('seeker'), broker('lister'), broker('stranger')]);
    const listing = await storedListing(lister.record, { marketId: 'sac-richards-blvd' });
    await matchListing(listing);
    const requirement = await storedRequirement(seeker.record, { marketIds: ['sac-richards-blvd'] });
    await matchRequirement(requirement);
    const pending = await storedRequirement(seeker.record, { status: 'pending', marketIds: ['sac-richards-blvd'] });
    const draft = await storedListing(lister.record, { status: 'draft', marketId: 'sac-richards-blvd', publishedOn: null, expiresAt: null });
    const expired = await storedListing(lister.record, { status: 'expired', marketId: 'sac-richards-blvd' });
    const forbidden = { status: 403, message: 'You can only change matches of your own requirements and listings.' };
    const notFound = { status: 404, message: 'Match not found' };
    const { requirementId } = requirement;
    const { listingId } = listing;

    expect(await refusal(updateMatch(stranger.principal, requirementId, listingId, 'requirement', 'dismissed'))).toEqual(forbidden);
    expect(await refusal(updateMatch(lister.principal, requirementId, listingId, 'requirement', 'dismissed'))).toEqual(forbidden);
    expect(await refusal(updateMatch(stranger.principal, requirementId, listingId, 'listing', 'dismissed'))).toEqual(forbidden);
    expect(await refusal(updateMatch(seeker.principal, requirementId, listingId, 'listing', 'dismissed'))).toEqual(forbidden);
    expect(await refusal(updateMatch(stranger.principal, pending.requirementId, listingId, 'requirement', 'dismissed'))).toEqual(notFound);
    expect(await refusal(updateMatch(stranger.principal, requirementId, draft.listingId, 'listing', 'dismissed'))).toEqual(notFound);
    expect(await refusal(updateMatch(stranger.principal, requirementId, expired.listingId, 'listing', 'dismissed'))).toEqual(notFound);
    expect(await refusal(updateMatch(seeker.principal, randomUUID(), listingId, 'requirement', 'dismissed'))).toEqual(notFound);
    expect(await refusal(updateMatch(lister.principal, requirementId, randomUUID(), 'listing', 'dismissed'))).toEqual(notFound);
    expect(await refusal(updateMatch(seeker.principal, pending.requirementId, listingId, 'requirement', 'dismissed'))).toEqual(notFound);
    expect(await refusal(updateMatch(lister.principal, requirementId, draft.listingId, 'listing', 'dismissed'))).toEqual(notFound);
    expect((await sidesOfRequirement(seeker.record.userId, requirementId))[0]?.state).toBe('open');
    expect((await sidesOfListing(lister.record.userId, listingId))[0]?.state).toBe('open');

    // The item gone (its matches not yet): nobody decides on them any more.
    await requirementsRepository.delete(requirementId);
    await listingsRepository.delete(listingId);
    expect(await refusal(updateMatch(seeker.principal, requirementId, listingId, 'requirement', 'dismissed'))).toEqual(notFound);
    expect(await refusal(updateMatch(lister.principal, requirementId, listingId, 'listing', 'dismissed'))).toEqual(notFound);
    expect((await sidesOfRequirement(seeker.record.userId, requirementId))[0]?.state).toBe('open');
  });
});
