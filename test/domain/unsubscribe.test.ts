import { randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../lambdas/data/table';
import { usersRepository } from '../../lambdas/data/users';
import { listedBroker, refreshDirectory } from '../../lambdas/domain/directory';
import { unsubscribeLinks, unsubscribeToken } from '../../lambdas/domain/mail';
import {
  readUnsubscribeLink,
  requestUnsubscribeLink,
  unsubscribeWithToken,
  updateFromUnsubscribeLink,
} from '../../lambdas/domain/unsubscribe';
import { savedSearchStream, subscriptionCategories } from '../../shared/catalog';
import { listingsSearchFilters } from '../../shared/api';
import { notificationPreferencesOf } from '../../shared/rules';
import { savedSearchesRepository } from '../../lambdas/data/saved-searches';
import { newSavedSearchRecord } from '../../lambdas/domain/saved-searches';
import { newEmail, refusal } from './accounts-support';
import { broker, mailsTo } from './support';

const allCategories = subscriptionCategories.map((c) => c.id);
const linkSent = { statusCode: '200', body: { message: 'If this address receives BISN e-mails, we have sent it a link to confirm.' } };
const unsubscribed = { statusCode: '200', body: { message: 'Unsubscribed successfully' } };
const invalidLink = { status: 400, message: 'This unsubscribe link is not valid. Enter your e-mail address to unsubscribe instead.' };
const rateLimited = { status: 429, message: 'Too many unsubscribe requests. Please wait an hour and try again.' };
const HOUR_MS = 3_600_000;

/** A client address no other test uses. */
const freshClient = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
const on = (state: { subscriptions: { _id: string; subscribed: boolean }[] }) => state.subscriptions.filter((s) => s.subscribed).map((s) => s._id);

/** The hourly window counter the form keeps for `name` and `key` now. */
async function windowOf(name: string, key: string) {
  const now = Date.now();
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `RATE#${name}#${key}`, sk: `WINDOW#${now - (now % HOUR_MS)}` } }));
  return Item && { hits: Item.hits as number, expiresAtEpoch: Item.expiresAtEpoch as number, windowStart: now - (now % HOUR_MS) };
}

describe('the public form', () => {
  it('mails an account a signed link to its unsubscribe page and changes nothing', async () => {
    const { record } = await broker('reader');
    const client = freshClient();
    expect(await requestUnsubscribeLink(`  ${record.email.toUpperCase()} `, client)).toEqual(linkSent);
    expect((await usersRepository.get(record.userId))?.subscribed).toEqual(allCategories);

    const mails = await mailsTo(record.email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm how you want to hear from BISN']);
    const { pageUrl, oneClickUrl } = await unsubscribeLinks(record.email, 'all');
    expect(pageUrl).toContain(encodeURIComponent(await unsubscribeToken(record.email, 'all')));
    expect(mails[0]!.html).toContain(pageUrl.replace(/&/g, '&amp;'));
    expect(mails[0]!.text).toContain(pageUrl);
    expect(mails[0]!.headers).toContainEqual({ name: 'List-Unsubscribe', value: `<${oneClickUrl}>` });

    // The request counted against the client and the (normalised) address, each in an hourly window.
    for (const [name, key] of [['unsubscribe-client', client], ['unsubscribe-address', record.email]] as const) {
      const window = await windowOf(name, key);
      expect(window?.hits).toBe(1);
      expect(window!.expiresAtEpoch).toBe(Math.ceil((window!.windowStart + HOUR_MS) / 1000) + 60);
    }
  });

  it('answers the same for an address without an account and for one whose mail is stopped, and mails neither', async () => {
    const stranger = newEmail('stranger');
    expect(await requestUnsubscribeLink(stranger, freshClient())).toEqual(linkSent);
    const { record } = await broker('stoppedreader', { mailStop: { reason: 'bounce', at: '2024-01-01T00:00:00.000Z', detail: 'smtp; 550' } });
    expect(await requestUnsubscribeLink(record.email, freshClient())).toEqual(linkSent);
    expect(await mailsTo(stranger)).toEqual([]);
    expect(await mailsTo(record.email)).toEqual([]);
  });

  it('takes 3 requests an hour per address, from any client, then 429 and no mail', async () => {
    const { record } = await broker('flooded');
    for (let i = 0; i < 3; i++) expect(await requestUnsubscribeLink(record.email, freshClient())).toEqual(linkSent);
    expect(await refusal(requestUnsubscribeLink(record.email.toUpperCase(), freshClient()))).toEqual(rateLimited);
    expect(await mailsTo(record.email)).toHaveLength(3);
  });

  it('takes 30 requests an hour per client, then 429; another client is not held back', async () => {
    const client = freshClient();
    const answers = await Promise.all(Array.from({ length: 31 }, () => refusal(requestUnsubscribeLink(newEmail('parallel'), client))));
    expect(answers.filter((a) => a === null)).toHaveLength(30);
    expect(answers.filter((a) => a !== null)).toEqual([rateLimited]);
    expect(await requestUnsubscribeLink(newEmail('neighbour'), freshClient())).toEqual(linkSent);
  });
});

describe('one click (RFC 8058)', () => {
  it('unsubscribes the address from every category and the match notices, raising the version; the directory follows', async () => {
    // Subscriptions narrowed to some categories: the directory says what the broker works on from them.
    const { record } = await broker('oneclick', { subscribed: ['office-listings', 'retail-requirements'] });
    await refreshDirectory(record.userId);
    expect((await listedBroker(record.userId)).propertyTypes).not.toEqual([]);
    expect(await unsubscribeWithToken(await unsubscribeToken(record.email))).toEqual(unsubscribed);
    expect(await usersRepository.get(record.userId)).toMatchObject({ subscribed: [], matchNotices: false, version: 1 });
    expect((await listedBroker(record.userId)).propertyTypes).toEqual([]);

    // Once more: nothing left to stop, nothing written.
    const before = await usersRepository.get(record.userId);
    expect(await unsubscribeWithToken(await unsubscribeToken(record.email, 'office-requirements'))).toEqual(unsubscribed);
    expect(await usersRepository.get(record.userId)).toEqual(before);
  });

  it('stops the match notices of an address with no category left, and the categories of one with notices off', async () => {
    const noCategories = await broker('nocategories', { subscribed: [] });
    await unsubscribeWithToken(await unsubscribeToken(noCategories.record.email));
    expect(await usersRepository.get(noCategories.record.userId)).toMatchObject({ subscribed: [], matchNotices: false, version: 1 });

    const noNotices = await broker('nonotices', { matchNotices: false });
    await unsubscribeWithToken(await unsubscribeToken(noNotices.record.email));
    expect(await usersRepository.get(noNotices.record.userId)).toMatchObject({ subscribed: [], matchNotices: false, version: 1 });
  });

  it('turns off exactly the stream the mail came from', async () => {
    const listingCategories = subscriptionCategories.filter((c) => c.channel === 'listings').map((c) => c.id);
    const requirementCategories = subscriptionCategories.filter((c) => c.channel === 'requirements').map((c) => c.id);
    const { record } = await broker('streams', { notifications: { requirements: 'digest', matches: 'digest', digestFrequency: 'weekdays', digestLimit: 25 } });
    const search = async (frequency: 'instant' | 'daily' | 'weekly') => {
      const saved = newSavedSearchRecord({ savedSearchId: `s-${frequency}-${record.userId.slice(0, 8)}`, ownerId: record.userId, name: frequency, kind: 'listings', filters: listingsSearchFilters.parse({}), frequency }, new Date().toISOString());
      await savedSearchesRepository.create(saved);
      return saved.savedSearchId;
    };
    const [instant, daily, weekly] = [await search('instant'), await search('daily'), await search('weekly')];
    const frequencies = async () => Object.fromEntries((await savedSearchesRepository.all(record.userId)).map((s) => [s.savedSearchId, s.frequency]));
    const click = async (stream: Parameters<typeof unsubscribeToken>[1]) => unsubscribeWithToken(await unsubscribeToken(record.email, stream));

    // One saved search's mail: that search only.
    await click(savedSearchStream(instant));
    expect(await frequencies()).toEqual({ [instant]: 'off', [daily]: 'daily', [weekly]: 'weekly' });
    expect((await usersRepository.get(record.userId))?.subscribed).toEqual(allCategories);

    // One category of listings: that category only.
    await click(listingCategories[0]!);
    expect((await usersRepository.get(record.userId))?.subscribed).toEqual(allCategories.filter((id) => id !== listingCategories[0]));

    // The digest: every listing category, the requirements and matches it carried, its saved searches; the
    // requirement categories stay.
    await click('digest');
    expect(await usersRepository.get(record.userId)).toMatchObject({
      subscribed: requirementCategories,
      matchNotices: false,
      notifications: { requirements: 'off', matches: 'digest', digestFrequency: 'weekdays', digestLimit: 25 },
    });
    expect(await frequencies()).toEqual({ [instant]: 'off', [daily]: 'off', [weekly]: 'off' });

    // A requirement category's broadcast: that category, which the profile then shows off; the other
    // categories' broadcasts keep coming.
    const instantReader = await broker('requirementstream');
    await unsubscribeWithToken(await unsubscribeToken(instantReader.record.email, requirementCategories[0]!));
    const reader = await usersRepository.get(instantReader.record.userId);
    expect(reader).toMatchObject({ subscribed: allCategories.filter((id) => id !== requirementCategories[0]), version: 1 });
    expect(notificationPreferencesOf(reader?.notifications).requirements).toBe('instant');
  });

  it('the digest of a broker whose requirements and matches come instantly stops only the listings', async () => {
    const { record } = await broker('digestonly');
    await unsubscribeWithToken(await unsubscribeToken(record.email, 'digest'));
    const user = await usersRepository.get(record.userId);
    expect(user?.subscribed).toEqual(subscriptionCategories.filter((c) => c.channel === 'requirements').map((c) => c.id));
    expect(notificationPreferencesOf(user?.notifications)).toMatchObject({ requirements: 'instant', matches: 'instant' });
    expect(user?.matchNotices).not.toBe(false);
  });

  it('answers the same for a valid link of an address without an account, and refuses a forged one', async () => {
    expect(await unsubscribeWithToken(await unsubscribeToken(newEmail('gone')))).toEqual(unsubscribed);
    const { record } = await broker('victim');
    const forged = `${Buffer.from(record.email).toString('base64url')}.${'A'.repeat(43)}`;
    expect(await refusal(unsubscribeWithToken(forged))).toEqual(invalidLink);
    expect((await usersRepository.get(record.userId))?.subscribed).toEqual(allCategories);
  });
});

describe('the link page', () => {
  it('shows the address, the stream and the subscriptions, and changes nothing', async () => {
    const { record } = await broker('scanned', { subscribed: ['office-requirements', 'retail-listings'] });
    const token = await unsubscribeToken(record.email, 'office-requirements');
    const state = await readUnsubscribeLink(token);
    expect(state).toEqual({
      email: record.email,
      stream: { id: 'office-requirements', name: 'Office Requirements' },
      subscriptions: subscriptionCategories.map((c) => ({ _id: c.id, name: c.name, subscribed: c.id === 'office-requirements' || c.id === 'retail-listings' })),
      turnedOff: [],
    });
    expect(await usersRepository.get(record.userId)).toEqual(record);

    const stranger = newEmail('nobody');
    const none = await readUnsubscribeLink(await unsubscribeToken(stranger, 'listings'));
    expect(none.stream).toEqual({ id: 'listings', name: 'the weekday listings blast' });
    expect(none.email).toBe(stranger);
    expect(on(none)).toEqual([]);
    expect(await refusal(readUnsubscribeLink('no-dot-in-this-token'))).toEqual(invalidLink);
  });

  it('“Unsubscribe from <stream>” turns off what one click does and lists exactly that; “Re-subscribe” turns each on again', async () => {
    const listingCategories = subscriptionCategories.filter((c) => c.channel === 'listings');
    const { record } = await broker('buttons', { notifications: { requirements: 'digest', matches: 'digest', digestFrequency: 'weekdays', digestLimit: 25 } });
    await refreshDirectory(record.userId);
    const daily = newSavedSearchRecord({ savedSearchId: `s-daily-${record.userId.slice(0, 8)}`, ownerId: record.userId, name: 'Midtown office', kind: 'listings', filters: listingsSearchFilters.parse({}), frequency: 'daily' }, new Date().toISOString());
    await savedSearchesRepository.create(daily);
    const token = await unsubscribeToken(record.email, 'digest');

    const done = await updateFromUnsubscribeLink(token, { turnOff: 'stream' });
    expect(done.turnedOff).toEqual([
      ...listingCategories.map((c) => ({ switch: { kind: 'category', id: c.id }, name: c.name })),
      { switch: { kind: 'requirements', delivery: 'digest' }, name: 'Requirement broadcasts in your digest' },
      { switch: { kind: 'matches' }, name: 'Match notices' },
      { switch: { kind: 'search', savedSearchId: daily.savedSearchId, frequency: 'daily' }, name: 'Saved search “Midtown office” (in the daily digest)' },
    ]);
    expect(on(done)).toEqual(allCategories.filter((id) => id.endsWith('-requirements')));
    expect(await usersRepository.get(record.userId)).toMatchObject({ matchNotices: false, notifications: { requirements: 'off' }, version: 1 });
    expect((await savedSearchesRepository.get(record.userId, daily.savedSearchId))?.frequency).toBe('off');

    // Once more: nothing was on, nothing is listed or written.
    expect((await updateFromUnsubscribeLink(token, { turnOff: 'stream' })).turnedOff).toEqual([]);
    expect((await usersRepository.get(record.userId))?.version).toBe(1);

    // Each item turns on again as it was.
    const again = await updateFromUnsubscribeLink(token, { turnOn: [done.turnedOff[0]!.switch, done.turnedOff.at(-1)!.switch] });
    expect(on(again)).toEqual(allCategories.filter((id) => id === listingCategories[0]!.id || id.endsWith('-requirements')));
    expect(again.turnedOff).toEqual([]);
    expect((await savedSearchesRepository.get(record.userId, daily.savedSearchId))?.frequency).toBe('daily');
    await updateFromUnsubscribeLink(token, { turnOn: done.turnedOff.map((t) => t.switch) });
    expect(await usersRepository.get(record.userId)).toMatchObject({ subscribed: allCategories, matchNotices: true, notifications: { requirements: 'digest' }, version: 3 });
    // Everything on again says nothing of what they work on (everyone starts so): the card follows.
    expect((await listedBroker(record.userId)).propertyTypes).toEqual([]);
  });

  it('“Unsubscribe from all” turns off every category, the requirements and the match notices, whatever the stream', async () => {
    const { record } = await broker('allbutton', { subscribed: ['office-requirements', 'retail-listings'] });
    const done = await updateFromUnsubscribeLink(await unsubscribeToken(record.email, 'office-requirements'), { turnOff: 'all' });
    expect(done.turnedOff.map((t) => t.name)).toEqual(['Retail Listings', 'Office Requirements', 'Requirement broadcasts (each at once)', 'Match notices']);
    expect(on(done)).toEqual([]);
    expect(await usersRepository.get(record.userId)).toMatchObject({ subscribed: [], matchNotices: false, notifications: { requirements: 'off' } });
  });

  it('answers the page of an address without an account, and refuses a forged link, changing nothing', async () => {
    const stranger = newEmail('ghost');
    const state = await updateFromUnsubscribeLink(await unsubscribeToken(stranger, 'all'), { turnOff: 'all' });
    expect(state).toMatchObject({ email: stranger, stream: { id: 'all', name: 'all our e-mails' }, turnedOff: [] });
    expect(on(state)).toEqual([]);
    const { record } = await broker('forgedpage');
    const genuine = await unsubscribeToken(record.email, 'office-requirements');
    expect(await refusal(updateFromUnsubscribeLink(genuine.replace('.office-requirements.', '.retail-requirements.'), { turnOff: 'all' }))).toEqual(invalidLink);
    expect((await usersRepository.get(record.userId))?.subscribed).toEqual(allCategories);
  });
});
