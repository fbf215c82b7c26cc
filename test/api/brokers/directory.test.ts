import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerPage, DirectoryBroker, DirectoryPage, User } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import { call, expectOk, newApprovedBroker, newUser, startStack, validRequirement, type Broker } from '../requirements/support';

let stack: LocalStack;
let operator: Broker;
let reader: Broker;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'dirop', { operator: true });
  reader = await newApprovedBroker(stack, operator, 'dirreader');
}, 120_000);
afterAll(() => stack?.stop());

/** Every card of the directory for `query`, all pages, as the reader sees them. */
async function directory(query: Record<string, string | number> = {}, token = reader.token): Promise<DirectoryBroker[]> {
  const cards: DirectoryBroker[] = [];
  let cursor: string | undefined;
  do {
    const page = await expectOk(call<DirectoryPage>(stack, token, 'listBrokers', { query: { limit: 25, ...query, ...(cursor ? { cursor } : {}) } }));
    cards.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return cards;
}
const savePrivacy = (broker: Broker, body: { listed: boolean; showPhone: boolean; showEmail: boolean }) =>
  expectOk(call<{ user: User }>(stack, broker.token, 'updateDirectoryPrivacy', { params: { userId: broker.userId }, body }));

describe('broker directory', () => {
  it('lists an approved broker once approved, with the contact card they saved, on by default', async () => {
    const broker = await newApprovedBroker(stack, operator, 'dirlisted');
    await expectOk(call(stack, broker.token, 'updatePersonalInfo', { params: { userId: broker.userId }, body: { firstName: 'Lena', lastName: 'Listed', phone: '916-555-0142', title: 'Associate' } }));
    const me = await expectOk(call<{ user: User }>(stack, broker.token, 'getUserByCognitoId', { params: { cognitoId: broker.userId } }));
    expect(me.user.directory).toEqual({ listed: true, showPhone: true, showEmail: true });
    const card = (await directory({ sort: 'name' })).find((c) => c.userId === broker.userId);
    expect(card).toMatchObject({ firstName: 'Lena', lastName: 'Listed', phone: '916-555-0142', email: broker.email, title: 'Associate' });
    const page = await expectOk(call<BrokerPage>(stack, reader.token, 'getBrokerPage', { params: { userId: broker.userId } }));
    expect(page.broker).toEqual(card);
  });

  it('shows an account awaiting approval the review notice instead of the directory, and never lists it', async () => {
    const pending = await newUser(stack, 'dirpending');
    const answer = await call<{ message: string }>(stack, pending.token, 'listBrokers', { query: { limit: 25 } });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/approv/i);
    expect((await call(stack, pending.token, 'getBrokerPage', { params: { userId: reader.userId } })).status).toBe(403);
    expect((await directory()).map((c) => c.userId)).not.toContain(pending.userId);
    expect((await call(stack, reader.token, 'getBrokerPage', { params: { userId: pending.userId } })).status).toBe(404);
  });

  it('drops an opted-out broker from every answer at once, and hides the phone or e-mail they chose not to show', async () => {
    const broker = await newApprovedBroker(stack, operator, 'dirprivate');
    await expectOk(call(stack, broker.token, 'createRequirement', { body: validRequirement({ marketIds: ['yolo-davis'] }) }));
    const { handler } = await import('../../../lambdas/jobs/broadcast-requirements');
    await handler();
    expect((await directory({ marketId: 'yolo-davis' })).map((c) => c.userId)).toContain(broker.userId);

    const saved = await savePrivacy(broker, { listed: true, showPhone: false, showEmail: false });
    expect(saved.user.directory).toEqual({ listed: true, showPhone: false, showEmail: false });
    const card = (await directory({ marketId: 'yolo' })).find((c) => c.userId === broker.userId);
    expect(card).toMatchObject({ phone: '', email: '' });

    await savePrivacy(broker, { listed: false, showPhone: true, showEmail: true });
    const queries: Record<string, string>[] = [{}, { marketId: 'yolo-davis' }, { marketId: 'yolo' }, { sort: 'name' }, { q: 'dirprivate' }];
    for (const query of queries) {
      expect((await directory(query)).map((c) => c.userId), JSON.stringify(query)).not.toContain(broker.userId);
    }
    expect((await call(stack, reader.token, 'getBrokerPage', { params: { userId: broker.userId } })).status).toBe(404);
  });

  it('never shows a disabled broker, and shows them again when enabled', async () => {
    const broker = await newApprovedBroker(stack, operator, 'dirdisabled');
    expect((await directory()).map((c) => c.userId)).toContain(broker.userId);
    await expectOk(call(stack, operator.token, 'adminDisableUser', { params: { userId: broker.userId } }));
    expect((await directory()).map((c) => c.userId)).not.toContain(broker.userId);
    expect((await call(stack, reader.token, 'getBrokerPage', { params: { userId: broker.userId } })).status).toBe(404);
    await expectOk(call(stack, operator.token, 'adminEnableUser', { params: { userId: broker.userId } }));
    expect((await directory()).map((c) => c.userId)).toContain(broker.userId);
  });

  it('answers bad filters and cursors with 400 and a message', async () => {
    const queries: Record<string, string>[] = [{ marketId: 'atlantis' }, { sort: 'random' }, { recent: 'maybe' }, { cursor: 'not-a-cursor' }, { q: 'x'.repeat(101) }];
    for (const query of queries) {
      const answer = await call<{ message: string }>(stack, reader.token, 'listBrokers', { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
  });
});
