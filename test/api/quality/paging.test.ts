import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, Requirement, User } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import { TEST_QUERY_PAGE_SIZE } from '../requirements/support';
import {
  call,
  createRequirement,
  expectOk,
  getListing,
  newApprovedBroker,
  newUser,
  queuedListing,
  readMailStore,
  runBlastJob,
  runBroadcast,
  runExpiryJob,
  startStack,
  type Broker,
} from './support';

// Every paged read past its first page. This file's stack reads TEST_QUERY_PAGE_SIZE (3) items
// per Query page in the jobs and ledgers, and each data set here spans several pages: nothing may be
// missed, nothing done twice.
const MANY = 3 * TEST_QUERY_PAGE_SIZE + 1;
const DAY = 24 * 3600 * 1000;

let stack: LocalStack;
let operator: Broker;
let owner: Broker;
let readers: Broker[];

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'pagingop', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  owner = await newApprovedBroker(stack, operator, 'pagingowner');
  readers = [];
  for (let i = 0; i < MANY; i++) readers.push(await newApprovedBroker(stack, operator, `pagingreader${i}`));
}, 180_000);
afterAll(async () => stack?.stop());

const mailsTo = async (broker: Broker) => (await readMailStore(stack)).filter((m) => m.to.includes(broker.email));

async function walk<T>(page: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const answer = await page(cursor);
    items.push(...answer.items);
    cursor = answer.nextCursor ?? undefined;
    pages++;
  } while (cursor);
  expect(pages, 'the data spans more than one page').toBeGreaterThan(1);
  return items;
}

describe(`${MANY} of everything, read ${TEST_QUERY_PAGE_SIZE} at a time`, () => {
  let listings: Listing[];
  let requirements: Requirement[];
  let publishedOn: number;

  it('the requirement broadcast sends every pending requirement in one run, each once to every reader', async () => {
    requirements = [];
    for (let i = 0; i < MANY; i++) requirements.push(await createRequirement(stack, owner, { title: `Paged requirement ${i}` }));
    const report = await runBroadcast();
    expect(report.requirements.map((r) => r.requirementId).sort()).toEqual(requirements.map((r) => r.requirementId).sort());
    expect(report.requirements.every((r) => r.result === 'sent' && r.recipients === MANY)).toBe(true);
    for (const reader of readers) {
      const subjects = (await mailsTo(reader)).map((m) => m.subject);
      for (const r of requirements) expect(subjects.filter((s) => s.includes(r.title)), `${reader.email} ${r.title}`).toHaveLength(1);
    }
    expect((await runBroadcast()).requirements).toEqual([]);
  });

  it('the active-requirements count and My requirements read them all', async () => {
    expect((await expectOk(call<{ count: number }>(stack, owner.token, 'countActiveRequirements'))).count).toBe(MANY);
    const mine = await walk((cursor) =>
      expectOk(call<{ items: Requirement[]; nextCursor: string | null }>(stack, owner.token, 'listMyRequirements', {
        params: { userId: owner.userId },
        query: { limit: 2, ...(cursor ? { cursor } : {}) },
      })),
    );
    expect(mine.map((r) => r.requirementId).sort()).toEqual(requirements.map((r) => r.requirementId).sort());
  });

  it('the blast plans every queued listing and mails each reader one digest holding each listing once', async () => {
    listings = [];
    for (let i = 0; i < MANY; i++) listings.push(await queuedListing(stack, owner, { title: `Paged listing ${i}` }));
    const before = await Promise.all(readers.map(mailsTo));
    const report = await runBlastJob();
    expect(report.runs.map((r) => ({ listings: r.listings, sent: r.sent, failed: r.failed }))).toEqual([{ listings: MANY, sent: MANY, failed: 0 }]);
    for (const [i, reader] of readers.entries()) {
      const digests = (await mailsTo(reader)).slice(before[i]!.length);
      expect(digests, reader.email).toHaveLength(1);
      for (const listing of listings) {
        expect(digests[0]!.html!.split(`/consumer/listing/${listing.listingId}"`).length - 1, listing.title).toBe(2);
      }
    }
    for (const listing of listings) expect((await expectOk(getListing(stack, owner, listing.listingId))).listing.status).toBe('published');
    expect((await runBlastJob()).runs.reduce((sum, r) => sum + r.sent, 0)).toBe(0);
    publishedOn = new Date((await expectOk(getListing(stack, owner, listings[0]!.listingId))).listing.publishedOn!).getTime();
  });

  it('the recent-listings count and My listings read them all', async () => {
    expect((await expectOk(call<{ count: number }>(stack, owner.token, 'countRecentListings'))).count).toBe(MANY);
    const mine = await expectOk(call<{ items: Listing[] }>(stack, owner.token, 'listMyListings', { params: { userId: owner.userId } }));
    expect(mine.items.map((l) => l.listingId).sort()).toEqual(listings.map((l) => l.listingId).sort());
  });

  it('expiry takes every listing out at exactly 120 days, none a millisecond before, and nothing twice', async () => {
    const latest = Math.max(
      ...(await Promise.all(listings.map(async (l) => new Date((await expectOk(getListing(stack, owner, l.listingId))).listing.publishedOn!).getTime()))),
    );
    expect(await runExpiryJob({ now: new Date(publishedOn + 120 * DAY - 1).toISOString() })).toMatchObject({ expired: [] });
    const { expired } = await runExpiryJob({ now: new Date(latest + 120 * DAY).toISOString() });
    expect([...expired].sort()).toEqual(listings.map((l) => l.listingId).sort());
    expect(await runExpiryJob({ now: new Date(latest + 120 * DAY).toISOString() })).toMatchObject({ expired: [] });
    // And the purge after the 60 days of grace pages through them all too.
    const { deleted } = await runExpiryJob({ now: new Date(latest + 180 * DAY).toISOString() });
    expect([...deleted].sort()).toEqual(listings.map((l) => l.listingId).sort());
  });

  it('the approval queue pages through every account awaiting approval', async () => {
    const waiting: Broker[] = [];
    for (let i = 0; i < MANY; i++) waiting.push(await newUser(stack, `pagingwaiting${i}`));
    const queue = await walk((cursor) =>
      expectOk(call<{ items: User[]; nextCursor: string | null }>(stack, operator.token, 'adminListUsers', {
        query: { status: 'awaiting approval', limit: 2, ...(cursor ? { cursor } : {}) },
      })),
    );
    const ids = queue.map((u) => u._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const broker of waiting) expect(ids).toContain(broker.userId);
  });
});
