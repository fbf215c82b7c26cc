import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, ses, sqs } from '../../lambdas/core/aws';
import { queueDepth } from '../../lib/local/sqs';
import { env } from '../../lambdas/core/env';
import { blastsRepository, type BlastRun } from '../../lambdas/data/blasts';
import { listingsRepository, type ListingRecord } from '../../lambdas/data/listings';
import { locksRepository } from '../../lambdas/data/locks';
import { runBlast, type BlastOptions } from '../../lambdas/domain/blast';
import { listedBroker } from '../../lambdas/domain/directory';
import { unsubscribeLinks } from '../../lambdas/domain/mail';
import { rememberPropertyEnd } from '../../lambdas/domain/property-history';
import { blastAndDeliver, deliverOne, drainDeliveries, dynamoRefusing, freshDeliveryQueue, intercept, logsDuring, onQuickQueue, queuedListing, retire, sesRefusing, workerDyingAtClaim } from './blast-support';
import { broker, mailsTo, type Actor } from './support';
import { createSavedSearchRequest, defaultNotificationPreferences } from '../../shared/api';
import { savedSearchesRepository } from '../../lambdas/data/saved-searches';
import { createSavedSearch } from '../../lambdas/domain/saved-searches';
import { parseDeliveryMessage } from '../../lambdas/domain/delivery/messages';
import { STALE_CLAIM_MS } from '../../lambdas/domain/delivery/send';

// PRODUCT.md "Listing lifecycle": queued → (weekday 9:00 America/New_York blast) → processing → published;
// publishedOn is when the blast sent it, expiresAt 120 days later; each listing broadcast exactly once
// (retries, crashes, overlapping runs). "Subscriptions": a broker receives a listing only if subscribed to
// its category, and nothing on a day with nothing for them; every broadcast carries RFC 8058 headers.

const DAY_MS = 24 * 3600 * 1000;
/** Monday 10 March 2025, 09:00 EDT (the clocks went forward the day before). */
const MONDAY_9 = new Date('2025-03-10T13:00:00.000Z');

let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});
/** The planner, then the delivery workers until the queue is empty. */
const blast = (options: BlastOptions = {}) => blastAndDeliver(queues, options);

const actors: Actor[] = [];
async function active(label: string, fields: Parameters<typeof broker>[1] = {}): Promise<Actor> {
  const actor = await broker(label, fields);
  actors.push(actor);
  return actor;
}

/** Each test mails only the brokers it made: earlier tests' brokers leave the active list. */
afterEach(async () => {
  await Promise.all(actors.splice(0).map(retire));
});

const digests = async (actor: Actor) => (await mailsTo(actor.record.email)).filter((mail) => /^Your BISN digest: /.test(mail.subject));
const digestCount = async (actor: Actor) => (await digests(actor)).length;
const header = (mail: { headers: { name: string; value: string }[] }, name: string) =>
  mail.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
const detailUrl = (listing: ListingRecord) => `${env().SITE_URL}/consumer/listing/${listing.listingId}`;
const lockItem = async () =>
  (await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: { pk: 'LOCK#blast', sk: 'LOCK' } }))).Item;
const runOf = async (report: { runs: { runId: string }[] }, i = 0) => (await blastsRepository.get(report.runs[i]!.runId))!;

/** A run stopped in `state` (crashed or timed out) naming `listings`, which it holds when it got that far. */
async function stoppedRun(state: BlastRun['state'], fields: Partial<BlastRun> = {}): Promise<BlastRun> {
  return blastsRepository.create({
    runId: `2025-03-07-${Math.random().toString(16).slice(2, 10)}`,
    state,
    listingIds: [],
    startedAt: '2025-03-07T14:00:00.000Z',
    publishedOn: null,
    finishedAt: null,
    sent: 0,
    failed: 0,
    attempts: 0,
    ...fields,
  });
}

describe('the weekday blast (domain)', () => {
  it('sends each approved broker one digest of the categories they follow, none of their own listings, and publishes', async () => {
    const author = await active('author', { brokerInfo: { name: 'Capitol CRE', address1: '', address2: '' } });
    const everything = await active('everything');
    const officeOnly = await active('officeonly', { subscribed: ['office-listings', 'retail-requirements'] });
    const retailOnly = await active('retailonly', { subscribed: ['retail-listings'] });
    const requirementsOnly = await active('reqonly', { subscribed: ['office-requirements', 'retail-requirements'] });
    const stopped = await active('stopped', { mailStop: { reason: 'bounce', at: '2025-03-01T00:00:00.000Z', detail: '' } });
    const pending = await active('pending', { status: 'awaiting approval' });
    const disabled = await active('disabled', { status: 'disabled' });

    const office = await queuedListing(author, { title: 'Capitol Mall office tower', propertyTypeId: 'office' }, {
      images: [{ _id: 'i1', thumbnail: 'listings/x/i1/thumbnail.webp', medium: '', large: '' }],
    });
    const retail = await queuedListing(author, {
      title: 'Folsom retail pad',
      propertyTypeId: 'retail',
      listingTypeId: 'for-lease',
      marketId: 'sac-folsom',
      sqft: null,
      minSqft: 1200,
      maxSqft: 4800,
    });
    const untyped = await queuedListing(author, { title: 'Untyped listing', propertyTypeId: null });

    const { result: report, logs } = await logsDuring(() => blast({ now: MONDAY_9 }));
    expect(logs.filter((line) => line.level === 'ERROR')).toEqual([]);
    expect(report).toEqual({
      status: 'ran',
      runs: [{ runId: expect.stringMatching(/^2025-03-10-[0-9a-f]{8}$/), listings: 3, sent: 3, failed: 0, state: 'done' }],
    });
    const run = await runOf(report);
    expect(run).toEqual({
      runId: report.runs[0]!.runId,
      state: 'done',
      listingIds: expect.arrayContaining([office.listingId, retail.listingId, untyped.listingId]),
      startedAt: MONDAY_9.toISOString(),
      publishedOn: MONDAY_9.toISOString(),
      finishedAt: expect.any(String),
      sent: 3,
      failed: 0,
      attempts: 1,
      batches: 1,
      batchesDone: 1,
      publishChunksDone: 1,
    });
    expect((await blastsRepository.deliveries(run.runId)).sort()).toEqual(
      [everything.record.userId, officeOnly.record.userId, retailOnly.record.userId].sort(),
    );

    const [both] = await digests(everything);
    expect(await digestCount(everything)).toBe(1);
    expect(both!.subject).toBe('Your BISN digest: 2 new · 03/10/2025');
    for (const part of [both!.html, both!.text]) {
      expect(part).toContain(detailUrl(office));
      expect(part).toContain(detailUrl(retail));
      expect(part).toContain('Capitol Mall office tower');
      expect(part).toContain('Folsom retail pad');
      expect(part).toContain('1,200 - 4,800 sqft');
      expect(part).not.toContain('Untyped listing');
    }
    expect(both!.text).toContain('author Tester · Capitol CRE · (916) 555-0100');
    // The HTML part's phone is a tel: link.
    expect(both!.html).toContain('author Tester · Capitol CRE<!-- --> · <a href="tel:+19165550100"');
    expect(both!.text).toContain('Broker: author Tester · Capitol CRE · (916) 555-0100');
    expect(both!.html).toContain(`${env().ASSET_BASE_URL}/listings/x/i1/thumbnail.webp`);
    const links = await unsubscribeLinks(everything.record.email, 'digest');
    expect(header(both!, 'List-Unsubscribe')).toBe(`<${links.oneClickUrl}>`);
    expect(header(both!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(both!.html).toContain(`href="${links.pageUrl}"`);

    const [one] = await digests(officeOnly);
    expect(await digestCount(officeOnly)).toBe(1);
    expect(one!.subject).toBe('Your BISN digest: 1 new · 03/10/2025');
    expect(one!.html).toContain(detailUrl(office));
    expect(one!.html).not.toContain(detailUrl(retail));
    expect(one!.html).toContain(`href="${(await unsubscribeLinks(officeOnly.record.email, 'digest')).pageUrl}"`);
    expect(one!.html).not.toContain(links.pageUrl);
    // Two one-listing digests of different categories: each broker gets their own category's listing.
    const [retailDigest] = await digests(retailOnly);
    expect(retailDigest!.subject).toBe('Your BISN digest: 1 new · 03/10/2025');
    expect(retailDigest!.html).toContain(detailUrl(retail));
    expect(retailDigest!.html).not.toContain(detailUrl(office));

    for (const quiet of [author, requirementsOnly, stopped, pending, disabled]) expect(await digestCount(quiet)).toBe(0);

    for (const listing of [office, retail, untyped]) {
      expect(await listingsRepository.get(listing.listingId)).toMatchObject({
        status: 'published',
        runId: run.runId,
        publishedOn: MONDAY_9.toISOString(),
        expiresAt: new Date(MONDAY_9.getTime() + 120 * DAY_MS).toISOString(),
        onMarketSince: MONDAY_9.toISOString(),
      });
    }
    expect(new Date(MONDAY_9.getTime() + 120 * DAY_MS).toISOString()).toBe('2025-07-08T13:00:00.000Z');
    const browse = await listingsRepository.pagePublished({ propertyTypeId: 'retail', marketId: 'sac-folsom' }, 10);
    expect(browse.items.map((item) => item.listingId)).toEqual([retail.listingId]);

    // A second run the same day finds nothing queued: it sends nothing and starts no run.
    expect(await blast({ now: new Date(MONDAY_9.getTime() + 60_000) })).toEqual({ status: 'idle', runs: [] });
    expect(await digestCount(everything)).toBe(1);
    expect(await blastsRepository.unfinished()).toEqual([]);
  });

  it('carries a broker’s daily saved search hits, read with their batch, and marks the search mailed', async () => {
    const author = await active('searchauthor');
    const searcher = await active('searcher', { subscribed: [] });
    const without = await active('nosearch', { subscribed: [] });
    await queuedListing(author, { title: 'Flex space for the search', propertyTypeId: 'flex' });
    const { search } = await createSavedSearch(
      searcher.principal,
      createSavedSearchRequest.parse({ name: 'Flex every day', kind: 'listings', filters: { propertyTypeId: 'flex' }, frequency: 'daily' }),
    );

    expect((await blast({ now: MONDAY_9 })).runs).toEqual([expect.objectContaining({ listings: 1, sent: 1, failed: 0, state: 'done' })]);
    const [mail] = await digests(searcher);
    expect(mail!.text).toMatch(/Flex every day[\s\S]*Flex space for the search/);
    expect(await digestCount(without)).toBe(0);
    expect((await savedSearchesRepository.get(searcher.record.userId, search.savedSearchId))?.lastAlertAt).toEqual(expect.any(String));
  });

  it('sends the day’s digests with nothing queued, once a day; a weekly digest waits for Monday and brings the week’s listings', async () => {
    const author = await active('author');
    const daily = await active('daily');
    const weekly = await active('weekly', { notifications: { ...defaultNotificationPreferences, digestFrequency: 'weekly' } });
    // Tuesday 11 and Monday 17 March 2025, 09:00 EDT.
    const tuesday = new Date('2025-03-11T13:00:00.000Z');
    const monday = new Date('2025-03-17T13:00:00.000Z');
    const early = await queuedListing(author, { title: 'Queued for Tuesday' });
    await blast({ now: tuesday });
    expect((await digests(daily)).map((mail) => mail.text.includes('Queued for Tuesday'))).toEqual([true]);
    expect(await digestCount(weekly)).toBe(0);
    expect(await listingsRepository.get(early.listingId)).toMatchObject({ status: 'published', publishedOn: tuesday.toISOString() });

    // The schedule fires again the same day with nothing queued: no run, no second digest.
    expect(await blast({ now: new Date(tuesday.getTime() + 60_000) })).toEqual({ status: 'idle', runs: [] });
    // A new day with nothing queued still runs (saved searches, matches, requirements): nothing new for these two.
    const wednesday = await blast({ now: new Date(tuesday.getTime() + DAY_MS) });
    expect(wednesday.runs).toMatchObject([{ listings: 0, state: 'done' }]);
    expect([await digestCount(daily), await digestCount(weekly)]).toEqual([1, 0]);

    await queuedListing(author, { title: 'Queued for Monday' });
    await blast({ now: monday });
    const [week] = await digests(weekly);
    expect(await digestCount(weekly)).toBe(1);
    expect(week!.text).toContain('Queued for Tuesday');
    expect(week!.text).toContain('Queued for Monday');
    const dailyMails = await digests(daily);
    expect(dailyMails).toHaveLength(2);
    expect(dailyMails[1]!.text).toContain('Queued for Monday');
    expect(dailyMails[1]!.text).not.toContain('Queued for Tuesday');
  });

  it('names its run after the New York day, and sends on a Saturday when run by hand', async () => {
    const author = await active('author');
    const reader = await active('reader');
    // 23:30 EST on Friday 7 March is 04:30 UTC on Saturday: the run and the subject say Friday.
    await queuedListing(author);
    const friday = await blast({ now: new Date('2025-03-08T04:30:00.000Z') });
    expect(friday.runs[0]!.runId).toMatch(/^2025-03-07-[0-9a-f]{8}$/);
    expect((await digests(reader)).map((mail) => mail.subject)).toEqual(['Your BISN digest: 1 new · 03/07/2025']);

    // The schedule skips weekends; the job itself does not look at the day.
    const saturdayListing = await queuedListing(author);
    const saturday = new Date('2025-03-08T15:00:00.000Z');
    const report = await blast({ now: saturday });
    expect(report.runs).toMatchObject([{ runId: expect.stringMatching(/^2025-03-08-/), listings: 1, sent: 1, state: 'done' }]);
    expect(await listingsRepository.get(saturdayListing.listingId)).toMatchObject({ status: 'published', publishedOn: saturday.toISOString() });
  });

  it('waits while another run holds a live lease, takes over a lapsed one, and gives its own back', async () => {
    const author = await active('author');
    const reader = await active('reader');
    const listing = await queuedListing(author);
    expect(await locksRepository.acquire('blast', 60_000, 'another-run')).toBe(true);
    expect(await blast()).toEqual({ status: 'busy', runs: [] });
    expect((await listingsRepository.get(listing.listingId))!.status).toBe('queued');
    expect(await digestCount(reader)).toBe(0);

    // The holder crashed ten minutes ago: its five-minute lease lapsed.
    await locksRepository.release('blast', 'another-run');
    expect(await locksRepository.acquire('blast', 5 * 60_000, 'crashed-run', Date.now() - 10 * 60_000)).toBe(true);
    const leases: { owner: unknown; ttl: number }[] = [];
    const restore = intercept(sqs(), async () => {
      const lock = await lockItem();
      leases.push({ owner: lock?.owner, ttl: Number(lock?.expiresAtMs) - Date.parse(String(lock?.acquiredAt)) });
    });
    const report = await blast().finally(restore);
    expect(report).toMatchObject({ status: 'ran', runs: [{ sent: 1, state: 'done' }] });
    // While it plans it holds a lease of its own, of five minutes (renewed after every page); the workers need none.
    expect(leases[0]).toEqual({ owner: expect.not.stringMatching(/^crashed-run$/), ttl: 5 * 60_000 });
    expect(await digestCount(reader)).toBe(1);
    expect(await lockItem()).toBeUndefined();
    expect(await blast()).toEqual({ status: 'idle', runs: [] });
  });

  it('stops planning when another run took its lease, and the next run plans again without sending anyone twice', async () => {
    const author = await active('author');
    const first = await active('first');
    const second = await active('second');
    await queuedListing(author);
    let stolen = false;
    const restore = intercept(sqs(), async () => {
      if (stolen) return;
      stolen = true;
      // Another process believes the lease lapsed (its clock is ahead) and takes it over.
      expect(await locksRepository.acquire('blast', 60 * 60_000, 'thief', Date.now() + 6 * 60_000)).toBe(true);
    });
    await expect(runBlast({ batchSize: 1 }).finally(restore)).rejects.toThrow('blast lease lost to another run');
    const [run] = await blastsRepository.unfinished();
    expect(run).toMatchObject({ state: 'planning', sent: 0, attempts: 0 });
    // The thief's lease stays: this run gives back only its own.
    expect((await lockItem())?.owner).toBe('thief');
    expect(await runBlast()).toEqual({ status: 'busy', runs: [] });
    await locksRepository.release('blast', 'thief');

    // Its batches went out before it stopped; the next planner enqueues them again: the ledger keeps one digest each.
    expect(await blast()).toEqual({ status: 'ran', runs: [{ runId: run!.runId, listings: 1, sent: 2, failed: 0, state: 'done' }] });
    expect([await digestCount(first), await digestCount(second)]).toEqual([1, 1]);
    // The first planner's three batches (of one broker each: the author, who gets nothing, and the two readers)
    // and the second's one, numbered alike: 0, 1 and 2 through.
    expect(await blastsRepository.get(run!.runId)).toMatchObject({ state: 'done', attempts: 1, batches: 1, batchesDone: 3 });
  });

  it('a worker killed mid-batch leaves its messages to come back: every broker gets the digest once', async () => {
    const author = await active('author');
    const readers = [await active('crowd0'), await active('crowd1'), await active('crowd2'), await active('crowd3'), await active('crowd4')];
    const listing = await queuedListing(author);
    // One batch: the author (who gets nothing) and the five readers.
    const planned = await runBlast({ batchSize: 6 });
    expect(planned.runs).toMatchObject([{ batches: 1, state: 'sending' }]);

    // The worker dies as it claims its third digest: from then on none of its claims returns (the two mails
    // it had handed to SES go out; their claims, not marked yet, stay `sending`).
    const restore = await workerDyingAtClaim(queues, 3);
    const counts = async () => Promise.all(readers.map(digestCount));
    try {
      await vi.waitFor(async () => expect((await counts()).reduce((sum, n) => sum + n, 0)).toBe(2), { timeout: 20_000, interval: 200 });
    } finally {
      restore();
    }
    expect((await listingsRepository.get(listing.listingId))!.status).toBe('processing');

    // After the visibility timeout (longer than STALE_CLAIM_MS: the infra test) the message comes back to a
    // live worker, which counts the two stale claims as sent and sends the three missing.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + STALE_CLAIM_MS, shouldAdvanceTime: true });
    try {
      await drainDeliveries(queues);
    } finally {
      vi.useRealTimers();
    }
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
    expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'published' });
    expect(await blastsRepository.get(planned.runs[0]!.runId)).toMatchObject({ state: 'done', sent: 5, failed: 0, batchesDone: 1 });
  });

  it('SES throttling past the SDK retries: the batch comes back and only the digests still missing are sent', async () => {
    const author = await active('author');
    const readers = [await active('throttled0'), await active('throttled1'), await active('throttled2')];
    await queuedListing(author);
    // The next 6 sends to them are refused as over the account's rate: the SDK's three tries of the first
    // two mails (the other files' mails on the emulator go through).
    const to = readers.map((reader) => reader.record.email);
    await fetch(`${process.env.AWS_ENDPOINT_URL_SESV2}/throttle`, { method: 'PUT', body: JSON.stringify({ sends: 6, to }) });
    const { result: report } = await logsDuring(() => blast({ now: MONDAY_9 }));
    expect(report.runs).toMatchObject([{ sent: 3, failed: 0, state: 'done' }]);
    expect(await Promise.all(readers.map(digestCount))).toEqual([1, 1, 1]);
  }, 60_000);

  it('retries the digests SES refused by delivering their batch again, keeping the publish time', async () => {
    const author = await active('author');
    const accepted = await active('accepted');
    const refused = await active('refused');
    const listing = await queuedListing(author);
    let refusals = 0;
    const restore = intercept(ses(), (command) => {
      const to = (command.input as { Destination?: { ToAddresses?: string[] } }).Destination?.ToAddresses ?? [];
      if (to.includes(refused.record.email) && ++refusals <= 2) throw Object.assign(new Error('Daily sending quota exceeded'), { name: 'LimitExceededException' });
    });
    const report = await blast({ now: MONDAY_9 }).finally(restore);
    expect(refusals).toBe(3);
    expect(report.runs).toEqual([{ runId: expect.any(String), listings: 1, sent: 2, failed: 0, state: 'done' }]);
    expect((await blastsRepository.deliveries(report.runs[0]!.runId)).sort()).toEqual([accepted.record.userId, refused.record.userId].sort());
    expect([await digestCount(accepted), await digestCount(refused)]).toEqual([1, 1]);
    expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'published', publishedOn: MONDAY_9.toISOString() });
    expect(await blast()).toEqual({ status: 'idle', runs: [] });
  });

  it('counts a delivery claim DynamoDB refused as failed, and the redelivery sends that digest', async () => {
    const author = await active('author');
    const reader = await active('reader');
    const throttled = await active('throttled');
    await queuedListing(author);
    let refused = 0;
    const refusedClaim = (command: { input: unknown }) =>
      command instanceof PutCommand && (command.input as { Item?: { sk?: string } }).Item?.sk === `SENT#${throttled.record.userId}` && ++refused === 1;
    const report = await dynamoRefusing(refusedClaim, () => blast());
    expect(refused).toBe(2);
    expect(report.runs).toMatchObject([{ sent: 2, failed: 0, state: 'done' }]);
    expect([await digestCount(reader), await digestCount(throttled)]).toEqual([1, 1]);
  });

  it('gives up on digests that keep failing on the fifth delivery of their batch, and publishes', async () => {
    const author = await active('author');
    const bouncing = await active('bouncing');
    const reader = await active('reader');
    const listing = await queuedListing(author);
    const { result, logs } = await logsDuring(() => sesRefusing([bouncing.record.email], () => blast({ now: MONDAY_9 })));
    // Refused on every delivery the worker saw (the emulator may count a receive a long poll handed back twice).
    expect(new Set(result.refused)).toEqual(new Set([bouncing.record.email]));
    expect(result.result.runs).toEqual([{ runId: expect.any(String), listings: 1, sent: 1, failed: 1, state: 'done' }]);
    expect(logs.filter((line) => line.level === 'ERROR')).toMatchObject([
      { message: 'blast: giving up on digests that keep failing', failed: 1 },
      { message: 'blast: digests given up on after every delivery failed', failed: 1 },
    ]);
    expect(await blastsRepository.unfinished()).toEqual([]);
    expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'published', publishedOn: MONDAY_9.toISOString() });
    expect([await digestCount(bouncing), await digestCount(reader)]).toEqual([0, 1]);
    expect(await queueDepth(queues.client, queues.deadLetterQueueUrl)).toEqual({ visible: 0, inFlight: 0 });
  });

  it('sends a poison message to the dead-letter queue after five deliveries, where the alarm sees it', () =>
    onQuickQueue(async (quick) => {
      await quick.client.send(new SendMessageCommand({ QueueUrl: quick.queueUrl, MessageBody: '{"kind":"blast-digests","runId":' }));
      await quick.client.send(new SendMessageCommand({ QueueUrl: quick.queueUrl, MessageBody: JSON.stringify({ kind: 'instant-alert' }) }));
      const { logs } = await logsDuring(() => drainDeliveries(quick));
      expect(logs.filter((line) => line.message === 'delivery message failed').length).toBeGreaterThanOrEqual(2);
      // The metric the dead-letter queue's alarm watches (ApproximateNumberOfMessagesVisible > 0).
      expect(await queueDepth(quick.client, quick.deadLetterQueueUrl)).toEqual({ visible: 2, inFlight: 0 });
    }), 60_000);

  it('resumes a run stopped while claiming: listings gone or taken drop out, then unfinished runs go before a fresh one', async () => {
    const author = await active('author');
    const reader = await active('reader');
    const kept = await queuedListing(author, { title: 'Kept while claiming' });
    const taken = await queuedListing(author, { title: 'Taken by another run' }, { status: 'processing', runId: 'another-run' });
    const claiming = await stoppedRun('claiming', { listingIds: [kept.listingId, 'deleted-meanwhile', taken.listingId] });
    const emptyRun = await stoppedRun('claiming', { listingIds: ['deleted-too'], startedAt: '2025-03-07T14:00:01.000Z' });
    const fresh = await queuedListing(author, { title: 'Queued after the crash' });

    const report = await blast({ now: MONDAY_9 });
    expect(report.status).toBe('ran');
    expect(report.runs).toHaveLength(3);
    const byId = new Map(report.runs.map((r) => [r.runId, r]));
    expect(byId.get(claiming.runId)).toEqual({ runId: claiming.runId, listings: 1, sent: 1, failed: 0, state: 'done' });
    expect(byId.get(emptyRun.runId)).toEqual({ runId: emptyRun.runId, listings: 0, sent: 0, failed: 0, state: 'done' });
    expect(report.runs[2]).toEqual({ runId: expect.stringMatching(/^2025-03-10-/), listings: 1, sent: 1, failed: 0, state: 'done' });
    // With nothing left to claim it still plans its day's digests (saved searches, matches), of which the reader had none.
    expect(await blastsRepository.get(emptyRun.runId)).toMatchObject({ state: 'done', listingIds: [], finishedAt: expect.any(String), attempts: 1 });
    expect(await blastsRepository.get(claiming.runId)).toMatchObject({ listingIds: [kept.listingId] });

    const mails = await digests(reader);
    expect(mails).toHaveLength(2);
    expect(mails.filter((mail) => mail.text.includes('Kept while claiming'))).toHaveLength(1);
    expect(mails.filter((mail) => mail.text.includes('Queued after the crash'))).toHaveLength(1);
    expect(mails.some((mail) => mail.text.includes('Taken by another run'))).toBe(false);
    expect(await listingsRepository.get(taken.listingId)).toMatchObject({ status: 'processing', runId: 'another-run' });
    expect(await listingsRepository.get(fresh.listingId)).toMatchObject({ status: 'published' });
  });

  it('sends only the listings its run still holds, and a run stopped while publishing publishes without mailing', async () => {
    const author = await active('author');
    const reader = await active('reader');
    const sending = await stoppedRun('planning', { publishedOn: MONDAY_9.toISOString() });
    const own = await queuedListing(author, { title: 'Held by the run' }, { status: 'processing', runId: sending.runId });
    const other = await queuedListing(author, { title: 'Held by someone else' }, { status: 'processing', runId: 'someone-else' });
    await blastsRepository.advance(sending.runId, 'planning', { listingIds: [own.listingId, other.listingId, 'deleted-meanwhile'] });
    const publishing = await stoppedRun('publishing', { publishedOn: '2025-03-07T14:05:00.000Z', attempts: 1 });
    const left = await queuedListing(author, { title: 'Sent, not yet published' }, { status: 'processing', runId: publishing.runId });
    await blastsRepository.advance(publishing.runId, 'publishing', { listingIds: [left.listingId] });

    const report = await blast({ now: MONDAY_9 });
    const byId = new Map(report.runs.map((r) => [r.runId, r]));
    expect(byId.get(sending.runId)).toEqual({ runId: sending.runId, listings: 3, sent: 1, failed: 0, state: 'done' });
    expect(byId.get(publishing.runId)).toEqual({ runId: publishing.runId, listings: 1, sent: 0, failed: 0, state: 'done' });
    const mails = await digests(reader);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Held by the run');
    expect(mails[0]!.text).not.toContain('Held by someone else');
    expect(mails[0]!.text).not.toContain('Sent, not yet published');
    expect(await listingsRepository.get(own.listingId)).toMatchObject({ status: 'published', publishedOn: MONDAY_9.toISOString() });
    expect(await listingsRepository.get(other.listingId)).toMatchObject({ status: 'processing' });
    expect(await listingsRepository.get(left.listingId)).toMatchObject({
      status: 'published',
      publishedOn: '2025-03-07T14:05:00.000Z',
      expiresAt: '2025-07-05T14:05:00.000Z',
    });
    expect(await blastsRepository.get(publishing.runId)).toMatchObject({ state: 'done', attempts: 1, finishedAt: expect.any(String) });
  });

  it('marks a property back on BISN cheaper than its last listing, and continues its days and price history', async () => {
    const author = await active('author');
    const reader = await active('reader');
    const address = { address1: `77 ${Math.random().toString(36).slice(2, 10)} Way`, address2: '' };
    const base = Date.now();
    const ended = new Date(base - 2 * DAY_MS).toISOString();
    const earlier = await queuedListing(author, { ...address, price: 1_500_000, leasePrice: 1.5 }, { status: 'expired', publishedOn: new Date(base - 12 * DAY_MS).toISOString() });
    await rememberPropertyEnd({ ...earlier, publishedOn: earlier.publishedOn! }, ended);
    await listingsRepository.delete(earlier.listingId);
    const now = new Date();
    const back = await queuedListing(author, { ...address, title: 'Back on BISN cheaper', price: 1_200_000, leasePrice: 1.5 });

    await blast({ now });
    const [mail] = await digests(reader);
    for (const part of [mail!.html, mail!.text]) expect(part).toContain('Price reduced 20 % since its last listing');
    const published = await listingsRepository.get(back.listingId);
    expect(published).toMatchObject({
      status: 'published',
      onMarketSince: new Date(now.getTime() - 10 * DAY_MS).toISOString(),
      priceHistory: [
        { at: ended, price: 1_500_000, leasePrice: 1.5 },
        { at: now.toISOString(), price: 1_200_000, leasePrice: 1.5 },
      ],
    });
    const days = await listingsRepository.pagePublished({}, 50, undefined, 'daysOnBisn');
    expect(days.items.find((item) => item.listingId === back.listingId)?.onMarketSince).toBe(published!.onMarketSince);
  });

  it('takes a listing its owner deleted during the publish back out of the browser', async () => {
    const author = await active('author');
    const listing = await queuedListing(author, { title: 'Deleted while publishing' });
    let deleted = false;
    const restoreable = await import('./blast-support');
    const restore = restoreable.intercept(documentClient(), async (command) => {
      if (deleted || !(command instanceof BatchWriteCommand)) return;
      const writes = Object.values((command.input as { RequestItems: Record<string, { PutRequest?: { Item: { listingId?: string } } }[]> }).RequestItems).flat();
      if (!writes.some((w) => w.PutRequest?.Item.listingId === listing.listingId)) return;
      deleted = true;
      await documentClient().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key: { pk: `LST#${listing.listingId}`, sk: 'LST' } }));
    });
    try {
      await blast();
    } finally {
      restore();
    }
    expect(deleted).toBe(true);
    expect(await listingsRepository.get(listing.listingId)).toBeNull();
    const browse = await listingsRepository.pagePublished({}, 100);
    expect(browse.items.map((item) => item.listingId)).not.toContain(listing.listingId);
    const days = await listingsRepository.pagePublished({}, 100, undefined, 'daysOnBisn');
    expect(days.items.map((item) => item.listingId)).not.toContain(listing.listingId);
  });
  it('sends nothing for listings of no category, and publishes them', async () => {
    const author = await active('author');
    const readers = [await active('para0'), await active('para1'), await active('para2')];
    const untyped = await queuedListing(author, { propertyTypeId: null });
    expect((await blast()).runs).toEqual([{ runId: expect.any(String), listings: 1, sent: 0, failed: 0, state: 'done' }]);
    expect(await Promise.all(readers.map(digestCount))).toEqual([0, 0, 0]);
    expect(await listingsRepository.get(untyped.listingId)).toMatchObject({ status: 'published' });
  });

  it('publishes a run’s listings in chunks of a page, one queue message each, every chunk counted once; then each owner’s directory card', async () => {
    const authors = [await active('chunker'), await active('chunker2')];
    // Seven listings of two owners, three a page: three publishing messages, shared by the workers.
    const listings = await Promise.all(Array.from({ length: 7 }, (_, n) => queuedListing(authors[n % 2]!, { propertyTypeId: null })));
    const [run] = (await blast()).runs;
    expect(run).toMatchObject({ listings: 7, state: 'done' });
    expect(await blastsRepository.get(run!.runId)).toMatchObject({ state: 'done', publishChunksDone: 3 });
    for (const listing of listings) expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'published', publishedOn: expect.any(String) });
    // Refreshed once per owner when the run is done, not per chunk.
    expect(await Promise.all(authors.map(async (author) => (await listedBroker(author.record.userId)).activeListings))).toEqual([4, 3]);
  });

  it('without digests (the demo’s seed) publishes its listings before it returns, counts the day as sent and mails nobody', async () => {
    const author = await active('seeder');
    const reader = await active('seedreader');
    const listing = await queuedListing(author);
    // Wednesday 9 April 2025, 15:45 EDT: a first start in the afternoon.
    const afternoon = new Date('2025-04-09T19:45:00.000Z');
    expect((await runBlast({ now: afternoon, digests: false })).runs).toEqual([{ runId: expect.any(String), listings: 1, batches: 0, state: 'done' }]);
    expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'published' });
    expect(await queueDepth(queues.client, queues.queueUrl)).toEqual({ visible: 0, inFlight: 0 });
    expect(await digestCount(reader)).toBe(0);
    // The day's blast is done: a second run that day finds nothing to send.
    expect((await blast({ now: new Date(afternoon.getTime() + 60_000) })).runs).toEqual([]);
    expect(await digestCount(reader)).toBe(0);
  });

  it('plans digests only for brokers whose digest day it is and whose mail is not stopped', async () => {
    const author = await active('author');
    const daily = await active('daily');
    const weekly = await active('weekly', { notifications: { ...defaultNotificationPreferences, digestFrequency: 'weekly' } });
    const stopped = await active('stopped', { mailStop: { reason: 'bounce', at: '2025-04-01T00:00:00.000Z', detail: 'mailbox does not exist' } });
    await queuedListing(author);
    const planned: string[] = [];
    const restore = intercept(sqs(), ({ input }) => {
      for (const { MessageBody } of (input as { Entries?: { MessageBody: string }[] }).Entries ?? []) {
        const job = parseDeliveryMessage(MessageBody);
        if (job.kind === 'blast-digests') planned.push(...job.recipients.map((recipient) => recipient.userId));
      }
    });
    try {
      // Tuesday 8 April 2025, 09:00 EDT.
      await blast({ now: new Date('2025-04-08T13:00:00.000Z') });
    } finally {
      restore();
    }
    expect(planned).toEqual(expect.arrayContaining([author.record.userId, daily.record.userId]));
    expect(planned).not.toContain(weekly.record.userId);
    expect(planned).not.toContain(stopped.record.userId);
  });

  it('publishes a run only after its last batch: until then its listings wait and only its other batches are on the queue', async () => {
    const author = await active('author');
    const readers = [await active('first'), await active('second')];
    const listing = await queuedListing(author, { title: 'Waits for every batch' });
    const [run] = (await runBlast({ batchSize: 1 })).runs;
    const batches = run!.batches!;
    expect(batches).toBeGreaterThanOrEqual(3);
    for (let through = 1; through < batches; through++) {
      expect(await deliverOne(queues)).toMatchObject({ kind: 'blast-digests' });
      expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'processing' });
      expect(await queueDepth(queues.client, queues.queueUrl)).toEqual({ visible: batches - through, inFlight: 0 });
    }
    await drainDeliveries(queues);
    expect(await listingsRepository.get(listing.listingId)).toMatchObject({ status: 'published' });
    expect(await blastsRepository.get(run!.runId)).toMatchObject({ state: 'done' });
    for (const reader of readers) expect((await digests(reader)).filter((mail) => mail.text.includes('Waits for every batch'))).toHaveLength(1);
  });

  it('resumes a run whose batches were all sent but whose publishing was lost: it publishes without mailing; a run with a batch still out waits', async () => {
    const author = await active('author');
    const reader = await active('reader');
    const sentRun = async (title: string, batches: number) => {
      const run = await stoppedRun('planning', { publishedOn: '2025-03-07T14:05:00.000Z' });
      const listing = await queuedListing(author, { title }, { status: 'processing', runId: run.runId });
      await blastsRepository.advance(run.runId, 'sending', { listingIds: [listing.listingId], batches });
      await blastsRepository.completeBatch(run.runId, 0, 1, 0);
      return { run, listing };
    };
    const through = await sentRun('Sent, its publishing lost', 1);
    const waiting = await sentRun('Its second batch still out', 2);
    try {
      const report = await blast({ now: MONDAY_9 });
      const byId = new Map(report.runs.map((r) => [r.runId, r]));
      expect(byId.get(through.run.runId)).toMatchObject({ sent: 1, state: 'done' });
      expect(await listingsRepository.get(through.listing.listingId)).toMatchObject({ status: 'published', publishedOn: '2025-03-07T14:05:00.000Z' });
      expect(byId.get(waiting.run.runId)).toMatchObject({ state: 'sending' });
      expect(await listingsRepository.get(waiting.listing.listingId)).toMatchObject({ status: 'processing' });
      expect(await digestCount(reader)).toBe(0);
    } finally {
      // Out of the unfinished runs, which the file's later blasts would resume.
      for (const { run } of [through, waiting]) await blastsRepository.advance(run.runId, 'done');
    }
  });
});
