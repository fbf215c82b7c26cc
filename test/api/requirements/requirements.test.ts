import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Requirement, RequirementPage } from '../../../shared/api';
import { notApprovedMessage } from '../../../lambdas/core/errors';
import type { LocalStack } from '../../../lib/local/stack';
import {
  call,
  createRequirement,
  expectOk,
  newApprovedBroker,
  newUser,
  readMailStore,
  runBroadcast,
  startStack,
  validRequirement,
  type Broker,
} from './support';

let stack: LocalStack;
let operator: Broker;
let author: Broker;
let other: Broker;
let unapproved: Broker;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  [author, other, unapproved] = await Promise.all([
    newApprovedBroker(stack, operator, 'author'),
    newApprovedBroker(stack, operator, 'other'),
    newUser(stack, 'unapproved'),
  ]);
  await expectOk(
    call(stack, author.token, 'updateBrokerInfo', {
      params: { userId: author.userId },
      body: { name: 'Capitol CRE', address1: '1 Capitol Mall', address2: 'Sacramento, CA 95814' },
    }),
  );
  await expectOk(
    call(stack, author.token, 'updatePersonalInfo', {
      params: { userId: author.userId },
      body: { firstName: 'Ada', lastName: 'Author', title: 'Principal', license: 'DRE 0123', phone: '9165550100' },
    }),
  );
});

afterAll(async () => stack?.stop());

const list = (token: string, query: Record<string, string | number> = {}) =>
  expectOk(call<RequirementPage>(stack, token, 'listRequirements', { query }));
const detail = (token: string, requirementId: string) =>
  call<{ requirement: Requirement }>(stack, token, 'getRequirement', { params: { requirementId } });

describe('create requirement', () => {
  it('saves an approved broker’s requirement as pending and answers 201 with it and the contact card', async () => {
    const input = validRequirement({ marketIds: ['sac-midtown', 'sutter-county'] });
    const answer = await call<{ requirement: Requirement }>(stack, author.token, 'createRequirement', {
      // The spec's client also sends status and userId; the server decides both.
      body: { ...input, status: 'sent', userId: other.userId },
    });
    expect(answer.status).toBe(201);
    const { requirement } = answer.body;
    expect(requirement).toMatchObject({
      title: input.title,
      status: 'pending',
      userId: author.userId,
      sqftMin: 2500,
      sqftMax: 10000,
      timing: 'Next 6 months',
      type: { requirementTypeId: 'for-lease', name: 'For Lease' },
      propertyType: { propertyTypeId: 'office', name: 'Office' },
      markets: [
        { marketId: 'sac-midtown', name: 'Midtown' },
        { marketId: 'sutter-county', name: 'Sutter County' },
      ],
      sentAt: null,
      user: { _id: author.userId, firstName: 'Ada', lastName: 'Author', license: 'DRE 0123', brokerInfo: { name: 'Capitol CRE' } },
    });
    expect(requirement.requirementId).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['requirementTypeId', { requirementTypeId: undefined }, 'You must select a requirement type.'],
    ['requirementTypeId', { requirementTypeId: 'for-rent' }, 'You must select a requirement type.'],
    ['propertyTypeId', { propertyTypeId: undefined }, 'You must select a property type.'],
    ['title', { title: '   ' }, 'Title cannot be empty.'],
    ['timing', { timing: '' }, 'Timing cannot be empty.'],
    ['marketIds', { marketIds: [] }, 'You must pick at least one market.'],
    ['marketIds.0', { marketIds: ['atlantis'] }, 'Unknown market.'],
    ['sqftMin', { sqftMin: '1,000' }, 'Square footage must be a number.'],
    ['sqftMax', { sqftMin: 5000, sqftMax: 1000 }, 'Maximum square footage must be at least the minimum.'],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const answer = await call(stack, author.token, 'createRequirement', { body: { ...validRequirement(), ...overrides } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message, fieldErrors: { [field]: [message] } });
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await call(stack, author.token, 'createRequirement', { rawBody: '{"title":' });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Request body must be valid JSON' } });
  });

  it('refuses brokers awaiting approval (403) and callers without a token (401)', async () => {
    const refused = await call(stack, unapproved.token, 'createRequirement', { body: validRequirement() });
    expect(refused).toMatchObject({ status: 403, body: { message: notApprovedMessage } });
    const anonymous = await call(stack, null, 'createRequirement', { body: validRequirement() });
    expect(anonymous.status).toBe(401);
    const mine = await expectOk(call<RequirementPage>(stack, unapproved.token, 'listMyRequirements', { params: { userId: unapproved.userId } }));
    expect(mine.items).toEqual([]);
  });
});

describe('detail and my requirements', () => {
  it('shows a pending requirement to its author only; others get 404, as for an unknown id', async () => {
    const requirement = await createRequirement(stack, author);
    expect((await detail(author.token, requirement.requirementId)).body.requirement.status).toBe('pending');
    expect(await detail(other.token, requirement.requirementId)).toMatchObject({ status: 404, body: { message: 'Requirement not found' } });
    expect((await detail(other.token, 'no-such-requirement')).status).toBe(404);
  });

  it('lists the author’s own requirements in every status, newest first; another broker’s list is 403', async () => {
    const older = await createRequirement(stack, author);
    const newer = await createRequirement(stack, author);
    const mine = await expectOk(call<RequirementPage>(stack, author.token, 'listMyRequirements', { params: { userId: author.userId } }));
    const ids = mine.items.map((r) => r.requirementId);
    expect(ids.indexOf(newer.requirementId)).toBeLessThan(ids.indexOf(older.requirementId));
    expect(mine.items.find((r) => r.requirementId === newer.requirementId)).toMatchObject({ status: 'pending', sentAt: null });
    const foreign = await call(stack, other.token, 'listMyRequirements', { params: { userId: author.userId } });
    expect(foreign.status).toBe(403);
  });

  it('pages my requirements with a cursor', async () => {
    const pager = await newApprovedBroker(stack, operator, 'pager');
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await createRequirement(stack, pager)).requirementId);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string | number> = cursor ? { limit: 2, cursor } : { limit: 2 };
      const page: RequirementPage = await expectOk(
        call<RequirementPage>(stack, pager.token, 'listMyRequirements', { params: { userId: pager.userId }, query }),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((r) => r.requirementId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...created].reverse());
  });
});

describe('broadcast, public list, count and operator delete', () => {
  let office: Requirement;
  let retail: Requirement;
  let countBefore: number;
  /** Requirements the broadcasts of this block made `sent` (earlier blocks left some pending too). */
  let sentHere = 0;
  const broadcast = async () => {
    const report = await runBroadcast();
    sentHere += report.requirements.filter((r) => r.result === 'sent').length;
    return report;
  };

  beforeAll(async () => {
    countBefore = (await expectOk(call<{ count: number }>(stack, other.token, 'countActiveRequirements'))).count;
    office = await createRequirement(stack, author, {
      requirementTypeId: 'for-lease',
      propertyTypeId: 'office',
      marketIds: ['sac-midtown', 'yolo-davis'],
    });
    retail = await createRequirement(stack, other, {
      requirementTypeId: 'for-sale-user',
      propertyTypeId: 'retail',
      marketIds: ['placer-roseville'],
    });
    await broadcast();
  });

  it('moves every pending requirement to sent with sentAt', async () => {
    for (const requirement of [office, retail]) {
      const { body } = await detail(other.token, requirement.requirementId);
      expect(body.requirement.status).toBe('sent');
      expect(Date.parse(body.requirement.sentAt!)).toBeGreaterThan(Date.parse(requirement.createdAt));
    }
    const again = await broadcast();
    expect(again.requirements).toEqual([]);
  });

  it('shows a sent requirement to every broker, with the author’s contact card; its details only to approved brokers', async () => {
    const { status, body } = await detail(unapproved.token, office.requirementId);
    expect(status).toBe(200);
    expect(body.requirement.user).toMatchObject({ firstName: 'Ada', phone: '', detailsHidden: true, brokerInfo: { address1: '' } });
    const approvedView = await detail(other.token, office.requirementId);
    expect(approvedView.body.requirement.user).toMatchObject({ firstName: 'Ada', phone: '9165550100', brokerInfo: { address1: '1 Capitol Mall' } });
  });

  it('lists sent requirements only, newest first', async () => {
    const page = await list(other.token);
    const ids = page.items.map((r) => r.requirementId);
    expect(page.items.every((r) => r.status === 'sent')).toBe(true);
    expect(ids).toContain(office.requirementId);
    expect(ids).toContain(retail.requirementId);
    const sentAt = page.items.map((r) => r.sentAt!);
    expect([...sentAt].sort().reverse()).toEqual(sentAt);
    expect(page.items[0]).toEqual(
      expect.objectContaining({ title: expect.any(String), type: expect.any(Object), propertyType: expect.any(Object), timing: expect.any(String) }),
    );
  });

  it.each([
    [{ requirementTypeId: 'for-lease' }, 'office'],
    [{ requirementTypeId: 'for-sale-user' }, 'retail'],
    [{ propertyTypeId: 'office' }, 'office'],
    [{ propertyTypeId: 'retail' }, 'retail'],
    [{ marketId: 'yolo-davis' }, 'office'],
    [{ marketId: 'sac-midtown' }, 'office'],
    [{ marketId: 'placer-roseville' }, 'retail'],
    [{ requirementTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'yolo-davis' }, 'office'],
    [{ requirementTypeId: 'ALL', propertyTypeId: 'ALL', marketId: 'placer-roseville' }, 'retail'],
  ] as const)('filters by %o', async (filter, expected) => {
    const ids = (await list(other.token, filter)).items.map((r) => r.requirementId);
    const [hit, miss] = expected === 'office' ? [office, retail] : [retail, office];
    expect(ids).toContain(hit.requirementId);
    expect(ids).not.toContain(miss.requirementId);
  });

  it('answers an empty page for a filter nothing matches', async () => {
    expect(await list(other.token, { propertyTypeId: 'land', marketId: 'yuba-county' })).toEqual({ items: [], nextCursor: null, total: { count: 0, exact: true } });
  });

  it('refuses unknown filter values and foreign or broken cursors', async () => {
    expect((await call(stack, other.token, 'listRequirements', { query: { propertyTypeId: 'castle' } })).status).toBe(400);
    expect((await call(stack, other.token, 'listRequirements', { query: { limit: 26 } })).status).toBe(400);
    expect(await call(stack, other.token, 'listRequirements', { query: { cursor: 'not-a-cursor' } })).toMatchObject({
      status: 400,
      body: { message: 'Invalid cursor' },
    });
    const page = await list(other.token, { limit: 1 });
    expect(page.nextCursor).toEqual(expect.any(String));
    const elsewhere = await call(stack, other.token, 'listRequirements', { query: { limit: 1, cursor: page.nextCursor!, propertyTypeId: 'office' } });
    expect(elsewhere).toMatchObject({ status: 400, body: { message: 'Invalid cursor' } });
  });

  it('pages the public list with a cursor, 25 by default', async () => {
    const extra: string[] = [];
    for (let i = 0; i < 26; i++) extra.push((await createRequirement(stack, other, { propertyTypeId: 'flex', marketIds: ['yuba-county'] })).requirementId);
    await broadcast();
    const first = await list(other.token, { propertyTypeId: 'flex', marketId: 'yuba-county' });
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(other.token, { propertyTypeId: 'flex', marketId: 'yuba-county', cursor: first.nextCursor! });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((r) => r.requirementId))).toEqual(new Set(extra));
  });

  it('counts requirements sent in the last 90 days, community-wide', async () => {
    const { count } = await expectOk(call<{ count: number }>(stack, unapproved.token, 'countActiveRequirements'));
    expect(sentHere).toBeGreaterThanOrEqual(2 + 26);
    expect(count).toBe(countBefore + sentHere);
    countBefore = count;
  });

  it('leaves requirements sent more than 90 days ago out of the count', async () => {
    // Requirements of the past, stored as the broadcast stores them (index items keyed by sentAt).
    const { requirementsRepository } = await import('../../../lambdas/data/requirements');
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    for (const [id, days] of [['old-91-days', 91], ['old-89-days', 89]] as const) {
      await requirementsRepository.writeIndex({
        requirementId: id,
        userId: other.userId,
        title: id,
        status: 'sent',
        requirementTypeId: 'for-lease',
        propertyTypeId: 'land',
        marketIds: ['yuba-county'],
        sqftMin: null,
        sqftMax: null,
        timing: 'now',
        description: '',
        highlights: [],
        createdAt: daysAgo(days),
        updatedAt: daysAgo(days),
        sentAt: daysAgo(days),
      });
    }
    const { count } = await expectOk(call<{ count: number }>(stack, unapproved.token, 'countActiveRequirements'));
    expect(count).toBe(countBefore + 1);
    countBefore = count;
  });

  it('e-mails the requirement with HTML, text and the one-click unsubscribe headers', async () => {
    const mails = (await readMailStore(stack)).filter((m) => m.subject === `New Office requirement: ${office.title}`);
    const toOther = mails.find((m) => m.to.includes(other.email))!;
    expect(toOther.html).toContain(`/consumer/requirement/${office.requirementId}`);
    expect(toOther.text).toContain(`/consumer/requirement/${office.requirementId}`);
    expect(toOther.text).toContain('Capitol CRE');
    expect(toOther.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe', value: expect.stringMatching(/^<http:\/\/localhost:\d+\/unsubscribe\/one-click\?token=.+>$/) },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
  });

  it('lets operators delete a requirement with its index items and ledger; nobody else', async () => {
    expect((await call(stack, author.token, 'adminDeleteRequirement', { params: { requirementId: office.requirementId } })).status).toBe(403);
    await expectOk(call(stack, operator.token, 'adminDeleteRequirement', { params: { requirementId: office.requirementId } }));
    expect((await detail(author.token, office.requirementId)).status).toBe(404);
    const filters: Record<string, string>[] = [{}, { propertyTypeId: 'office' }, { marketId: 'yolo-davis' }, { requirementTypeId: 'for-lease', marketId: 'sac-midtown' }];
    for (const filter of filters) {
      expect((await list(other.token, filter)).items.map((r) => r.requirementId)).not.toContain(office.requirementId);
    }
    const { requirementsRepository } = await import('../../../lambdas/data/requirements');
    expect(await requirementsRepository.deliveries(office.requirementId)).toEqual([]);
    const { count } = await expectOk(call<{ count: number }>(stack, other.token, 'countActiveRequirements'));
    expect(count).toBe(countBefore - 1);
    const again = await call(stack, operator.token, 'adminDeleteRequirement', { params: { requirementId: office.requirementId } });
    expect(again).toMatchObject({ status: 404, body: { message: 'Requirement not found' } });
  });
});
