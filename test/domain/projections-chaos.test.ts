import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { documentClient } from '../../lambdas/core/aws';
import { env } from '../../lambdas/core/env';
import type { Principal } from '../../lambdas/core/principal';
import { fromItem as listingOf, indexItemsOf as listingIndexItemsOf } from '../../lambdas/data/listings';
import { fromItem as requirementOf, indexItemsOf as requirementIndexItemsOf } from '../../lambdas/data/requirements';
import { changeListingPrice, closeListing, renewListing } from '../../lambdas/domain/listing-lifecycle';
import { reconcileMarket } from '../../lambdas/domain/market';
import { projectChanges } from '../../lambdas/domain/projections';
import { editRequirement, fillRequirement, renewRequirement, withdrawRequirement } from '../../lambdas/domain/requirement-lifecycle';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { listingsRepository } from '../../lambdas/data/listings';
import { storedListing, storedRequirement } from './matching-support';
import { projectionFailures, projectionsSettled, projectorCallsFailing } from './projections';
import { broker, requirementInput, type Actor } from './support';

/**
 * Chaos on the write path: hundreds of lifecycle calls racing on the same items, by their owners and their
 * delegates at once, while the projector's batches crash half way and its writes are throttled. Once the
 * stream drains there is no drift, before any reconciliation: projecting every item again from what it is
 * now changes nothing, no derived record is left for an item that no longer wants it, and the market's
 * recount finds every cell as the projections left it.
 */

const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((restore) => restore()));

type Item = Record<string, unknown>;

async function wholeTable(): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: env().TABLE_NAME, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const keyOf = (item: Item) => `${String(item.pk)}\u0000${String(item.sk)}`;
const canonical = (items: Item[]) => items.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort();

/**
 * What differs from the records every item derives as it is now: every listing, requirement, user and
 * delegation projected again as if new (what is missing or out of date is written, and shows), and every
 * index item or candidate whose item is not public, or not at that key, any more (what should be gone).
 */
async function drift(): Promise<string[]> {
  const before = await wholeTable();
  const base = before.filter((item) => ['listing', 'requirement', 'user', 'delegation'].includes(String(item.type)));
  expect(await projectChanges(base.map((item, n) => ({ sequence: String(n), pk: String(item.pk), sk: String(item.sk), before: null, after: item })))).toEqual([]);
  const after = await wholeTable();
  const [was, is] = [new Set(canonical(before)), new Set(canonical(after))];
  const changed = [...is].filter((item) => !was.has(item)).map((item) => `re-projected: ${item}`);

  const listings = new Map(base.filter((item) => item.type === 'listing').map((item) => [String(item.listingId), listingOf(item)]));
  const requirements = new Map(base.filter((item) => item.type === 'requirement').map((item) => [String(item.requirementId), requirementOf(item)]));
  const wantedKeys = new Set([
    ...[...listings.values()].flatMap((record) => (record.status === 'published' && record.publishedOn && record.expiresAt ? listingIndexItemsOf(record as never).map(keyOf) : [])),
    ...[...requirements.values()].flatMap((record) => (record.status === 'sent' && record.sentAt ? requirementIndexItemsOf(record as never).map(keyOf) : [])),
  ]);
  const stale = after
    .filter((item) => item.type === 'listingIndex' || item.type === 'requirementIndex')
    .filter((item) => !wantedKeys.has(keyOf(item)))
    .map((item) => `stale index item: ${keyOf(item)}`);
  const unwantedCandidates = after
    .filter(
      (item) =>
        (item.type === 'listingCandidate' && listings.get(String(item.sk))?.status !== 'published') ||
        (item.type === 'requirementCandidate' && requirements.get(String(item.requirementId ?? item.sk))?.status !== 'sent'),
    )
    .map((item) => `unwanted candidate: ${keyOf(item)}`);
  const unwantedMatches = after
    .filter((item) => item.type === 'match')
    .filter((item) => listings.get(String(item.listingId))?.status !== 'published' || requirements.get(String(item.requirementId))?.status !== 'sent')
    .map((item) => `match of an item not public: ${keyOf(item)}`);
  return [...changed, ...stale, ...unwantedCandidates, ...unwantedMatches];
}

const asDelegate = (owner: Actor): Principal => ({ ...owner.principal, delegate: { userId: randomUUID(), name: 'Avery Assistant' } });

/** A call a user may make: answered, or refused with a 4xx (a 409 for the race it lost); anything else is a fault. */
const settledAsUsers = async (calls: Promise<unknown>[]) => {
  const outcomes = await Promise.allSettled(calls);
  // The race is real: many calls land, and many lose to another (a stale version, an item already ended).
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(50);
  expect(outcomes.filter((outcome) => outcome.status === 'rejected' && (outcome.reason as { statusCode?: number }).statusCode === 409).length).toBeGreaterThan(20);
  return outcomes
    .filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
    .map((outcome) => outcome.reason as { statusCode?: number; message?: string })
    .filter((reason) => !(typeof reason.statusCode === 'number' && reason.statusCode >= 400 && reason.statusCode < 500))
    .map((reason) => String(reason.message ?? reason));
};

describe('the write path under chaos', () => {
  it('owners and delegates racing on the same items, the projector crashing and throttled: no drift once the stream drains', async () => {
    const [seeker, lister] = await Promise.all([broker('chaos-seeker'), broker('chaos-lister')]);
    const requirements = await Promise.all([1, 2, 3, 4].map(() => storedRequirement(seeker.record, { sqftMin: 1_000, sqftMax: 6_000 })));
    const listings = await Promise.all([1, 2, 3, 4].map(() => storedListing(lister.record, { leasePrice: 2, leaseFrequencyId: 'monthly' })));
    await projectionsSettled(120_000);

    // Every 9th of the projector's next 600 calls fails: batches stop half way and are retried.
    const faults = projectorCallsFailing((call) => call <= 600 && call % 9 === 0);
    undo.push(faults.restore);
    const callers = [seeker.principal, asDelegate(seeker)];
    const listers = [lister.principal, asDelegate(lister)];
    const calls: Promise<unknown>[] = [];
    for (let round = 0; round < 40; round++) {
      requirements.forEach(({ requirementId }, n) => {
        const who = callers[(round + n) % 2]!;
        const edit = async () => {
          const current = await requirementsRepository.get(requirementId);
          const markets = round % 3 === 0 ? ['sac-midtown', 'sac-east-sacramento'] : ['sac-midtown'];
          return editRequirement(who, requirementId, { ...requirementInput({ marketIds: markets, sqftMin: 1_000, sqftMax: 4_000 + round * 100 }), version: current?.version ?? 0 });
        };
        const actions = [edit, () => renewRequirement(who, requirementId), edit, () => withdrawRequirement(who, requirementId), () => fillRequirement(who, requirementId, { outcome: { kind: 'elsewhere' } })];
        // The later rounds end items, the earlier ones keep them moving.
        calls.push(actions[round < 30 ? (round + n) % 3 : (round + n) % actions.length]!());
      });
      listings.forEach(({ listingId }, n) => {
        const who = listers[(round + n + 1) % 2]!;
        const reprice = async () => {
          const current = await listingsRepository.get(listingId);
          return changeListingPrice(who, listingId, { price: null, leasePrice: 1.5 + (round % 5) / 10, leaseFrequencyId: 'monthly', version: current?.version ?? 0 });
        };
        const actions = [reprice, () => renewListing(who, listingId), reprice, () => closeListing(who, listingId, { outcome: n % 2 ? 'leased' : 'sold' })];
        calls.push(actions[round < 30 ? (round + n) % 3 : (round + n) % actions.length]!());
      });
    }
    expect(calls.length).toBe(320);
    expect(await settledAsUsers(calls)).toEqual([]);

    await projectionsSettled(180_000);
    expect(faults.calls()).toBeGreaterThan(600);
    expect(projectionFailures()).toEqual([]);
    expect(await drift()).toEqual([]);
    // The market's cells: the recount finds each as the projections left it.
    expect(await reconcileMarket(new Date())).toMatchObject({ staleItems: 0, driftedCells: 0 });
  }, 300_000);
});
