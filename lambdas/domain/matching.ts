import { isDeepStrictEqual } from 'node:util';
import type { Match, MatchCount, MatchesPage, MatchState } from '../../shared/api';
import { activeRequirementsSince, expandMarkets, keywordsOf, matchingRules, matchOf } from '../../shared/rules';
import { forbidden, notFound } from '../core/errors';
import { logger } from '../core/logger';
import { countMetric } from '../core/metrics';
import type { Principal } from '../core/principal';
import { listingsRepository, type ListingRecord } from '../data/listings';
import {
  matchesRepository,
  type ListingCandidate,
  type MatchOnPage,
  type MatchSide,
  type MatchSideName,
  type RequirementCandidate,
} from '../data/matches';
import { activeFromOf, requirementsRepository, type RequirementRecord } from '../data/requirements';
import { searchAlertsRepository } from '../data/search-alerts';
import { nowIso } from '../data/table';
import { usersRepository } from '../data/users';
import { contactCardFor, type ContactViewer } from './contacts';


/** What one match run did: the candidates it read and the matches it holds now. */
export interface MatchRun {
  read: number;
  matches: number;
  created: number;
  removed: number;
}

type SentRequirement = RequirementRecord & { sentAt: string };
type PublishedListing = ListingRecord & { listingTypeId: NonNullable<ListingRecord['listingTypeId']>; propertyTypeId: NonNullable<ListingRecord['propertyTypeId']>; marketId: string };

export function requirementCandidateOf(record: SentRequirement): RequirementCandidate {
  return {
    requirementId: record.requirementId,
    userId: record.userId,
    title: record.title,
    // The candidate's sort key: when it became active (its broadcast or last renewal), which the 90 days count from.
    sentAt: activeFromOf(record),
    requirementTypeId: record.requirementTypeId,
    propertyTypeId: record.propertyTypeId,
    marketIds: record.marketIds,
    sqftMin: record.sqftMin,
    sqftMax: record.sqftMax,
    maxPrice: record.maxPrice ?? null,
    maxLeaseRate: record.maxLeaseRate ?? null,
    maxLeaseFrequencyId: record.maxLeaseFrequencyId ?? null,
    keywords: keywordsOf(record.highlights, record.description),
  };
}

function isMatchable(record: ListingRecord): record is PublishedListing {
  return !!(record.listingTypeId && record.propertyTypeId && record.marketId);
}

export function listingCandidateOf(record: PublishedListing): ListingCandidate & { marketId: string; propertyTypeId: string } {
  return {
    listingId: record.listingId,
    userId: record.userId,
    title: record.title,
    listingTypeId: record.listingTypeId,
    propertyTypeId: record.propertyTypeId,
    marketId: record.marketId,
    sqft: record.sqft,
    minSqft: record.minSqft,
    maxSqft: record.maxSqft,
    price: record.price,
    leasePrice: record.leasePrice,
    leaseFrequencyId: record.leaseFrequencyId,
    keywords: keywordsOf(record.highlights, record.description),
  };
}

/** The two copies of a match, the requirement owner's and the listing owner's. */
function sidesOf(requirement: RequirementCandidate, listing: ListingCandidate, result: { score: number; reasons: MatchSide['reasons'] }, now: string): MatchSide[] {
  const notice = result.score >= matchingRules.noticeScore ? { notice: 'pending' as const } : {};
  const common = {
    requirementId: requirement.requirementId,
    listingId: listing.listingId,
    requirementTitle: requirement.title,
    listingTitle: listing.title,
    score: result.score,
    reasons: result.reasons,
    state: 'open' as const,
    matchedAt: now,
    updatedAt: now,
    ...notice,
  };
  return [
    { ...common, ownerId: requirement.userId, side: 'requirement', counterpartId: listing.userId },
    { ...common, ownerId: listing.userId, side: 'listing', counterpartId: requirement.userId },
  ];
}

const UPSERT_CONCURRENCY = 16;

/** The mirror of a side: the other broker's copy of the same match. */
const mirrorOf = (side: MatchSide) => ({
  ownerId: side.counterpartId,
  side: (side.side === 'requirement' ? 'listing' : 'requirement') as MatchSideName,
  requirementId: side.requirementId,
  listingId: side.listingId,
});

/**
 * Makes the stored matches of one item what `found` says: new or changed pairs written on both sides
 * (a pair that exists keeps its state and notice), pairs no longer found removed from both.
 */
async function reconcile(existing: MatchSide[], found: MatchSide[][], key: (s: MatchSide) => string): Promise<Pick<MatchRun, 'created' | 'removed'>> {
  const keep = new Set(found.map(([own]) => key(own!)));
  const stale = existing.filter((side) => !keep.has(key(side)));
  if (stale.length) await matchesRepository.deleteSides(stale.flatMap((side) => [side, mirrorOf(side)]));
  // A pair stored with the same score, reasons and titles needs no write (a rematch, a renewal).
  const stored = new Map(existing.map((side) => [key(side), side]));
  const same = (a: MatchSide, b: MatchSide | undefined) =>
    !!b && a.score === b.score && a.requirementTitle === b.requirementTitle && a.listingTitle === b.listingTitle && isDeepStrictEqual(a.reasons, b.reasons);
  found = found.filter(([own]) => !same(own!, stored.get(key(own!))));
  let created = 0;
  // Pairs are independent items: written UPSERT_CONCURRENCY at a time.
  for (let i = 0; i < found.length; i += UPSERT_CONCURRENCY) {
    const written = await Promise.all(found.slice(i, i + UPSERT_CONCURRENCY).map((pair) => Promise.all(pair.map((side) => matchesRepository.upsertSide(side)))));
    created += written.filter(([own]) => own).length;
  }
  if (created) countMetric('MatchesFound', created);
  return { created, removed: stale.length };
}

/**
 * A requirement just sent (or edited): queued for the saved searches' alerts, its candidate copies, then
 * every published listing of its property type in its markets scored against it. Reads only those
 * candidate partitions. Idempotent.
 */
export async function matchRequirement(record: SentRequirement): Promise<MatchRun> {
  // The alert job looks for the instant saved searches it fits (lambdas/domain/saved-search-alerts.ts).
  await searchAlertsRepository.queue({ kind: 'requirements', itemId: record.requirementId, publicAt: record.sentAt });
  const candidate = requirementCandidateOf(record);
  const marketIds = [...expandMarkets(record.marketIds)];
  await matchesRepository.putRequirementCandidate(candidate, marketIds);
  const now = nowIso();
  const found: MatchSide[][] = [];
  let read = 0;
  for (const marketId of marketIds) {
    for await (const page of matchesRepository.listingCandidates(record.propertyTypeId, marketId)) {
      read += page.length;
      for (const listing of page) {
        if (listing.userId === record.userId) continue;
        const result = matchOf(candidate, listing);
        if (result) found.push(sidesOf(candidate, listing, result, now));
      }
    }
  }
  const existing = await matchesRepository.ofRequirement(record.userId, record.requirementId);
  const changes = await reconcile(existing, found, (side) => side.listingId);
  return { read, matches: found.length, ...changes };
}

/**
 * A listing just published (or edited): queued for the saved searches' alerts, its candidate copy, then
 * every active requirement of its property type and market scored against it. Reads one candidate
 * partition. Idempotent.
 */
export async function matchListing(record: ListingRecord, now = new Date()): Promise<MatchRun> {
  // Public now (matchable or not: a search without a market filter takes a listing without a market).
  if (record.status === 'published' && record.publishedOn) await searchAlertsRepository.queue({ kind: 'listings', itemId: record.listingId, publicAt: record.publishedOn });
  if (!isMatchable(record)) return { read: 0, matches: 0, created: 0, removed: 0 };
  const candidate = listingCandidateOf(record);
  await matchesRepository.putListingCandidate(candidate);
  const stamp = nowIso();
  const found: MatchSide[][] = [];
  let read = 0;
  for await (const page of matchesRepository.requirementCandidates(record.propertyTypeId, record.marketId, activeRequirementsSince(now))) {
    read += page.length;
    for (const requirement of page) {
      if (requirement.userId === record.userId) continue;
      const result = matchOf(requirement, candidate);
      // Listing-first order inside the pair: the listing owner's side is this item's own.
      if (result) found.push(sidesOf(requirement, candidate, result, stamp).reverse());
    }
  }
  const existing = await matchesRepository.ofListing(record.userId, record.listingId);
  const changes = await reconcile(existing, found, (side) => side.requirementId);
  return { read, matches: found.length, ...changes };
}

async function dropRequirementCandidates(record: RequirementRecord): Promise<void> {
  if (record.sentAt) {
    await matchesRepository.deleteRequirementCandidate({ ...record, sentAt: activeFromOf({ ...record, sentAt: record.sentAt }) }, [...expandMarkets(record.marketIds)]);
  }
}

/**
 * A sent requirement edited or renewed: its old candidate copies go, then it is matched as it
 * is now. Pairs that still fit keep their state and notice; pairs that no longer fit are removed.
 */
export async function rematchRequirement(before: RequirementRecord, after: SentRequirement): Promise<MatchRun> {
  await dropRequirementCandidates(before);
  return matchRequirement(after);
}

/** A requirement leaving (removed, withdrawn, expired): its candidate copies and every match, both sides. */
export async function unmatchRequirement(record: RequirementRecord): Promise<void> {
  await dropRequirementCandidates(record);
  const sides = await matchesRepository.ofRequirement(record.userId, record.requirementId);
  if (sides.length) await matchesRepository.deleteSides(sides.flatMap((side) => [side, mirrorOf(side)]));
}

/** A listing leaving (removed, expired): its candidate copy and every match, both sides. */
export async function unmatchListing(record: ListingRecord): Promise<void> {
  if (record.propertyTypeId && record.marketId) await matchesRepository.deleteListingCandidate({ ...record, propertyTypeId: record.propertyTypeId, marketId: record.marketId });
  const sides = await matchesRepository.ofListing(record.userId, record.listingId);
  if (sides.length) await matchesRepository.deleteSides(sides.flatMap((side) => [side, mirrorOf(side)]));
}

/**
 * `npm run job -- rematch`: every active requirement's candidate copies, then every published listing
 * matched against them, which finds every pair. Idempotent: a pair that exists keeps its state and notice.
 */
export async function rematchAll(now = new Date()): Promise<{ requirements: number; listings: number; matches: number }> {
  let requirements = 0;
  for await (const ids of requirementsRepository.idsActiveBetween(activeRequirementsSince(now))) {
    for (const id of ids) {
      const record = await requirementsRepository.get(id);
      if (record?.status !== 'sent' || !record.sentAt) continue;
      await matchesRepository.putRequirementCandidate(requirementCandidateOf({ ...record, sentAt: record.sentAt }), [...expandMarkets(record.marketIds)]);
      requirements++;
    }
  }
  let listings = 0;
  let matches = 0;
  for await (const page of listingsRepository.published()) {
    for (const record of page) {
      matches += (await matchListing(record, now)).matches;
      listings++;
    }
  }
  logger.info('rematch done', { requirements, listings, matches });
  return { requirements, listings, matches };
}

/** The matches as their broker sees them, each counterpart's card as the caller sees it (`viewer`: 'member' or 'unapproved'; one BatchGet of those not read lately). */
async function toMatches(sides: readonly MatchOnPage[], viewer: ContactViewer): Promise<Match[]> {
  const records = await usersRepository.getManyForContactCards(sides.map((side) => side.counterpartId));
  // One card per counterpart, however many of the page's matches they share.
  const cards = new Map([...records].map(([id, record]) => [id, record.status === 'deleted' ? null : contactCardFor(record, viewer, 'item')]));
  return sides.map((side) => ({
    side: side.side,
    requirementId: side.requirementId,
    listingId: side.listingId,
    requirementTitle: side.requirementTitle,
    listingTitle: side.listingTitle,
    score: side.score,
    reasons: side.reasons,
    state: side.state,
    matchedAt: side.matchedAt,
    counterpart: cards.get(side.counterpartId) ?? null,
  }));
}

const byScore = (a: MatchSide, b: MatchSide) => b.score - a.score;

/**
 * The caller's matches, a page at a time, in their partition's order: grouped by requirement, then by
 * listing (the sort key); the page ranks each group (one Query, nothing regrouped here).
 */
export async function listMatches(principal: Principal, query: { limit: number; cursor?: string }, callerApproved: boolean): Promise<MatchesPage> {
  const page = await matchesRepository.pageOfOwner(principal.sub, query.limit, query.cursor);
  return { items: await toMatches(page.items, callerApproved ? 'member' : 'unapproved'), nextCursor: page.nextCursor };
}

export async function countMatches(principal: Principal): Promise<MatchCount> {
  return matchesRepository.countOpen(principal.sub);
}

const requirementNotFound = 'Requirement not found';
const listingNotFound = 'Listing not found';

/** The matches of one requirement: its owner's (or, for an operator, anyone's); anyone else is told it does not exist. */
export async function listRequirementMatches(principal: Principal, requirementId: string, callerApproved: boolean): Promise<Match[]> {
  const record = await requirementsRepository.get(requirementId);
  if (!record || (record.userId !== principal.sub && !principal.isOperator)) throw notFound(requirementNotFound);
  return toMatches((await matchesRepository.ofRequirement(record.userId, requirementId)).sort(byScore), callerApproved ? 'member' : 'unapproved');
}

export async function listListingMatches(principal: Principal, listingId: string, callerApproved: boolean): Promise<Match[]> {
  const record = await listingsRepository.get(listingId);
  if (!record || (record.userId !== principal.sub && !principal.isOperator)) throw notFound(listingNotFound);
  return toMatches((await matchesRepository.ofListing(record.userId, listingId)).sort(byScore), callerApproved ? 'member' : 'unapproved');
}

export const notYourMatch = 'You can only change matches of your own requirements and listings.';

/**
 * The broker's decision on one of their matches. Someone else's requirement or listing answers 403 once
 * everyone may see it (sent, published) and 404 before, as its other routes do; a pair that is not (or no
 * longer) a match of the caller's answers 404.
 */
export async function updateMatch(principal: Principal, requirementId: string, listingId: string, side: MatchSideName, state: MatchState): Promise<Match> {
  const item =
    side === 'requirement'
      ? await requirementsRepository.get(requirementId).then((r) => r && { userId: r.userId, visible: r.status === 'sent' })
      : await listingsRepository.get(listingId).then((l) => l && { userId: l.userId, visible: l.status === 'published' });
  if (item && item.userId !== principal.sub && item.visible) throw forbidden(notYourMatch);
  const updated = item?.userId === principal.sub ? await matchesRepository.setState(principal.sub, side, requirementId, listingId, state, nowIso()) : null;
  if (!updated) throw notFound('Match not found');
  // Only approved accounts change matches (the route's auth level).
  const [match] = await toMatches([updated], 'member');
  return match!;
}
