import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedSearchesRepository } from '../../lambdas/data/saved-searches';
import { searchAlertsRepository } from '../../lambdas/data/search-alerts';
import { unsubscribeLinks } from '../../lambdas/domain/mail';
import { matchListing, matchRequirement } from '../../lambdas/domain/matching';
import { createSavedSearch, updateSavedSearch } from '../../lambdas/domain/saved-searches';
import { ALERT_FRESH_MS, deliverSearchAlert, HIT_CLAIM_TIMEOUT_MS } from '../../lambdas/domain/saved-search-alerts';
import { blastsRepository } from '../../lambdas/data/blasts';
import { listingsRepository } from '../../lambdas/data/listings';
import { usersRepository } from '../../lambdas/data/users';
import { savedSearchStream, type PropertyTypeId } from '../../shared/catalog';
import { alertsDelivered, dynamoRefusing, freshDeliveryQueue, logsDuring } from './blast-support';
import { refuseMails, storedListing, storedRequirement } from './matching-support';
import { broker, mailsTo, type Actor } from './support';

/**
 * Instant saved-search alerts: the job (every minute) finds the instant searches each newly public
 * item fits and enqueues each search whose mail is due; the delivery worker mails it its hits, at most once an
 * hour, exactly once whatever SES, DynamoDB or a crash does. The job reads every queued item and waiting hit of
 * this file's table: each test leaves none waiting, keeps to a property type of its own, and its items and
 * searches span pages (3 items a page here).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const quiet = { items: 0, hits: 0, queued: 0, deferred: 0, lost: 0, mailed: 0, alerted: 0, failed: 0, skipped: 0 };

let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});
/** The alert job at `now` (the clock the tests move), then the workers' deliveries of what it queued. */
const alertRun = (now?: Date) => alertsDelivered(queues, now);
type InstantAlertReport = typeof quiet;
const alertsTo = async (actor: Actor) => (await mailsTo(actor.record.email)).filter((mail) => / on BISN$/.test(mail.subject) && mail.subject.includes('for “'));

const instantSearch = async (owner: Actor, name: string, kind: 'listings' | 'requirements', filters: Record<string, string>) =>
  (await createSavedSearch(owner.principal, { name, kind, filters, frequency: 'instant' } as unknown as Parameters<typeof createSavedSearch>[1])).search;

/** A listing published now by `owner` (as the blast leaves it) and handed to matching, which queues its alerts. */
async function publish(owner: Actor, propertyTypeId: PropertyTypeId, fields: { marketId?: string; title?: string; publishedOn?: string } = {}) {
  const listing = await storedListing(owner.record, { propertyTypeId, title: `${propertyTypeId} ${randomUUID().slice(0, 6)}`, ...fields });
  await matchListing(listing);
  return listing;
}

describe('instant alerts', () => {
  it('mail an instant search’s owner the new listings and requirements that fit it, at most once an hour, later hits batched into the next', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const retail = await instantSearch(seeker, 'Midtown retail', 'listings', { propertyTypeId: 'retail', marketId: 'sac-midtown' });
    const needs = await instantSearch(seeker, 'Retail needs', 'requirements', { propertyTypeId: 'retail' });
    // A daily search that fits: no hit (the digest carries it), but its match is recorded (the pausing reads it).
    const daily = (await createSavedSearch(seeker.principal, { name: 'Retail daily', kind: 'listings', filters: { propertyTypeId: 'retail' }, frequency: 'daily' } as unknown as Parameters<typeof createSavedSearch>[1])).search;
    // More instant searches than a page, of other people: none of them fits.
    for (let i = 0; i < 4; i++) await instantSearch(lister, `Lister's land ${i}`, 'listings', { propertyTypeId: 'land' });
    const now = Date.now();
    const first = await publish(lister, 'retail', { marketId: 'sac-midtown', title: 'Corner shop on J Street' });
    const second = await publish(lister, 'retail', { marketId: 'sac-midtown', title: 'Shop on K Street' });
    await publish(lister, 'retail', { marketId: 'sac-downtown-sacramento', title: 'Downtown shop' });
    await publish(seeker, 'retail', { marketId: 'sac-midtown', title: 'The seeker’s own shop' });
    const requirement = await storedRequirement(lister.record, { propertyTypeId: 'retail', title: 'Wanted: retail bay' });
    await matchRequirement(requirement);

    expect(await alertRun(new Date(now + MINUTE_MS))).toEqual({ ...quiet, items: 5, hits: 3, queued: 2, mailed: 2, alerted: 3 });
    const alerts = await alertsTo(seeker);
    expect(alerts).toHaveLength(2);
    const listingsAlert = alerts.find((mail) => mail.subject.includes('Midtown retail'));
    const requirementsAlert = alerts.find((mail) => mail.subject.includes('Retail needs'));
    expect(listingsAlert!.subject).toBe('2 new listings for “Midtown retail” on BISN');
    expect(requirementsAlert!.subject).toBe('1 new requirement for “Retail needs” on BISN');
    expect(listingsAlert!.text.indexOf(first.title)).toBeLessThan(listingsAlert!.text.indexOf(second.title));
    expect(listingsAlert!.text).not.toContain('Downtown shop');
    expect(listingsAlert!.text).not.toContain('own shop');
    expect(listingsAlert!.html).toContain('http://localhost:5173/consumer/listings?propertyTypeId=retail&amp;marketId=sac-midtown');
    expect(requirementsAlert!.html).toContain(`/consumer/requirement/${requirement.requirementId}`);
    const { oneClickUrl } = await unsubscribeLinks(seeker.record.email, savedSearchStream(retail.savedSearchId));
    expect(listingsAlert!.headers).toContainEqual({ name: 'List-Unsubscribe', value: `<${oneClickUrl}>` });
    expect(await savedSearchesRepository.get(seeker.record.userId, needs.savedSearchId)).toMatchObject({ lastAlertAt: new Date(now + MINUTE_MS).toISOString() });
    expect(await savedSearchesRepository.get(seeker.record.userId, daily.savedSearchId)).toMatchObject({ lastMatchedAt: new Date(now + MINUTE_MS).toISOString(), lastAlertAt: null });

    // Within the hour: new hits wait (batched), then go out together once the hour is over, to the millisecond.
    const third = await publish(lister, 'retail', { marketId: 'sac-midtown', title: 'Third shop' });
    const fourth = await publish(lister, 'retail', { marketId: 'sac-midtown', title: 'Fourth shop' });
    expect(await alertRun(new Date(now + 10 * MINUTE_MS))).toEqual({ ...quiet, items: 2, hits: 2, deferred: 1 });
    expect(await alertRun(new Date(now + MINUTE_MS + HOUR_MS - 1))).toEqual({ ...quiet, deferred: 1 });
    expect(await alertRun(new Date(now + MINUTE_MS + HOUR_MS))).toEqual({ ...quiet, queued: 1, mailed: 1, alerted: 2 });
    const later = (await alertsTo(seeker)).filter((mail) => mail.subject.includes('Midtown retail'));
    expect(later.map((mail) => mail.subject)).toEqual(['2 new listings for “Midtown retail” on BISN', '2 new listings for “Midtown retail” on BISN']);
    expect(later[1]!.text).toContain(third.title);
    expect(later[1]!.text).toContain(fourth.title);
    expect(await alertRun(new Date(now + 3 * HOUR_MS))).toEqual(quiet);
    expect(await alertsTo(seeker)).toHaveLength(3);
  });

  it('leave out items public for more than a day, items a search was saved after, and searches not instant; a search turned off before its mail has its hits skipped', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker2'), broker('lister2')]);
    await publish(lister, 'flex', { publishedOn: new Date(Date.now() - 25 * HOUR_MS).toISOString(), title: 'An old flex space' });
    await publish(lister, 'flex', { title: 'A flex space listed before the search' });
    const search = await instantSearch(seeker, 'Flex', 'listings', { propertyTypeId: 'flex' });
    await createSavedSearch(seeker.principal, { name: 'Flex daily', kind: 'listings', filters: { propertyTypeId: 'flex' }, frequency: 'daily' } as unknown as Parameters<typeof createSavedSearch>[1]);
    expect(await alertRun()).toEqual({ ...quiet, items: 2 });

    await publish(lister, 'flex', { title: 'A new flex space' });
    const report = await alertRunAfterHits(() => updateSavedSearch(seeker.principal, search.savedSearchId, { frequency: 'off' }));
    expect(report).toEqual({ ...quiet, queued: 1, skipped: 1 });
    expect(await alertsTo(seeker)).toEqual([]);
  });
});

describe('instant alerts beside the blast', () => {
  it('leave out a listing the owner’s digest of its blast carried; mail it to one who does not follow its category, or did not get that digest', async () => {
    const [follower, other, late, lister] = await Promise.all([broker('follower'), broker('nonfollower', { subscribed: [] }), broker('late'), broker('blastlister')]);
    const searches = await Promise.all([follower, other, late].map((seeker) => instantSearch(seeker, 'Folsom flex', 'listings', { propertyTypeId: 'flex', marketId: 'sac-folsom' })));
    const runId = `run-${randomUUID().slice(0, 8)}`;
    const claimedAt = new Date().toISOString();
    for (const seeker of [follower, other]) await blastsRepository.claimDelivery(runId, seeker.record.userId, claimedAt);
    await blastsRepository.markDelivered(runId, [follower, other].map((seeker) => ({ userId: seeker.record.userId, claimedAt })));
    const listing = await storedListing(lister.record, { propertyTypeId: 'flex', marketId: 'sac-folsom', title: 'Folsom flex in the blast', runId });
    await matchListing(listing);

    expect(await alertRun()).toMatchObject({ items: 1, hits: 3, queued: 3, mailed: 2, alerted: 2, skipped: 1 });
    expect(await alertsTo(follower)).toEqual([]);
    for (const seeker of [other, late]) expect((await alertsTo(seeker)).map((mail) => mail.text.includes('Folsom flex in the blast'))).toEqual([true]);
    for (const [i, seeker] of [follower, other, late].entries()) await updateSavedSearch(seeker.principal, searches[i]!.savedSearchId, { frequency: 'off' });
  });
});

describe('instant alerts at their edges', () => {
  it('take an item public exactly a day before the run, saved the very instant the search was; not one a millisecond older', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker6'), broker('lister6')]);
    const search = await instantSearch(seeker, 'Midtown offices', 'listings', { propertyTypeId: 'office', marketId: 'sac-midtown' });
    const savedAt = Date.parse(search.createdAt);
    await publish(lister, 'office', { marketId: 'sac-midtown', title: 'Office public as the search was saved', publishedOn: search.createdAt });
    await publish(lister, 'office', { marketId: 'sac-midtown', title: 'Office public a millisecond earlier', publishedOn: new Date(savedAt - 1).toISOString() });
    expect(await alertRun(new Date(savedAt + ALERT_FRESH_MS))).toEqual({ ...quiet, items: 2, hits: 1, queued: 1, mailed: 1, alerted: 1 });
    const [alert] = await alertsTo(seeker);
    expect(alert!.text).toContain('Office public as the search was saved');
    expect(alert!.text).not.toContain('a millisecond earlier');
    // Each entry names its broker, as the digest's do.
    expect(alert!.text).toContain('lister6 Tester');
  });

  it('announce nothing of an item no longer public when the job reads it, and skip a hit whose listing went before its mail', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker7'), broker('lister7')]);
    await instantSearch(seeker, 'Downtown offices', 'listings', { propertyTypeId: 'office', marketId: 'sac-downtown-sacramento' });
    await instantSearch(seeker, 'Office needs', 'requirements', { propertyTypeId: 'office' });
    const expired = await storedListing(lister.record, { propertyTypeId: 'office', marketId: 'sac-downtown-sacramento', status: 'expired' });
    const withdrawn = await storedRequirement(lister.record, { propertyTypeId: 'office', status: 'withdrawn' });
    await searchAlertsRepository.queue({ kind: 'listings', itemId: expired.listingId, publicAt: expired.publishedOn! });
    await searchAlertsRepository.queue({ kind: 'requirements', itemId: withdrawn.requirementId, publicAt: withdrawn.sentAt });
    expect(await alertRun()).toEqual({ ...quiet, items: 2 });

    const gone = await publish(lister, 'office', { marketId: 'sac-downtown-sacramento' });
    expect(await alertRunAfterHits(() => listingsRepository.delete(gone.listingId))).toEqual({ ...quiet, queued: 1, skipped: 1 });
    expect(await alertsTo(seeker)).toEqual([]);
  });

  it('skip the hits of a search paused, or of an owner disabled or mail-stopped, since they were found; a second delivery within the hour sends nothing', async () => {
    const seekers = await Promise.all([broker('seeker8'), broker('seeker9'), broker('seeker10')]);
    const lister = await broker('lister8');
    const searches = await Promise.all(seekers.map((seeker) => instantSearch(seeker, 'Arden offices', 'listings', { propertyTypeId: 'office', marketId: 'sac-east-sacramento' })));
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * MINUTE_MS);
    await publish(lister, 'office', { marketId: 'sac-east-sacramento' });
    expect(await alertRun(at(1))).toEqual({ ...quiet, items: 1, hits: 3, queued: 3, mailed: 3, alerted: 3 });
    await publish(lister, 'office', { marketId: 'sac-east-sacramento' });
    expect(await alertRun(at(10))).toEqual({ ...quiet, items: 1, hits: 3, deferred: 3 });
    // The same search delivered again (a slow queue) while its hour is not over: it waits.
    const [paused, disabled, stopped] = seekers.map((seeker) => seeker.record.userId);
    expect(await deliverSearchAlert({ kind: 'search-alert', ownerId: paused!, savedSearchId: searches[0]!.savedSearchId, at: at(10).toISOString() })).toMatchObject({ mailed: 0, deferred: 1 });

    await savedSearchesRepository.pause(paused!, searches[0]!.savedSearchId, 'no-engagement-30-days', at(15).toISOString());
    await usersRepository.update(disabled!, { status: 'disabled' });
    await usersRepository.stopMail(stopped!, { reason: 'bounce', at: at(15).toISOString(), detail: 'smtp; 550' });
    // The paused search goes out at once (its worker skips its hits); the other two wait for their hour, then are skipped.
    expect(await alertRun(at(20))).toEqual({ ...quiet, queued: 1, skipped: 1, deferred: 2 });
    expect(await alertRun(at(61))).toEqual({ ...quiet, queued: 2, skipped: 2 });
    expect(await Promise.all(seekers.map(async (seeker) => (await alertsTo(seeker)).length))).toEqual([1, 1, 1]);
  });
});

/** Records the queued items' hits (a first run whose mails SES refuses), runs `between`, then the next run; answers the next run's report. */
async function alertRunAfterHits(between: () => Promise<unknown>): Promise<InstantAlertReport> {
  const restore = refuseMails();
  try {
    await logsDuring(() => alertRun());
  } finally {
    restore();
  }
  await between();
  return alertRun();
}

describe('instant alerts under faults: nothing lost, nothing sent twice', () => {
  it('SES refusing: the hits and the hour are given back, and the next run sends once', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker3'), broker('lister3')]);
    await instantSearch(seeker, 'Industrial', 'listings', { propertyTypeId: 'industrial' });
    for (let i = 0; i < 4; i++) await publish(lister, 'industrial');
    const restore = refuseMails((to) => to === seeker.record.email);
    const { result } = await logsDuring(() => alertRun()).finally(restore);
    expect(result).toEqual({ ...quiet, items: 4, hits: 4, queued: 1, failed: 1 });
    expect(await alertsTo(seeker)).toEqual([]);
    expect(await alertRun()).toEqual({ ...quiet, queued: 1, mailed: 1, alerted: 4 });
    expect((await alertsTo(seeker)).map((mail) => mail.subject)).toEqual(['4 new listings for “Industrial” on BISN']);
    expect(await alertRun(new Date(Date.now() + 2 * HOUR_MS))).toEqual(quiet);
  });

  it('DynamoDB throttling a hit or a claim: the item stays queued or the claims are given back; every hit goes out once', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker4'), broker('lister4')]);
    await instantSearch(seeker, 'Apartments', 'listings', { propertyTypeId: 'apartment' });
    for (let i = 0; i < 4; i++) await publish(lister, 'apartment');
    let puts = 0;
    const isHitPut = (command: { input: unknown }) => (command.input as { Item?: { type?: string } }).Item?.type === 'searchHit' && ++puts === 3;
    const { result: throttled } = await logsDuring(() => dynamoRefusing(isHitPut, () => alertRun()));
    // Three items gave their hits and left the queue; the throttled one stays for the next run. The hits found went out.
    expect(throttled).toEqual({ ...quiet, items: 3, hits: 3, queued: 1, mailed: 1, alerted: 3 });
    let claims = 0;
    const isSecondClaim = (command: { input: unknown }) => JSON.stringify((command.input as { ExpressionAttributeValues?: unknown }).ExpressionAttributeValues ?? {}).includes('"sending"') && ++claims === 1;
    const { result: refused } = await logsDuring(() => dynamoRefusing(isSecondClaim, () => alertRun(new Date(Date.now() + 2 * HOUR_MS))));
    expect(refused).toEqual({ ...quiet, items: 1, hits: 1, queued: 1, failed: 1 });
    expect(await alertRun(new Date(Date.now() + 2 * HOUR_MS))).toEqual({ ...quiet, queued: 1, mailed: 1, alerted: 1 });
    expect((await alertsTo(seeker)).map((mail) => mail.subject)).toEqual(['3 new listings for “Apartments” on BISN', '1 new listing for “Apartments” on BISN']);
  });

  it('a run that crashed after SES accepted leaves its hits claimed: lost after 10 minutes, never sent again', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker5'), broker('lister5')]);
    await instantSearch(seeker, 'Speciality', 'listings', { propertyTypeId: 'speciality' });
    await publish(lister, 'speciality');
    const isMarkSent = (command: { input: unknown }) => JSON.stringify((command.input as { ExpressionAttributeValues?: unknown }).ExpressionAttributeValues ?? {}).includes('":to":"sent"');
    const crashedAt = new Date();
    await logsDuring(() => dynamoRefusing(isMarkSent, () => alertRun(crashedAt)));
    expect(await alertsTo(seeker)).toHaveLength(1);
    expect(await alertRun(new Date(crashedAt.getTime() + HIT_CLAIM_TIMEOUT_MS - 1))).toEqual(quiet);
    expect(await alertRun(new Date(crashedAt.getTime() + HIT_CLAIM_TIMEOUT_MS))).toEqual({ ...quiet, lost: 1 });
    expect(await alertRun(new Date(crashedAt.getTime() + 3 * HOUR_MS))).toEqual(quiet);
    expect(await alertsTo(seeker)).toHaveLength(1);
    let waiting = 0;
    for await (const page of searchAlertsRepository.awaiting()) waiting += page.length;
    expect(waiting).toBe(0);
  });
});
