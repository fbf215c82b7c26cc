import { Cron } from 'croner';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, ses } from '../../../lambdas/core/aws';
import { env } from '../../../lambdas/core/env';
import { runBlast } from '../../../lambdas/domain/blast';
import { subscriptionCategories } from '../../../shared/catalog';
import { jobs } from '../../../shared/api/routes';
import { defaultNotificationPreferences, digestLimits, type Listing, type ListingPage } from '../../../shared/api';
import { buildDigest, nextBlastAt } from '../../../shared/rules';
import { localSchedule } from '../../../lib/local/scheduler';
import type { LocalStack } from '../../../lib/local/stack';
import { digestEntry } from '../../../lambdas/domain/mail/templates/digest-entry';
import { listingDigestEntry, personalDigestMail } from '../../../lambdas/domain/mail/templates/personal-digest';
import { unsubscribeLinks } from '../../../lambdas/domain/mail';
import { senderPostalAddress } from '../../../shared/catalog/product';
import { sampleListing, sampleOwner } from '../../../lib/local/mail-samples';
import { mailCount, readReceivedMails } from '../requirements/support';
import {
  call,
  expectOk,
  getListing,
  newApprovedBroker,
  newUser,
  queuedListing,
  readMailStore,
  runBlastJob,
  startStack,
  type Broker,
  type StoredMail,
} from './support';

let stack: LocalStack;
let operator: Broker;
let author: Broker;
let everything: Broker;
let officeOnly: Broker;
let noListings: Broker;
let unapproved: Broker;
let disabled: Broker;

async function subscribe(broker: Broker, subscribed: (categoryId: string) => boolean) {
  await expectOk(
    call(stack, broker.token, 'updateSubscriptions', {
      params: { userId: broker.userId },
      body: { subscriptions: subscriptionCategories.map((c) => ({ subscriptionId: c.id, subscribed: subscribed(c.id) })) },
    }),
  );
}

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  [author, everything, officeOnly, noListings, disabled, unapproved] = await Promise.all([
    newApprovedBroker(stack, operator, 'author'),
    newApprovedBroker(stack, operator, 'everything'),
    newApprovedBroker(stack, operator, 'officeonly'),
    newApprovedBroker(stack, operator, 'nolistings'),
    newApprovedBroker(stack, operator, 'disabled'),
    newUser(stack, 'unapproved'),
  ]);
  await subscribe(officeOnly, (id) => id === 'office-listings' || id.endsWith('-requirements'));
  await subscribe(noListings, (id) => id.endsWith('-requirements'));
  await expectOk(call(stack, operator.token, 'adminDisableUser', { params: { userId: disabled.userId } }));
});

afterAll(async () => stack?.stop());

/** Digest mails sent while `action` ran. */
async function mailsDuring(action: () => Promise<unknown>): Promise<StoredMail[]> {
  const before = (await readMailStore(stack)).length;
  await action();
  return (await readMailStore(stack)).slice(before).filter((m) => /^Your BISN digest: /.test(m.subject));
}

const to = (mails: StoredMail[], broker: Broker) => mails.filter((m) => m.to.includes(broker.email));
/** How many digests to `broker` carried the listing (by its detail link). */
const deliveries = (mails: StoredMail[], broker: Broker, listing: Listing) =>
  to(mails, broker).filter((m) => m.html?.includes(`/consumer/listing/${listing.listingId}"`)).length;

/** Flushes what earlier tests left queued, so each test sees only its own listings. */
afterEach(async () => {
  await runBlastJob();
});

type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;

/** Wraps a client's send in this process (handlers and jobs share the module-scope clients); returns the undo. */
function intercept(client: { send: unknown }, before: (command: { input: unknown }) => void): () => void {
  const original = client.send as Send;
  client.send = ((command: { input: unknown }, ...rest: unknown[]) => {
    before(command);
    return original.call(client, command, ...rest);
  }) as Send;
  return () => {
    client.send = original;
  };
}

describe('weekday blast', () => {
  it('sends each approved broker one digest with the listings of the categories they follow', async () => {
    const office = await queuedListing(stack, author, { title: 'Capitol Mall office', propertyTypeId: 'office' });
    const retail = await queuedListing(stack, author, {
      title: 'Folsom retail pad',
      propertyTypeId: 'retail',
      listingTypeId: 'for-lease',
      marketId: 'sac-folsom',
      sqft: null,
      minSqft: 1200,
      maxSqft: 4800,
    });
    const started = Date.now();
    const mails = await mailsDuring(async () => {
      const report = await runBlastJob();
      expect(report).toMatchObject({ status: 'ran', runs: [{ listings: 2, sent: 2 }] });
    });

    expect(to(mails, everything)).toHaveLength(1);
    // Both listings are the author's own: they are left out of the author's digest, which is then empty.
    expect(to(mails, author)).toEqual([]);
    expect(to(mails, officeOnly)).toHaveLength(1);
    expect(deliveries(mails, everything, office) + deliveries(mails, everything, retail)).toBe(2);
    expect([deliveries(mails, officeOnly, office), deliveries(mails, officeOnly, retail)]).toEqual([1, 0]);
    for (const broker of [noListings, unapproved, disabled, operator]) expect(to(mails, broker)).toEqual([]);

    const [digest] = to(mails, everything);
    expect(digest!.subject).toMatch(/^Your BISN digest: 2 new · \d\d\/\d\d\/\d{4}$/);
    const site = env().SITE_URL;
    for (const part of [digest!.html!, digest!.text!]) {
      expect(part).toContain(`${site}/consumer/listing/${office.listingId}`);
      expect(part).toContain('Capitol Mall office');
      expect(part).toContain('Price: $1,250,000');
      expect(part).toContain('Lease rate: $1.50 per sqft / Monthly');
      expect(part).toContain('12,500 sqft');
      expect(part).toContain('Midtown');
      expect(part).toContain('1,200 - 4,800 sqft');
      expect(part).toContain('Folsom');
      // When the space is available, from the draft the support module saves.
      expect(part).toContain('Available: In 60 days');
    }
    expect(digest!.html).toContain(office.images[0]!.thumbnail);
    expect(digest!.html).toContain('Unsubscribe');
    const header = (name: string) => digest!.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
    expect(header('List-Unsubscribe')).toMatch(/^<.+\/unsubscribe\/one-click\?token=.+>$/);
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    for (const listing of [office, retail]) {
      const { listing: published } = await expectOk(getListing(stack, everything, listing.listingId));
      expect(published.status).toBe('published');
      const publishedOn = new Date(published.publishedOn!).getTime();
      expect(publishedOn).toBeGreaterThanOrEqual(started - 1000);
      expect(new Date(published.expiresAt!).getTime() - publishedOn).toBe(120 * 24 * 3600 * 1000);
    }
    const browse = await expectOk(call<ListingPage>(stack, everything.token, 'listListings', { query: { propertyTypeId: 'retail' } }));
    expect(browse.items.map((i) => i.listingId)).toContain(retail.listingId);
  });

  it('sends nothing on a second run the same day', async () => {
    await queuedListing(stack, author);
    await mailsDuring(() => runBlastJob());
    const mails = await mailsDuring(async () => expect(await runBlastJob()).toMatchObject({ status: 'idle', runs: [] }));
    expect(mails).toEqual([]);
  });

  it('sends once when two runs overlap, and waits for a live lease but takes over a lapsed one', async () => {
    const listing = await queuedListing(stack, author);
    const mails = await mailsDuring(async () => {
      const reports = (await Promise.all([runBlastJob(), runBlastJob(), runBlastJob()])) as { status: string }[];
      expect(reports.filter((r) => r.status === 'ran')).toHaveLength(1);
    });
    for (const broker of [everything, officeOnly]) expect(deliveries(mails, broker, listing)).toBe(1);
    expect(deliveries(mails, author, listing)).toBe(0);

    // Someone else's live lease: the run leaves everything queued.
    const lock = (expiresAtMs: number) =>
      documentClient().send(
        new PutCommand({ TableName: env().TABLE_NAME, Item: { pk: 'LOCK#blast', sk: 'LOCK', owner: 'crashed-run', expiresAtMs } }),
      );
    const waiting = await queuedListing(stack, author);
    await lock(Date.now() + 60_000);
    expect(await mailsDuring(async () => expect(await runBlastJob()).toMatchObject({ status: 'busy' }))).toEqual([]);
    expect((await getListing(stack, author, waiting.listingId)).body.listing.status).toBe('queued');
    // Its lease lapsed (the holder crashed): the next run goes ahead.
    await lock(Date.now() - 1);
    const later = await mailsDuring(() => runBlastJob());
    expect(deliveries(later, everything, waiting)).toBe(1);
  });

  it('retries only the digests SES refused, on later deliveries of their batch, and gives up after the last', async () => {
    const listing = await queuedListing(stack, author, { propertyTypeId: 'office' });
    let refused = 0;
    const restore = intercept(ses(), (command) => {
      const destination = (command.input as { Destination?: { ToAddresses?: string[] } }).Destination;
      if (destination?.ToAddresses?.includes(officeOnly.email)) {
        refused++;
        throw Object.assign(new Error('Daily sending quota exceeded'), { name: 'LimitExceededException' });
      }
    });
    let first: StoredMail[];
    try {
      first = await mailsDuring(async () => {
        // Its batch is delivered again until the fifth delivery gives up on that digest.
        const report = await runBlastJob();
        expect(report.runs).toMatchObject([{ failed: 1, state: 'done' }]);
      });
    } finally {
      restore();
    }
    expect(refused).toBe(5);
    expect(deliveries(first, officeOnly, listing)).toBe(0);
    expect(deliveries(first, everything, listing)).toBe(1);
    // The listing is published anyway: one broker's mail failing does not hold the others back.
    expect((await getListing(stack, everything, listing.listingId)).body.listing.status).toBe('published');

    expect(await mailsDuring(() => runBlastJob())).toEqual([]);
  });

  it('resumes a run that crashed half way without sending anyone a listing twice', async () => {
    const brokers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => newApprovedBroker(stack, operator, `crowd${i}`)),
    );
    const listing = await queuedListing(stack, author, { propertyTypeId: 'office' });
    // The planner dies when it renews its lease after enqueueing its first page of batches (of one broker).
    let renewals = 0;
    const restore = intercept(documentClient(), (command) => {
      if (!(command instanceof PutCommand)) return;
      const item = (command.input as { Item?: { pk?: string; owner?: string } }).Item;
      if (item?.pk === 'LOCK#blast' && ++renewals === 2) throw new Error('simulated crash');
    });
    let first: StoredMail[];
    try {
      first = await mailsDuring(() => expect(runBlast({ batchSize: 1 })).rejects.toThrow('simulated crash'));
    } finally {
      restore();
    }
    // Nothing is sent until the workers take the batches; the author gets no digest of their own listing.
    const recipients = [everything, officeOnly, ...brokers];
    expect(recipients.filter((b) => deliveries(first, b, listing) === 1)).toHaveLength(0);
    expect((await getListing(stack, author, listing.listingId)).body.listing.status).toBe('processing');

    const resumed = await mailsDuring(async () => {
      const report = (await runBlastJob()) as { runs: { state: string }[] };
      expect(report.runs).toMatchObject([{ state: 'done' }]);
    });
    for (const broker of recipients) expect(deliveries(first, broker, listing) + deliveries(resumed, broker, listing)).toBe(1);
    expect((await getListing(stack, author, listing.listingId)).body.listing.status).toBe('published');
  });

  it('parsed as a mail client reads it: HTML and text parts, broker contact, types, whole-dollar price, escaping, postal address, opt-out', async () => {
    const nasty = `<script>alert("x")</script> & 'Sons'`;
    await expectOk(
      call(stack, author.token, 'updatePersonalInfo', {
        params: { userId: author.userId },
        body: { firstName: `Ana ${nasty}`, lastName: 'Lopez', phone: '9165550188', title: '', license: '' },
      }),
    );
    await expectOk(call(stack, author.token, 'updateBrokerInfo', { params: { userId: author.userId }, body: { name: `Lopez ${nasty} CRE`, address1: '1 K St' } }));
    const listing = await queuedListing(stack, author, { title: `Tower ${nasty}`, listingTypeId: 'for-sale-user', propertyTypeId: 'office', price: 1850000.5 });
    const before = await mailCount(stack);
    await runBlastJob();
    const received = (await readReceivedMails(stack, before)).filter((m) => /^Your BISN digest: /.test(m.subject));
    const recipients = received.map((m) => m.to[0]);
    expect(recipients).toEqual(expect.arrayContaining([everything.email, officeOnly.email]));
    expect(recipients).not.toContain(author.email);

    for (const mail of received) {
      expect(mail.html.length).toBeGreaterThan(0);
      expect(mail.text.length).toBeGreaterThan(0);
      expect(mail.html).not.toContain('<script>');
      for (const part of [mail.visibleHtml, mail.text]) {
        expect(part).toContain(`Tower ${nasty}`);
        expect(part).toContain(`Ana ${nasty} Lopez · Lopez ${nasty} CRE · (916) 555-0188`);
        expect(part).toContain('For Sale - User · Office');
        expect(part).toContain('Price: $1,850,000');
        expect(part).not.toContain('$1,850,000.50');
        expect(part).toContain(senderPostalAddress);
      }
      expect(mail.html).toContain(`href="${env().SITE_URL}/consumer/listing/${listing.listingId}"`);
      const oneClick = mail.header('List-Unsubscribe');
      expect(oneClick).toBe(`<${(await unsubscribeLinks(mail.to[0]!, 'digest')).oneClickUrl}>`);
      expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const pageUrl = (await unsubscribeLinks(mail.to[0]!, 'digest')).pageUrl;
      expect(mail.html).toContain(`href="${pageUrl}"`);
      expect(mail.text).toContain(pageUrl);
    }
  });

  it('sends an operator-only account nothing until it subscribes itself', async () => {
    const staff = await newUser(stack, 'staff', { operator: true });
    await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: staff.userId } }));
    const first = await queuedListing(stack, author, { propertyTypeId: 'office' });
    const quiet = await mailsDuring(() => runBlastJob());
    expect(deliveries(quiet, everything, first)).toBe(1);
    expect(to(quiet, staff)).toEqual([]);

    await subscribe(staff, (id) => id === 'office-listings');
    const second = await queuedListing(stack, author, { propertyTypeId: 'office' });
    expect(deliveries(await mailsDuring(() => runBlastJob()), staff, second)).toBe(1);
  });

  it(`holds the longest digest (${Math.max(...digestLimits)} entries) under Gmail's 102 KB clip, with "N more on BISN"`, async () => {
    const longest = digestLimits[digestLimits.length - 1]!;
    const entries = Array.from({ length: 200 }, (_, i) => listingDigestEntry(digestEntry(sampleListing(i), sampleOwner())));
    const digest = buildDigest({ ...defaultNotificationPreferences, digestLimit: longest }, new Date(), {
      matches: null,
      savedSearches: [],
      listings: [{ title: 'Office Listings', moreUrl: `${process.env.SITE_URL}/consumer/listings?propertyTypeId=office`, entries }],
      requirements: [],
    })!;
    const mail = await personalDigestMail({ userId: 'reader', email: 'reader@example.com', firstName: 'Reader' }, digest, new Date(), []);
    expect(Buffer.byteLength(mail.html)).toBeLessThanOrEqual(102 * 1024);
    expect(mail.html.match(/\/consumer\/listing\//g)!.length).toBe(2 * longest);
    expect(mail.text).toContain(`${200 - longest} more on BISN`);
  });

  it('rolls a weekend publish over to Monday 09:00 New York; a manual weekend run still sends', async () => {
    const saturday = new Date('2025-03-08T15:00:00Z');
    const monday9 = new Date('2025-03-10T13:00:00Z'); // 09:00 EDT: the clocks changed on Sunday
    const blastJob = jobs.find((j) => j.id === 'blast')!;
    const { pattern, timezone } = localSchedule(blastJob);
    expect(new Cron(pattern, { timezone }).nextRun(saturday)?.toISOString()).toBe(monday9.toISOString());
    expect(nextBlastAt(saturday).toISOString()).toBe(monday9.toISOString());

    const listing = await queuedListing(stack, author);
    const mails = await mailsDuring(() => runBlastJob({ now: monday9.toISOString() }));
    expect(deliveries(mails, everything, listing)).toBe(1);
    const { listing: published } = await expectOk(getListing(stack, author, listing.listingId));
    expect(published.publishedOn).toBe(monday9.toISOString());
    expect(published.expiresAt).toBe('2025-07-08T13:00:00.000Z');

    // `npm run job -- blast` on a Saturday: the job itself does not skip weekends.
    const manual = await queuedListing(stack, author);
    const weekendMails = await mailsDuring(() => runBlastJob({ now: saturday.toISOString() }));
    expect(deliveries(weekendMails, everything, manual)).toBe(1);
  });
});
