import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { savedSearchesRepository, type SavedSearchRecord } from '../../lambdas/data/saved-searches';
import { unsubscribeLinks } from '../../lambdas/domain/mail';
import { pauseSavedSearches, type PauseReport } from '../../lambdas/domain/saved-search-pausing';
import { updateSavedSearch } from '../../lambdas/domain/saved-searches';
import { usersRepository } from '../../lambdas/data/users';
import { handler as mailFeedback } from '../../lambdas/events/mail-feedback';
import { LOCAL_CONFIGURATION_SET, ruleFor } from '../../lib/local/events';
import { savedSearchStream } from '../../shared/catalog';
import { dynamoRefusing, logsDuring, sesRefusing } from './blast-support';
import { broker, mailsTo, type Actor } from './support';

/**
 * The daily pause job: a search that matched nothing for 90 days, or whose mails
 * nobody opened or clicked for 30, is paused once, with one mail offering to keep it, whatever SES, DynamoDB or a
 * crash does. The job reads every mailing search of this file's table (3 items a page here): every test runs it
 * at the same `now` (the real clock's, as a broker's "keep it" is), so what one test keeps stays kept, and
 * counts only its own searches.
 */

const now = new Date();
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const pauseMails = async (actor: Actor) => (await mailsTo(actor.record.email)).filter((mail) => mail.subject.endsWith('is paused'));

/** A search as the delivery left it: created `activeSince`, with the given bookkeeping. */
async function storedSearch(owner: Actor, fields: Partial<SavedSearchRecord> = {}): Promise<SavedSearchRecord> {
  const record = {
    savedSearchId: randomUUID(),
    ownerId: owner.record.userId,
    name: `Search ${randomUUID().slice(0, 6)}`,
    kind: 'listings',
    filters: { propertyTypeId: 'office' },
    frequency: 'instant',
    status: 'active',
    pausedReason: null,
    pausedAt: null,
    activeSince: daysAgo(200),
    createdAt: daysAgo(200),
    updatedAt: daysAgo(200),
    lastMatchedAt: daysAgo(1),
    lastAlertAt: daysAgo(1),
    lastEngagedAt: daysAgo(1),
    ...fields,
  } as SavedSearchRecord;
  await savedSearchesRepository.create(record);
  return record;
}

const stateOf = async (search: SavedSearchRecord) => {
  const stored = (await savedSearchesRepository.get(search.ownerId, search.savedSearchId))!;
  return { status: stored.status, pausedReason: stored.pausedReason, pauseMail: stored.pauseMail };
};
const quietReport = (report: PauseReport) => ({ ...report, checked: 0 });
/** The claim timeout of a pause mail, written out here rather than read from the module it tests. */
const TEN_MINUTES_MS = 10 * 60 * 1000;

describe('the pause job', () => {
  it('pauses what matched nothing for 90 days and what was mailed but unread for 30, each with one mail offering to keep it; keeps the rest', async () => {
    const owner = await broker('owner');
    const idle = await storedSearch(owner, { name: 'Quiet office', lastMatchedAt: daysAgo(91), lastAlertAt: daysAgo(91) });
    const unread = await storedSearch(owner, { name: 'Unread retail', frequency: 'daily', lastEngagedAt: daysAgo(31) });
    const neverMatched = await storedSearch(owner, { name: 'Never matched', kind: 'requirements', frequency: 'weekly', lastMatchedAt: null, lastAlertAt: null, lastEngagedAt: null });
    const kept = [
      await storedSearch(owner, { name: 'Busy office' }),
      await storedSearch(owner, { name: 'New one', activeSince: daysAgo(10), createdAt: daysAgo(10), lastMatchedAt: null, lastAlertAt: null, lastEngagedAt: null }),
      await storedSearch(owner, { name: 'Kept a month ago', activeSince: daysAgo(29), lastEngagedAt: daysAgo(60), lastMatchedAt: daysAgo(100) }),
      await storedSearch(owner, { name: 'Mailed nothing', lastAlertAt: null, lastEngagedAt: null }),
      await storedSearch(owner, { name: 'Off', frequency: 'off', lastMatchedAt: daysAgo(365) }),
    ];

    expect(await pauseSavedSearches(now)).toEqual({ checked: 7, paused: 3, mailed: 3, failed: 0, skipped: 0, lost: 0 });
    expect(await stateOf(idle)).toEqual({ status: 'paused', pausedReason: 'no-matches-90-days', pauseMail: 'sent' });
    expect(await stateOf(unread)).toEqual({ status: 'paused', pausedReason: 'no-engagement-30-days', pauseMail: 'sent' });
    expect(await stateOf(neverMatched)).toEqual({ status: 'paused', pausedReason: 'no-matches-90-days', pauseMail: 'sent' });
    for (const search of kept) expect((await stateOf(search)).status).toBe('active');

    const mails = await pauseMails(owner);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Your saved search “Never matched” is paused',
      'Your saved search “Quiet office” is paused',
      'Your saved search “Unread retail” is paused',
    ]);
    const mail = mails.find((m) => m.subject.includes('Unread retail'))!;
    expect(mail.text).toContain('its e-mails have not been opened for 30 days');
    expect(mail.text).toContain(`http://localhost:5173/consumer/saved-searches?keep=${unread.savedSearchId}`);
    const { oneClickUrl } = await unsubscribeLinks(owner.record.email, savedSearchStream(unread.savedSearchId));
    expect(mail.headers).toContainEqual({ name: 'List-Unsubscribe', value: `<${oneClickUrl}>` });

    // The next run finds them paused: nothing twice.
    expect(quietReport(await pauseSavedSearches(now))).toEqual({ checked: 0, paused: 0, mailed: 0, failed: 0, skipped: 0, lost: 0 });
    expect(await pauseMails(owner)).toHaveLength(3);

    // "Keep it" resumes the search and starts its periods again: the job leaves it alone.
    await updateSavedSearch(owner.principal, idle.savedSearchId, { resume: true });
    expect(quietReport(await pauseSavedSearches(now))).toMatchObject({ paused: 0, mailed: 0 });
    expect((await stateOf(idle)).status).toBe('active');
  });

  it('reads an open or a click of a saved search’s mail (its SES tags) as engagement: the search is not paused', async () => {
    const owner = await broker('reader');
    const read = await storedSearch(owner, { name: 'Read by click', lastEngagedAt: daysAgo(40) });
    const opened = await storedSearch(owner, { name: 'Read by open', lastEngagedAt: daysAgo(40) });
    const event = (eventType: 'Open' | 'Click', savedSearchId: string, timestamp: string) => ({
      version: '0',
      id: randomUUID(),
      'detail-type': eventType === 'Open' ? 'Email Opened' : 'Email Clicked',
      source: 'aws.ses',
      time: timestamp,
      detail: {
        eventType,
        mail: { tags: { 'ses:configuration-set': [LOCAL_CONFIGURATION_SET], owner: [owner.record.userId], [`search_${savedSearchId}`]: ['hit'] } },
        ...(eventType === 'Open' ? { open: { timestamp } } : { click: { timestamp, link: 'https://example.com' } }),
      },
    });
    const click = event('Click', read.savedSearchId, daysAgo(2));
    const open = event('Open', opened.savedSearchId, daysAgo(3));
    // The rule of the configuration set hands both to the mail feedback function.
    expect(ruleFor(click)?.id).toBe('mailFeedback');
    expect(ruleFor(open)?.id).toBe('mailFeedback');
    expect(await mailFeedback(click)).toEqual({ outcomes: [], engaged: 1 });
    expect(await mailFeedback(open)).toEqual({ outcomes: [], engaged: 1 });
    // A late repeat of an older event moves nothing back.
    expect(await mailFeedback(event('Open', opened.savedSearchId, daysAgo(20)))).toEqual({ outcomes: [], engaged: 0 });
    expect((await savedSearchesRepository.get(owner.record.userId, read.savedSearchId))?.lastEngagedAt).toBe(daysAgo(2));

    await pauseSavedSearches(now);
    expect((await stateOf(read)).status).toBe('active');
    expect((await stateOf(opened)).status).toBe('active');
    expect(await pauseMails(owner)).toEqual([]);
  });
});

describe('the pause job under faults: nothing lost, nothing sent twice', () => {
  it('SES refusing the mail: the search is paused, its mail stays pending and the next run sends it once', async () => {
    const owner = await broker('refused');
    const search = await storedSearch(owner, { lastMatchedAt: daysAgo(120) });
    const { result } = await sesRefusing([owner.record.email], () => logsDuring(() => pauseSavedSearches(now)));
    expect(quietReport(result.result)).toMatchObject({ paused: 1, mailed: 0, failed: 1 });
    expect(await stateOf(search)).toEqual({ status: 'paused', pausedReason: 'no-matches-90-days', pauseMail: 'pending' });
    expect(quietReport(await pauseSavedSearches(now))).toMatchObject({ paused: 0, mailed: 1, failed: 0 });
    expect(quietReport(await pauseSavedSearches(now))).toMatchObject({ paused: 0, mailed: 0 });
    expect(await pauseMails(owner)).toHaveLength(1);
  });

  it('DynamoDB throttling a pause, then a crash before the mails: the next run pauses and mails each once', async () => {
    const owner = await broker('throttled');
    const searches = [];
    for (let i = 0; i < 4; i++) searches.push(await storedSearch(owner, { name: `Stale ${i}`, lastMatchedAt: daysAgo(100) }));
    let pauses = 0;
    const isSecondPause = (command: { input: unknown }) => String((command.input as { UpdateExpression?: string }).UpdateExpression).startsWith('SET #status = :paused') && ++pauses === 2;
    const { result } = await logsDuring(() => dynamoRefusing(isSecondPause, () => pauseSavedSearches(now)));
    expect(quietReport(result)).toMatchObject({ paused: 3, mailed: 3, failed: 0 });
    expect((await Promise.all(searches.map(stateOf))).filter((s) => s.status === 'active')).toHaveLength(1);

    // A crash of the next run after its pause, before its mail: the mail query fails, the run dies.
    const isMailQuery = (command: { input: unknown }) => {
      const input = command.input as { IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> };
      return input.IndexName === 'gsi2' && input.ExpressionAttributeValues?.[':pk'] === 'SEARCHPAUSE';
    };
    await expect(logsDuring(() => dynamoRefusing(isMailQuery, () => pauseSavedSearches(now)))).rejects.toThrow('injected throttling');
    expect((await Promise.all(searches.map(stateOf))).map((s) => s.status)).toEqual(['paused', 'paused', 'paused', 'paused']);
    expect(await pauseMails(owner)).toHaveLength(3);
    expect(quietReport(await pauseSavedSearches(now))).toMatchObject({ paused: 0, mailed: 1 });
    expect(await pauseMails(owner)).toHaveLength(4);
    expect(new Set((await pauseMails(owner)).map((mail) => mail.subject)).size).toBe(4);
  });

  it('a pending mail whose search was kept, or whose owner was disabled or stopped mail, meanwhile: skipped, never sent', async () => {
    const owners = [await broker('keeper'), await broker('disabled'), await broker('bounced')];
    const searches = await Promise.all(owners.map((owner) => storedSearch(owner, { lastMatchedAt: daysAgo(100) })));
    const { result } = await sesRefusing(owners.map((owner) => owner.record.email), () => logsDuring(() => pauseSavedSearches(now)));
    expect(quietReport(result.result)).toMatchObject({ paused: 3, mailed: 0, failed: 3 });

    await updateSavedSearch(owners[0]!.principal, searches[0]!.savedSearchId, { resume: true });
    await usersRepository.update(owners[1]!.record.userId, { status: 'disabled' });
    await usersRepository.stopMail(owners[2]!.record.userId, { reason: 'bounce', at: now.toISOString(), detail: 'smtp; 550' });
    expect(quietReport(await pauseSavedSearches(now))).toMatchObject({ mailed: 0, failed: 0, skipped: 3 });
    expect((await Promise.all(searches.map(stateOf))).map((s) => s.pauseMail)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(quietReport(await pauseSavedSearches(now))).toMatchObject({ mailed: 0, skipped: 0 });
    for (const owner of owners) expect(await pauseMails(owner)).toEqual([]);
  });

  it('DynamoDB refusing the read of the owner: the mail counts as failed, stays pending, and the next run sends it once', async () => {
    const owner = await broker('unread-owner');
    const search = await storedSearch(owner, { lastMatchedAt: daysAgo(100) });
    const readsOwner = (command: { input: unknown }) => JSON.stringify((command.input as { Key?: unknown }).Key ?? null).includes(owner.record.userId) && !('UpdateExpression' in (command.input as object));
    const { result } = await logsDuring(() => dynamoRefusing(readsOwner, () => pauseSavedSearches(now)));
    expect(quietReport(result)).toMatchObject({ paused: 1, mailed: 0, failed: 1 });
    expect(await stateOf(search)).toMatchObject({ status: 'paused', pauseMail: 'pending' });
    expect(quietReport(await pauseSavedSearches(now))).toMatchObject({ mailed: 1, failed: 0 });
    expect(await pauseMails(owner)).toHaveLength(1);
  });

  it('a crash while SES accepts leaves the mail claimed: lost after 10 minutes, never sent again', async () => {
    const owner = await broker('crashed');
    const search = await storedSearch(owner, { lastMatchedAt: daysAgo(100) });
    const isMarkSent = (command: { input: unknown }) => JSON.stringify((command.input as { ExpressionAttributeValues?: unknown }).ExpressionAttributeValues ?? {}).includes('":to":"sent"');
    await logsDuring(() => dynamoRefusing(isMarkSent, () => pauseSavedSearches(now)));
    expect(await stateOf(search)).toMatchObject({ status: 'paused', pauseMail: 'sending' });
    expect(quietReport(await pauseSavedSearches(new Date(now.getTime() + TEN_MINUTES_MS - 1)))).toMatchObject({ mailed: 0, lost: 0 });
    expect(quietReport(await pauseSavedSearches(new Date(now.getTime() + TEN_MINUTES_MS)))).toMatchObject({ mailed: 0, lost: 1 });
    expect(await stateOf(search)).toMatchObject({ pauseMail: 'lost' });
    expect(await pauseMails(owner)).toHaveLength(1);
  });
});
