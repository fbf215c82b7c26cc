import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import type { Listing, Requirement } from '../../../shared/api';
import { ALL, idsOf, listingTypes, markets, propertyTypes, requirementTypes } from '../../../shared/catalog';
import {
  call,
  createRequirement,
  expectOk,
  newApprovedBroker,
  newUser,
  queuedListing,
  runBlastJob,
  runBroadcast,
  startStack,
  validDraft,
  validRequirement,
  type Broker,
} from './support';

/**
 * A bounded load test on loopback: 100 concurrent sessions of 20 signed-in approved brokers browse
 * (listings and requirements with filters, listing detail) and create (requirements; listings created and
 * saved) until the time or the request budget runs out. Every answer must be a 2xx, and everything
 * created must read back afterwards as its owner saved it.
 */

const SESSIONS = 100;
const BROKERS = 20;
const LOAD_MS = 20_000;
const MAX_REQUESTS = 15_000;

let stack: LocalStack;
let brokers: Broker[];
let publishedIds: string[];

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'operator', { operator: true });
  brokers = [];
  for (let i = 0; i < BROKERS; i += 5) {
    brokers.push(...(await Promise.all([0, 1, 2, 3, 4].map((j) => newApprovedBroker(stack, operator, `load${i + j}`)))));
  }
  // Something to browse: published listings (one blast) and sent requirements (one broadcast).
  const listings = await Promise.all([0, 1, 2].map((i) => queuedListing(stack, brokers[i]!, { propertyTypeId: idsOf(propertyTypes)[i]! })));
  await runBlastJob();
  publishedIds = listings.map((l) => l.listingId);
  await Promise.all([0, 1, 2, 3].map((i) => createRequirement(stack, brokers[i]!)));
  await runBroadcast();
}, 120_000);

afterAll(async () => stack?.stop());

/** A small seeded generator, so a failing mix can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Created {
  kind: 'requirement' | 'listing';
  id: string;
  owner: Broker;
  title: string;
}

describe('bounded load', () => {
  it(`${SESSIONS} sessions for ${LOAD_MS / 1000} s of browsing and creating: no errors, and everything created reads back`, async () => {
    for (const url of [stack.urls.api, stack.urls.dynamodb, stack.urls.cognito]) expect(new URL(url).hostname).toBe('localhost');

    const deadline = Date.now() + LOAD_MS;
    let requests = 0;
    const errors: string[] = [];
    const created: Created[] = [];
    const budget = () => Date.now() < deadline && requests < MAX_REQUESTS;

    const ok = async <T,>(what: string, answer: Promise<{ status: number; body: T }>): Promise<T | undefined> => {
      requests += 1;
      const { status, body } = await answer;
      if (status >= 200 && status < 300) return body;
      errors.push(`${what}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
      return undefined;
    };

    const session = async (index: number) => {
      const broker = brokers[index % BROKERS]!;
      const next = random(index + 1);
      const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
      const filter = <T extends string>(ids: readonly T[]) => (next() < 0.5 ? ALL : pick(ids));
      while (budget()) {
        const roll = next();
        if (roll < 0.35) {
          await ok(
            'listListings',
            call(stack, broker.token, 'listListings', {
              query: { listingTypeId: filter(idsOf(listingTypes)), propertyTypeId: filter(idsOf(propertyTypes)), marketId: filter(idsOf(markets)) },
            }),
          );
        } else if (roll < 0.6) {
          await ok(
            'listRequirements',
            call(stack, broker.token, 'listRequirements', {
              query: { requirementTypeId: filter(idsOf(requirementTypes)), propertyTypeId: filter(idsOf(propertyTypes)), limit: 10 },
            }),
          );
        } else if (roll < 0.8) {
          await ok('getListing', call(stack, broker.token, 'getListing', { params: { listingId: pick(publishedIds) } }));
        } else if (roll < 0.9) {
          const body = validRequirement();
          const answer = await ok('createRequirement', call<{ requirement: Requirement }>(stack, broker.token, 'createRequirement', { body }));
          if (answer) created.push({ kind: 'requirement', id: answer.requirement.requirementId, owner: broker, title: body.title });
        } else {
          const draft = await ok('createListing', call<{ listingId: string }>(stack, broker.token, 'createListing'));
          if (!draft) continue;
          const body = validDraft();
          const saved = await ok(
            'updateListing',
            // A new draft is at version 0.
            call<{ listing: Listing }>(stack, broker.token, 'updateListing', { params: { listingId: draft.listingId }, body: { ...body, version: 0 } }),
          );
          if (saved) created.push({ kind: 'listing', id: draft.listingId, owner: broker, title: body.title ?? '' });
        }
      }
    };

    // Every session ends: a request that hangs fails the test by its timeout. How long the last requests take
    // after the deadline is the machine's speed (the suite's other tiers run beside this file), not a check.
    await Promise.all(Array.from({ length: SESSIONS }, (_, i) => session(i)));

    expect(errors).toEqual([]);
    expect(requests).toBeGreaterThan(SESSIONS * 2);
    expect(created.filter((c) => c.kind === 'requirement').length).toBeGreaterThan(0);
    expect(created.filter((c) => c.kind === 'listing').length).toBeGreaterThan(0);

    // Everything created reads back as its owner saved it.
    const unreadable: string[] = [];
    for (let i = 0; i < created.length; i += 25) {
      await Promise.all(
        created.slice(i, i + 25).map(async ({ kind, id, owner, title }) => {
          const readTitle =
            kind === 'requirement'
              ? (await expectOk(call<{ requirement: Requirement }>(stack, owner.token, 'getRequirement', { params: { requirementId: id } }))).requirement.title
              : (await expectOk(call<{ listing: Listing }>(stack, owner.token, 'getListing', { params: { listingId: id } }))).listing.title;
          if (readTitle !== title) unreadable.push(`${kind} ${id}: ${readTitle} ≠ ${title}`);
        }),
      );
    }
    expect(unreadable).toEqual([]);
  }, 60_000);
});
