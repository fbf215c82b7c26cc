import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { usersRepository } from '../../lambdas/data/users';
import {
  createContactList,
  deleteContactList,
  exportContactList,
  exportLog,
  getContactList,
  listContactLists,
  updateContactList,
} from '../../lambdas/domain/contact-lists';
import { refreshDirectory } from '../../lambdas/domain/directory';
import { CONTACT_LISTS_MAX, createContactListRequest, DAILY_EXPORT_LIMIT, updateContactListRequest } from '../../shared/api';
import { broker, refusal, type Actor } from './support';

// Contact lists in the domain tier: a list of picks or a saved filter of the directory, read
// afresh from the directory, exported as CSV and vCard (read back with csv-parse and ical.js), 20 exports a
// day, each logged. This file's table holds its own brokers only.

async function listed(label: string, fields: Parameters<typeof broker>[1] = {}): Promise<Actor> {
  const actor = await broker(label, fields);
  await refreshDirectory(actor.record.userId);
  return actor;
}

const create = (actor: Actor, body: Record<string, unknown>) => createContactList(actor.principal, createContactListRequest.parse(body));
const update = (actor: Actor, listId: string, body: Record<string, unknown>) => updateContactList(actor.principal, listId, updateContactListRequest.parse(body));
const namesOf = (brokers: readonly { firstName: string }[]) => brokers.map((b) => b.firstName);

describe('contact lists (domain)', () => {
  it('answers its brokers\' photos and firm logos as URLs on the asset host, as the directory does', async () => {
    const owner = await broker('owner');
    // The variants the image pipeline makes for a profile photo and a logo.
    const profileImage = { profile: 'users/x/profile/profile.jpg', medium: 'users/x/profile/medium.jpg' };
    const brokerImage = { original: 'users/x/logo/original.jpg', medium: 'users/x/logo/medium.jpg', thumbnail: 'users/x/logo/thumbnail.jpg' };
    const pictured = await listed('Pia', { subscribed: [], profileImage, brokerImage, brokerInfo: { name: 'Capitol Realty', address1: '1 Capitol Mall', address2: '' } });
    const picks = await create(owner, { name: 'Pictured', members: [pictured.record.userId] });
    const [card] = (await getContactList(owner.principal, picks.listId)).brokers;
    const assetHost = process.env.ASSET_BASE_URL;
    expect(card).toMatchObject({ photoUrl: `${assetHost}/users/x/profile/profile.jpg`, firm: { logoUrl: `${assetHost}/users/x/logo/thumbnail.jpg` } });
  });

  it('keeps a list of picks, once each, by name; an unlisted broker drops out; only its owner sees, changes or deletes it', async () => {
    const [owner, stranger] = [await broker('owner'), await broker('stranger')];
    const [zoe, adam, mia] = [await listed('Zoe', { subscribed: [] }), await listed('Adam', { subscribed: [] }), await listed('Mia', { subscribed: [] })];
    const picks = await create(owner, { name: 'Picks', members: [zoe.record.userId, adam.record.userId, zoe.record.userId] });
    expect(picks).toMatchObject({ name: 'Picks', kind: 'fixed', filter: null, members: [zoe.record.userId, adam.record.userId] });
    expect(namesOf((await getContactList(owner.principal, picks.listId)).brokers)).toEqual(['Adam', 'Zoe']);

    const changed = await update(owner, picks.listId, { name: 'Renamed', add: [mia.record.userId], remove: [zoe.record.userId] });
    expect(changed).toMatchObject({ name: 'Renamed', members: [adam.record.userId, mia.record.userId] });
    await usersRepository.update(mia.record.userId, { status: 'disabled' });
    await refreshDirectory(mia.record.userId);
    expect(await getContactList(owner.principal, picks.listId)).toMatchObject({ total: 1, brokers: [{ firstName: 'Adam' }] });

    const another = await create(owner, { name: 'Another', members: [] });
    expect((await listContactLists(owner.principal)).items.map((l) => l.name)).toEqual(['Another', 'Renamed']);
    const notFound = { status: 404, message: 'List not found' };
    expect(await refusal(getContactList(stranger.principal, picks.listId))).toEqual(notFound);
    expect(await refusal(update(stranger, picks.listId, { name: 'Mine' }))).toEqual(notFound);
    expect(await refusal(deleteContactList(stranger.principal, picks.listId))).toEqual(notFound);
    await deleteContactList(owner.principal, another.listId);
    expect(await refusal(deleteContactList(owner.principal, another.listId))).toEqual(notFound);
    expect((await listContactLists(owner.principal)).items.map((l) => l.name)).toEqual(['Renamed']);
  });

  it('a saved filter reads the directory each time and takes no picks; a list of picks holds at most 500', async () => {
    const owner = await broker('filterer');
    await listed('Olive', { subscribed: ['flex-listings'] });
    const filter = await create(owner, { name: 'Flex', filter: { propertyTypeId: 'flex' } });
    expect(filter).toMatchObject({ kind: 'filter', members: null, filter: { propertyTypeId: 'flex', recent: false } });
    expect(namesOf((await getContactList(owner.principal, filter.listId)).brokers)).toEqual(['Olive']);
    await listed('Oscar', { subscribed: ['flex-requirements'] });
    await listed('Rita', { subscribed: ['retail-listings'] });
    expect(namesOf((await getContactList(owner.principal, filter.listId)).brokers)).toEqual(['Olive', 'Oscar']);
    expect(await refusal(update(owner, filter.listId, { add: [owner.record.userId] }))).toEqual({
      status: 400,
      message: 'This list is a saved filter: change the filter in the directory and save it as a new list.',
    });

    const full = await create(owner, { name: 'Full', members: Array.from({ length: 500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) });
    expect(await refusal(update(owner, full.listId, { add: [owner.record.userId] }))).toEqual({ status: 400, message: 'A list holds at most 500 brokers.' });
    expect((await update(owner, full.listId, { add: [full.members![0]!] })).members).toHaveLength(500);
  });

  it('exports CSV (Outlook\'s columns) and vCard 4.0 and 3.0 that a spreadsheet and an address book read back', async () => {
    const owner = await broker('exporter', { firstName: 'Ex', lastName: 'Porter' });
    const anna = await listed('Anna', {
      lastName: 'Émile',
      title: 'Senior Broker',
      subscribed: ['office-listings'],
      brokerInfo: { name: 'Capitol, Realty', address1: '1 Capitol Mall', address2: 'Sacramento, CA 95814' },
    });
    const list = await create(owner, { name: 'Sacramento / Office', members: [anna.record.userId] });

    const csv = await exportContactList(owner.principal, owner.record, list.listId, 'csv');
    expect(csv).toMatchObject({ fileName: 'Sacramento-Office.csv', contentType: 'text/csv; charset=utf-8', rows: 1 });
    expect(csv.content.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(csv.content, { bom: true, columns: true })).toEqual([
      {
        'First Name': 'Anna',
        'Last Name': 'Émile',
        Company: 'Capitol, Realty',
        'Job Title': 'Senior Broker',
        'E-mail Address': anna.record.email,
        'Business Phone': '916-555-0100',
        'Business Street': '1 Capitol Mall',
        'Business City': 'Sacramento',
        'Business State': 'CA',
        'Business Postal Code': '95814',
        Markets: '',
        'Property Types': 'Office',
      },
    ]);

    const vcard = await exportContactList(owner.principal, owner.record, list.listId, 'vcard');
    expect(vcard).toMatchObject({ fileName: 'Sacramento-Office.vcf', contentType: 'text/vcard; charset=utf-8', rows: 1 });
    const vcard3 = await exportContactList(owner.principal, owner.record, list.listId, 'vcard3');
    expect(vcard3).toMatchObject({ fileName: 'Sacramento-Office.vcf', contentType: 'text/vcard; charset=utf-8', rows: 1 });
    for (const [file, version] of [[vcard, '4.0'], [vcard3, '3.0']] as const) {
      const card = new ICAL.Component(ICAL.parse(file.content) as never);
      expect(card.getFirstPropertyValue('version')).toBe(version);
      expect(card.getFirstPropertyValue('fn')).toBe('Anna Émile');
      expect(card.getFirstPropertyValue('title')).toBe('Senior Broker');
      expect(card.getFirstPropertyValue('org')).toBe('Capitol, Realty');
      expect(card.getFirstPropertyValue('email')).toBe(anna.record.email);
      expect(card.getFirstProperty('tel')?.getParameter('type')).toBe('work');
      expect(card.getFirstPropertyValue('tel')).toBe('916-555-0100');
      expect(card.getFirstPropertyValue('adr')).toEqual(['', '', '1 Capitol Mall', 'Sacramento', 'CA', '95814', '']);
      expect(card.getFirstProperty('categories')?.getValues()).toEqual(['Office']);
    }

    const logged = (await exportLog({ limit: 50 })).items.filter((entry) => entry.userId === owner.record.userId);
    expect(logged.map((entry) => [entry.userName, entry.listName, entry.format, entry.rows])).toEqual([
      ['Ex Porter', 'Sacramento / Office', 'vcard3', 1],
      ['Ex Porter', 'Sacramento / Office', 'vcard', 1],
      ['Ex Porter', 'Sacramento / Office', 'csv', 1],
    ]);

    for (let i = 3; i < DAILY_EXPORT_LIMIT; i++) await exportContactList(owner.principal, owner.record, list.listId, 'csv');
    expect(await refusal(exportContactList(owner.principal, owner.record, list.listId, 'csv'))).toEqual({
      status: 429,
      message: 'You can export at most 20 lists a day. Try again tomorrow.',
    });
  });

  it('writes names and firms that start like formulas, or hold line breaks, as text in their own cell and card line', async () => {
    const owner = await broker('hostile-exporter');
    const hostile = [
      { firstName: '=HYPERLINK("https://evil.example","Click")', lastName: '+Plus', title: '-1+2', firm: '@SUM(A1:A9)' },
      { firstName: '\tTab', lastName: '\rReturn', title: 'Line\nBreak', firm: 'Semi; Colon\r\nInc' },
    ];
    const members: string[] = [];
    for (const [i, h] of hostile.entries()) {
      const actor = await listed(`hostile${i}`, { firstName: h.firstName, lastName: h.lastName, title: h.title, brokerInfo: { name: h.firm, address1: '', address2: '' } });
      members.push(actor.record.userId);
    }
    const list = await create(owner, { name: 'Hostile', members });

    const csv = (await exportContactList(owner.principal, owner.record, list.listId, 'csv')).content;
    // An importer that splits on LF alone still sees the header and two rows: every bare LF is inside quotes.
    const rows = parseCsv(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    const cells = rows.flatMap((row) => [row['First Name'], row['Last Name'], row['Job Title'], row.Company]);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell!))).toEqual([]);
    expect(rows.map((row) => [row['First Name'], row['Last Name'], row['Job Title'], row.Company]).sort()).toEqual(
      [
        [`'${hostile[0]!.firstName}`, "'+Plus", "'-1+2", "'@SUM(A1:A9)"],
        ["'\tTab", "'\rReturn", 'Line\nBreak', 'Semi; Colon\r\nInc'],
      ].sort(),
    );
    expect(csv.replace(/"(?:[^"]|"")*"/g, '').split('\n').length - 1).toBe(3);

    for (const format of ['vcard', 'vcard3'] as const) {
      const text = (await exportContactList(owner.principal, owner.record, list.listId, format)).content;
      expect(text.split('\r\n').some((line) => /[\r\n]/.test(line))).toBe(false);
      const cards = (ICAL.parse(text) as unknown[]).map((jcard) => new ICAL.Component(jcard as never));
      expect(cards.map((card) => [card.getFirstPropertyValue('fn'), card.getFirstPropertyValue('title'), card.getFirstPropertyValue('org')]).sort()).toEqual(
        [
          [`${hostile[0]!.firstName} +Plus`, '-1+2', '@SUM(A1:A9)'],
          ['\tTab \nReturn', 'Line\nBreak', 'Semi; Colon\nInc'],
        ].sort(),
      );
    }
  });

  it('keeps at most 100 lists per broker, says so, and frees a place when one is deleted', async () => {
    const owner = await broker('hoarder');
    const lists = [];
    for (let i = 0; i < CONTACT_LISTS_MAX; i++) lists.push(await create(owner, { name: `List ${i}`, members: [] }));
    expect(await refusal(create(owner, { name: 'One more', filter: {} }))).toEqual({ status: 400, message: 'You can keep at most 100 contact lists. Delete one to save another.' });
    expect((await listContactLists(owner.principal)).items).toHaveLength(CONTACT_LISTS_MAX);
    await deleteContactList(owner.principal, lists[0]!.listId);
    expect(await create(owner, { name: 'One more', filter: {} })).toMatchObject({ name: 'One more' });
    expect(await refusal(create(owner, { name: 'Yet another', members: [] }))).toMatchObject({ status: 400 });
  });

  it('takes ALL as no filter in a saved filter, as the directory does', async () => {
    const owner = await broker('allfilter');
    await listed('Allie', { subscribed: ['flex-listings'] });
    const list = await create(owner, { name: 'Everyone flex', filter: { propertyTypeId: 'flex', dealTypeId: 'ALL', marketId: 'ALL' } });
    expect(list.filter).toEqual({ propertyTypeId: 'flex', recent: false });
    expect(namesOf((await getContactList(owner.principal, list.listId)).brokers)).toContain('Allie');
  });
});
