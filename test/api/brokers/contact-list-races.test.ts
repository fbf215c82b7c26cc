import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactList, ContactListBrokers } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import { call, expectOk, newApprovedBroker, newUser, startStack, type Broker } from '../requirements/support';

let stack: LocalStack;
let owner: Broker;
const picks: Broker[] = [];

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'raceop', { operator: true });
  owner = await newApprovedBroker(stack, operator, 'raceowner');
  for (let i = 0; i < 6; i++) picks.push(await newApprovedBroker(stack, operator, `racepick${i}`));
}, 180_000);
afterAll(() => stack?.stop());

describe('a contact list changed from several places at once', () => {
  it('keeps every addition and removal made at the same moment', async () => {
    const { list } = await expectOk(call<{ list: ContactList }>(stack, owner.token, 'createContactList', { body: { name: 'Racing', members: [picks[0]!.userId] } }));
    const change = (body: Record<string, unknown>) => call<{ list: ContactList }>(stack, owner.token, 'updateContactList', { params: { listId: list.listId }, body });

    const answers = await Promise.all([
      ...picks.slice(1).map((pick) => change({ add: [pick.userId] })),
      change({ remove: [picks[0]!.userId] }),
      change({ name: 'Racing, renamed' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    const stored = await expectOk(call<ContactListBrokers>(stack, owner.token, 'getContactList', { params: { listId: list.listId } }));
    expect(stored.list.name).toBe('Racing, renamed');
    expect([...(stored.list.members ?? [])].sort()).toEqual(picks.slice(1).map((pick) => pick.userId).sort());
  });
});
