import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProgressMessage, oncePerKey } from '../../../lambdas/core/idempotency';
import type { Listing, Requirement } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import { completeDraft } from '../listings/support';
import { call, expectOk, newApprovedBroker, newUser, readMailStore, runBroadcast, startStack, validRequirement, type Broker } from './support';

// Creates, publishes and finalises are idempotent under retry: a repeated Idempotency-Key of
// the same broker answers the first result, with no second write and no second e-mail.
let stack: LocalStack;
let operator: Broker;
let author: Broker;
let reader: Broker;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'idemop', { operator: true });
  [author, reader] = await Promise.all([newApprovedBroker(stack, operator, 'idemauthor'), newApprovedBroker(stack, operator, 'idemreader')]);
}, 60_000);
afterAll(async () => stack?.stop());

const create = (key: string | undefined, title: string) =>
  call<{ requirement?: Requirement; message?: string }>(stack, author.token, 'createRequirement', {
    body: validRequirement({ title }),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const mine = async () =>
  (await expectOk(call<{ items: Requirement[] }>(stack, author.token, 'listMyRequirements', { params: { userId: author.userId }, query: { limit: 25 } }))).items;

describe('Idempotency-Key', () => {
  it('5 concurrent creates with one key make one requirement and one broadcast; a later replay answers the same', async () => {
    const key = randomUUID();
    const title = `Double click ${key.slice(0, 6)}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(key, title)));
    // The first runs; the others replay its answer, or are told it is still under way (409).
    expect(answers.every((a) => a.status === 201 || a.status === 409), JSON.stringify(answers.map((a) => a.status))).toBe(true);
    const created = answers.filter((a) => a.status === 201).map((a) => a.body.requirement!.requirementId);
    expect(new Set(created).size).toBe(1);
    expect((await mine()).filter((r) => r.title === title)).toHaveLength(1);

    const replay = await create(key, title);
    expect(replay.status).toBe(201);
    expect(replay.body.requirement!.requirementId).toBe(created[0]);
    expect((await mine()).filter((r) => r.title === title)).toHaveLength(1);

    await runBroadcast();
    const toReader = (await readMailStore(stack)).filter((m) => m.to.includes(reader.email) && m.subject.includes(title));
    expect(toReader).toHaveLength(1);
  });

  it('another key, or none, is another action; a malformed key is a 400 that creates nothing', async () => {
    const before = (await mine()).length;
    expect((await create(randomUUID(), 'Second action')).status).toBe(201);
    expect((await create(undefined, 'No key')).status).toBe(201);
    expect((await create('short', 'Bad key')).status).toBe(400);
    expect((await mine()).length).toBe(before + 2);
  });

  it('the same key of another broker is that broker’s own action', async () => {
    const key = randomUUID();
    const mineAnswer = await create(key, 'Shared key, mine');
    const theirs = await call<{ requirement: Requirement }>(stack, reader.token, 'createRequirement', { body: validRequirement({ title: 'Shared key, theirs' }), headers: { 'idempotency-key': key } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.requirement.requirementId).not.toBe(mineAnswer.body.requirement!.requirementId);
  });

  it('publishing twice with one key answers the first publish; without a key the second is a 409', async () => {
    const draft = await completeDraft(stack, author);
    const key = randomUUID();
    const publish = (headers?: Record<string, string>) => call<{ listing: Listing }>(stack, author.token, 'publishListing', { params: { listingId: draft.listingId }, ...(headers ? { headers } : {}) });
    const first = await publish({ 'idempotency-key': key });
    const again = await publish({ 'idempotency-key': key });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.listing.status).toBe('queued');
    expect((await publish()).status).toBe(409);
  });
});

describe('a function killed mid-work', () => {
  /** The Lambda context of an invocation with `ms` left: what Powertools reads to date the in-progress record. */
  const invocation = (ms: number) => {
    const deadline = Date.now() + ms;
    return { getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) } as Context;
  };

  it('leaves its key busy only until its time is up: the retry after that runs', async () => {
    const identity = { route: 'createRequirement', sub: author.userId };
    const key = randomUUID();
    // The first invocation never finishes: its function was killed at its timeout.
    void oncePerKey(key, identity, invocation(300), () => new Promise(() => {}));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(oncePerKey(key, identity, invocation(5_000), async () => 'second')).rejects.toThrow(inProgressMessage);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(oncePerKey(key, identity, invocation(5_000), async () => 'retried')).resolves.toBe('retried');
  });
});
