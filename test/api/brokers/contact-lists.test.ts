import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactList, ContactListBrokers, DirectoryBroker, DirectoryPage, ExportFile, ExportLogPage } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import { call, expectOk, newApprovedBroker, newUser, startStack, type Broker } from '../requirements/support';

let stack: LocalStack;
let operator: Broker;
let owner: Broker;
let other: Broker;
const lastName = `Listee${Date.now().toString(36)}`;
const listed: Broker[] = [];

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'listop', { operator: true });
  [owner, other] = await Promise.all([newApprovedBroker(stack, operator, 'listowner'), newApprovedBroker(stack, operator, 'listother')]);
  // Three brokers who share a last name (the list's search), with names and firms a CSV must quote.
  const names = [
    ['Zoë', 'Main St, "Suite" 5 Realty'],
    ['Ana', 'Capitol; Commercial'],
    ['Bo', 'Línea\nNorte'],
  ];
  for (const [firstName, firm] of names) {
    const broker = await newApprovedBroker(stack, operator, 'listee');
    await expectOk(call(stack, broker.token, 'updatePersonalInfo', { params: { userId: broker.userId }, body: { firstName, lastName, phone: '916-555-0199', title: 'Broker' } }));
    await expectOk(call(stack, broker.token, 'updateBrokerInfo', { params: { userId: broker.userId }, body: { name: firm, address1: '1 Main St' } }));
    listed.push(broker);
  }
}, 180_000);
afterAll(() => stack?.stop());

const createList = async (body: Record<string, unknown>, as = owner) =>
  (await expectOk(call<{ list: ContactList }>(stack, as.token, 'createContactList', { body }))).list;
const exportList = (listId: string, format: 'csv' | 'vcard', as = owner) => call<ExportFile>(stack, as.token, 'exportContactList', { params: { listId }, body: { format } });

/** What the directory answers for the same search, all pages: the oracle an export is compared with. */
async function directoryCards(query: Record<string, string>): Promise<DirectoryBroker[]> {
  const cards: DirectoryBroker[] = [];
  let cursor: string | undefined;
  do {
    const page = await expectOk(call<DirectoryPage>(stack, owner.token, 'listBrokers', { query: { limit: 25, sort: 'name', ...query, ...(cursor ? { cursor } : {}) } }));
    cards.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return cards;
}

/** vCards parsed by ical.js (RFC 6350), property by property. */
function parseVcards(text: string) {
  const parsed = ICAL.parse(text) as unknown[];
  // One card parses to a jCard, several to an array of them.
  const cards = Array.isArray(parsed[0]) ? parsed : [parsed];
  return cards.map((jcard) => {
    const card = new ICAL.Component(jcard as never);
    const value = (name: string) => card.getFirstPropertyValue(name);
    return {
      version: value('version'),
      fn: value('fn'),
      n: value('n'),
      org: value('org'),
      email: value('email'),
      tel: value('tel'),
      categories: card.getFirstProperty('categories')?.getValues() ?? [],
    };
  });
}

describe('contact lists', () => {
  it('a saved filter stays current and exports as RFC 4180 CSV matching the directory, parsed by a CSV parser', async () => {
    const list = await createList({ name: 'Listees', filter: { q: lastName } });
    expect(list).toMatchObject({ kind: 'filter', members: null, filter: { q: lastName, recent: false } });
    const expected = await directoryCards({ q: lastName });
    expect(expected).toHaveLength(3);

    const answer = await expectOk(exportList(list.listId, 'csv'));
    expect(answer).toMatchObject({ fileName: 'Listees.csv', contentType: 'text/csv; charset=utf-8', rows: 3 });
    expect(answer.content).toMatch(/\r\n/);
    const rows = parseCsv(answer.content, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toEqual(
      expected.map((card) => ({
        'First Name': card.firstName,
        'Last Name': card.lastName,
        Company: card.firm?.name ?? '',
        'Job Title': card.title,
        'E-mail Address': card.email,
        'Business Phone': card.phone,
        'Business Street': '1 Main St',
        'Business City': '',
        'Business State': '',
        'Business Postal Code': '',
        Markets: card.markets.map((m) => m.name).join('; '),
        'Property Types': card.propertyTypes.map((t) => t.name).join('; '),
      })),
    );

    // A broker who opts out leaves the list (and its next export) at once.
    await expectOk(call(stack, listed[0]!.token, 'updateDirectoryPrivacy', { params: { userId: listed[0]!.userId }, body: { listed: false, showPhone: true, showEmail: true } }));
    const after = await expectOk(call<ContactListBrokers>(stack, owner.token, 'getContactList', { params: { listId: list.listId } }));
    expect(after.total).toBe(2);
    expect(after.brokers.map((b) => b.userId)).not.toContain(listed[0]!.userId);
    const again = parseCsv((await expectOk(exportList(list.listId, 'csv'))).content, { columns: true, bom: true }) as Record<string, string>[];
    expect(again.map((row) => row['E-mail Address'])).not.toContain(listed[0]!.email);
    await expectOk(call(stack, listed[0]!.token, 'updateDirectoryPrivacy', { params: { userId: listed[0]!.userId }, body: { listed: true, showPhone: true, showEmail: true } }));
  });

  it('a fixed list holds the brokers picked one by one and exports as vCard 4.0, parsed by a vCard parser', async () => {
    const list = await createList({ name: 'Picked', members: [listed[1]!.userId] });
    const updated = await expectOk(call<{ list: ContactList }>(stack, owner.token, 'updateContactList', { params: { listId: list.listId }, body: { add: [listed[2]!.userId] } }));
    expect(updated.list.members).toEqual([listed[1]!.userId, listed[2]!.userId]);
    const page = await expectOk(call<ContactListBrokers>(stack, owner.token, 'getContactList', { params: { listId: list.listId } }));
    expect(page.brokers.map((b) => b.firstName)).toEqual(['Ana', 'Bo']);

    const answer = await expectOk(exportList(list.listId, 'vcard'));
    expect(answer).toMatchObject({ fileName: 'Picked.vcf', contentType: 'text/vcard; charset=utf-8', rows: 2 });
    const cards = parseVcards(answer.content);
    expect(cards).toEqual(
      page.brokers.map((card) => ({
        version: '4.0',
        fn: `${card.firstName} ${card.lastName}`,
        n: [card.lastName, card.firstName, '', '', ''],
        org: card.firm?.name,
        email: card.email,
        tel: card.phone,
        categories: card.propertyTypes.map((t) => t.name),
      })),
    );

    const renamed = await expectOk(call<{ list: ContactList }>(stack, owner.token, 'updateContactList', { params: { listId: list.listId }, body: { name: 'Picked two', remove: [listed[1]!.userId] } }));
    expect(renamed.list).toMatchObject({ name: 'Picked two', members: [listed[2]!.userId] });
  });

  it('another broker\'s list is 404 for every call, and the owner\'s lists are theirs alone', async () => {
    const list = await createList({ name: 'Mine', members: [] });
    for (const [id, request] of [
      ['getContactList', {}],
      ['updateContactList', { body: { name: 'Stolen' } }],
      ['deleteContactList', {}],
      ['exportContactList', { body: { format: 'csv' } }],
    ] as const) {
      const answer = await call<{ message: string }>(stack, other.token, id, { params: { listId: list.listId }, ...request });
      expect(answer.status, id).toBe(404);
      expect(answer.body.message).toBe('List not found');
    }
    const mine = await expectOk(call<{ items: ContactList[] }>(stack, other.token, 'listContactLists'));
    expect(mine.items.map((l) => l.listId)).not.toContain(list.listId);
    await expectOk(call(stack, owner.token, 'deleteContactList', { params: { listId: list.listId } }));
    expect((await call(stack, owner.token, 'getContactList', { params: { listId: list.listId } })).status).toBe(404);
  });

  it('allows 20 exports a broker a day, refuses the 21st with a message, and logs every one for the operators', async () => {
    const exporter = await newApprovedBroker(stack, operator, 'exporter');
    const list = await createList({ name: 'Daily', filter: { q: lastName } }, exporter);
    for (let i = 0; i < 20; i++) await expectOk(exportList(list.listId, i % 2 ? 'vcard' : 'csv', exporter));
    const refused = await exportList(list.listId, 'csv', exporter);
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as { message: string }).message).toBe('You can export at most 20 lists a day. Try again tomorrow.');

    const log = await expectOk(call<ExportLogPage>(stack, operator.token, 'adminListExports', { query: { limit: 25 } }));
    const theirs = log.items.filter((entry) => entry.userId === exporter.userId);
    expect(theirs).toHaveLength(20);
    expect(theirs[0]).toMatchObject({ listId: list.listId, listName: 'Daily', rows: 3 });
    expect((await call(stack, owner.token, 'adminListExports', { query: { limit: 5 } })).status).toBe(403);
  });
});
