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
import { createContactListRequest, DAILY_EXPORT_LIMIT, updateContactListRequest } from '../../shared/api';
import { broker, refusal, type Actor } from './support';

// Contact lists (issue 15) in the domain tier: a list of picks or a saved filter of the directory, read
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

  it('exports CSV and vCard a spreadsheet and an address book read back, logs each export, and takes 20 a day', async () => {
    const owner = await broker('exporter', { firstName: 'Ex', lastName: 'Porter' });
    const anna = await listed('Anna', { lastName: 'Émile', subscribed: ['office-listings'], brokerInfo: { name: 'Capitol, Realty', address1: '1 Capitol Mall', address2: '' } });
    const list = await create(owner, { name: 'Sacramento / Office', members: [anna.record.userId] });

    const csv = await exportContactList(owner.principal, owner.record, list.listId, 'csv');
    expect(csv).toMatchObject({ fileName: 'Sacramento-Office.csv', contentType: 'text/csv; charset=utf-8', rows: 1 });
    expect(csv.content.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(csv.content, { bom: true, columns: true })).toEqual([
      {
        'First Name': 'Anna',
        'Last Name': 'Émile',
        Company: 'Capitol, Realty',
        'E-mail Address': anna.record.email,
        'Business Phone': '916-555-0100',
        Markets: '',
        'Property Types': 'Office',
      },
    ]);

    const vcard = await exportContactList(owner.principal, owner.record, list.listId, 'vcard');
    expect(vcard).toMatchObject({ fileName: 'Sacramento-Office.vcf', contentType: 'text/vcard; charset=utf-8', rows: 1 });
    const card = new ICAL.Component(ICAL.parse(vcard.content) as never);
    expect(card.getFirstPropertyValue('fn')).toBe('Anna Émile');
    expect(card.getFirstPropertyValue('org')).toBe('Capitol, Realty');
    expect(card.getFirstPropertyValue('email')).toBe(anna.record.email);
    expect(card.getFirstProperty('categories')?.getValues()).toEqual(['Office']);

    const logged = (await exportLog({ limit: 50 })).items.filter((entry) => entry.userId === owner.record.userId);
    expect(logged.map((entry) => [entry.userName, entry.listName, entry.format, entry.rows])).toEqual([
      ['Ex Porter', 'Sacramento / Office', 'vcard', 1],
      ['Ex Porter', 'Sacramento / Office', 'csv', 1],
    ]);

    for (let i = 2; i < DAILY_EXPORT_LIMIT; i++) await exportContactList(owner.principal, owner.record, list.listId, 'csv');
    expect(await refusal(exportContactList(owner.principal, owner.record, list.listId, 'csv'))).toEqual({
      status: 429,
      message: 'You can export at most 20 lists a day. Try again tomorrow.',
    });
  });
});
