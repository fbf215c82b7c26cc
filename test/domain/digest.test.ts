import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingsRepository, type PublishedListing } from '../../lambdas/data/listings';
import { matchesRepository, type MatchSide } from '../../lambdas/data/matches';
import { savedSearchesRepository } from '../../lambdas/data/saved-searches';
import { usersRepository } from '../../lambdas/data/users';
import { DigestContext, digestFor, digestSent } from '../../lambdas/domain/digest';
import { sendMail, unsubscribeLinks } from '../../lambdas/domain/mail';
import { sendMatchNotices } from '../../lambdas/domain/match-notices';
import { createRequirement } from '../../lambdas/domain/requirements';
import { broadcastRequirements } from '../../lambdas/domain/requirements-broadcast';
import { createSavedSearch, deleteSavedSearch, updateSavedSearch } from '../../lambdas/domain/saved-searches';
import { defaultNotificationPreferences, updateSavedSearchRequest, type NotificationPreferences, type SavedSearchFrequency } from '../../shared/api';
import type { PropertyTypeId, SubscriptionId } from '../../shared/catalog';
import { nextBlastAt } from '../../shared/rules';
import { drainDeliveries, freshDeliveryQueue, queuedListing } from './blast-support';
import { storedListing, storedRequirement } from './matching-support';
import { broker, mailsTo, requirementInput, type Actor } from './support';

/**
 * The personal digest: `digestFor` gathers a broker's candidates through the
 * repositories and renders their mail; here it is sent as the delivery will send it and read back from the
 * SES emulator. Each test keeps to property types and markets of its own (the file's table is shared), and
 * every read spans pages (3 items a page in this tier).
 */

// 2032-03-01 is a Monday, 2032-03-02 a Tuesday; 09:00 in New York is 14:00Z in March before the clock change.
let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});

const monday = new Date('2032-03-01T14:00:00.000Z');
const tuesday = new Date('2032-03-02T14:00:00.000Z');
const at = (iso: string) => new Date(iso).toISOString();

async function digestBroker(label: string, subscribed: SubscriptionId[], notifications: Partial<NotificationPreferences> = {}): Promise<Actor> {
  return broker(label, { subscribed, notifications: { ...defaultNotificationPreferences, ...notifications } });
}

/** A listing claimed by today's blast run (not yet published): the digest's "new listings". */
const runListing = (owner: Actor, propertyTypeId: PropertyTypeId, marketId = 'sac-midtown', title = `${propertyTypeId} ${randomUUID().slice(0, 6)}`) =>
  queuedListing(owner, { propertyTypeId, marketId, title }, { status: 'processing', runId: `run-${randomUUID().slice(0, 6)}` });

/** A listing published (and in the browse index) at `publishedOn`. */
async function publishedListing(owner: Actor, propertyTypeId: PropertyTypeId, publishedOn: string) {
  const record = await storedListing(owner.record, { propertyTypeId, publishedOn, title: `${propertyTypeId} published ${publishedOn}` });
  await listingsRepository.writeIndex(record as PublishedListing);
  return record;
}

const search = (owner: Actor, name: string, kind: 'listings' | 'requirements', filters: Record<string, string>, frequency: SavedSearchFrequency) =>
  createSavedSearch(owner.principal, { name, kind, filters, frequency } as unknown as Parameters<typeof createSavedSearch>[1]);

/** A strong match of `owner`'s requirement with `listing`, made at `matchedAt`. */
async function match(owner: Actor, listing: { listingId: string; title: string; userId: string }, matchedAt: string, score = 90): Promise<MatchSide> {
  const side: MatchSide = {
    ownerId: owner.record.userId,
    side: 'requirement',
    requirementId: randomUUID(),
    listingId: listing.listingId,
    counterpartId: listing.userId,
    requirementTitle: 'My warehouse need',
    listingTitle: listing.title,
    score,
    reasons: [{ criterion: 'size', verdict: 'fit', text: 'Size fits' }],
    state: 'open',
    matchedAt,
    updatedAt: matchedAt,
  };
  await matchesRepository.upsertSide(side);
  return side;
}

/** Sends the digest as the delivery will, and reads it back from the SES emulator. */
async function delivered(broker: Actor, day: Date) {
  const mail = await digestFor(broker.record.userId, day);
  if (!mail) return null;
  await sendMail(mail);
  const mails = await mailsTo(broker.record.email);
  return { mail, received: mails.at(-1)! };
}

const order = (text: string, titles: string[]) => titles.map((title) => text.indexOf(title));

describe('digestFor', () => {
  it('sends matches, then saved-search hits, then category listings, then held requirements, each entry once, capped with "N more" links to the filtered browser', async () => {
    const reader = await digestBroker('reader', ['industrial-listings', 'industrial-requirements'], { matches: 'digest', requirements: 'digest', digestLimit: 10 });
    const lister = await broker('lister');
    const inMarket = [];
    for (let i = 0; i < 4; i++) inMarket.push(await runListing(lister, 'industrial', 'placer-rocklin', `Rocklin warehouse ${i}`));
    const elsewhere = [];
    for (let i = 0; i < 9; i++) elsewhere.push(await runListing(lister, 'industrial', 'sac-midtown', `Midtown warehouse ${i}`));
    const own = await runListing(reader, 'industrial', 'placer-rocklin', 'The reader’s own warehouse');
    const matched = elsewhere[0]!;
    // Matches of the window (since Monday 09:00 New York), both strong; a weak one and an older one are not new strong matches.
    await match(reader, matched, at('2032-03-01T20:00:00Z'));
    await match(reader, inMarket[0]!, at('2032-03-02T13:00:00Z'), 95);
    await match(reader, elsewhere[1]!, at('2032-03-02T13:00:00Z'), 60);
    await match(reader, elsewhere[2]!, at('2032-03-01T13:59:00Z'));
    // Saved searches: more than a page of them; one daily listings search, the others mail instantly, weekly (Mondays) or not at all.
    await search(reader, 'Rocklin warehouses', 'listings', { propertyTypeId: 'industrial', marketId: 'placer-rocklin' }, 'daily');
    await search(reader, 'Instant warehouses', 'listings', { propertyTypeId: 'industrial' }, 'instant');
    await search(reader, 'Weekly warehouses', 'listings', { propertyTypeId: 'industrial' }, 'weekly');
    await search(reader, 'Off warehouses', 'listings', { propertyTypeId: 'industrial' }, 'off');
    // Requirements sent in the window, and one sent before it.
    const requirements = [];
    for (let i = 0; i < 4; i++) requirements.push(await storedRequirement(lister.record, { propertyTypeId: 'industrial', title: `Industrial need ${i}`, sentAt: at(`2032-03-02T0${i}:00:00Z`) }));
    const older = await storedRequirement(lister.record, { propertyTypeId: 'industrial', title: 'Industrial need from last week', sentAt: at('2032-03-01T13:00:00Z') });

    const { mail, received } = (await delivered(reader, tuesday))!;
    expect(received.subject).toBe('Your BISN digest: 17 new · 03/02/2032');
    const text = received.text;
    // Matches (best first), the search's hits without the matched one, then the category's listings.
    const shown = [inMarket[0]!.title, matched.title, inMarket[1]!.title, inMarket[2]!.title, inMarket[3]!.title, ...elsewhere.slice(1, 6).map((l) => l.title)];
    const positions = order(text, shown);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const title of shown) expect(text.split(title)).toHaveLength(2);
    expect(text.indexOf('New matches')).toBeLessThan(text.indexOf('Your saved searches'));
    expect(text.indexOf('Rocklin warehouses')).toBeLessThan(text.indexOf('Industrial Listings'));
    // The cap (10): the category's other listings and the held requirements are links to their filtered browsers.
    for (const left of [...elsewhere.slice(6), ...requirements, older, own]) expect(text).not.toContain(left.title);
    expect(text).toContain('3 more on BISN');
    expect(text).toContain('4 more on BISN');
    expect(received.html).toContain('http://localhost:5173/consumer/listings?propertyTypeId=industrial');
    expect(received.html).toContain('http://localhost:5173/consumer/requirements?propertyTypeId=industrial');
    expect(text).not.toContain('Instant warehouses');
    expect(text).not.toContain('Weekly warehouses');
    // RFC 8058: the digest's own stream.
    const { oneClickUrl, pageUrl } = await unsubscribeLinks(reader.record.email, 'digest');
    expect(received.headers).toContainEqual({ name: 'List-Unsubscribe', value: `<${oneClickUrl}>` });
    expect(received.headers).toContainEqual({ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' });
    expect(text).toContain(pageUrl);
    expect(mail.savedSearchIds).toHaveLength(1);
  });

  it('takes requirements from the window (since the previous weekday’s 09:00), not the broker’s own; a saved search’s "more" link is its own filtered browser', async () => {
    const reader = await digestBroker('holder', ['land-requirements'], { requirements: 'digest', digestLimit: 10 });
    const author = await broker('author');
    const fresh = [];
    for (let i = 0; i < 12; i++) fresh.push(await storedRequirement(author.record, { propertyTypeId: 'land', title: `Land need ${i}`, sentAt: at(`2032-03-02T${String(i).padStart(2, '0')}:10:00Z`) }));
    await storedRequirement(author.record, { propertyTypeId: 'land', title: 'Land need after 9:00', sentAt: at('2032-03-02T14:00:01Z') });
    await storedRequirement(reader.record, { propertyTypeId: 'land', title: 'The holder’s own land need', sentAt: at('2032-03-02T03:00:00Z') });
    await search(reader, 'Land leases', 'requirements', { requirementTypeId: 'for-lease', propertyTypeId: 'land' }, 'daily');
    const { received } = (await delivered(reader, tuesday))!;
    // Every one fits the search: its group holds them, the category's has none left.
    expect(received.text).toContain('Land leases');
    expect(received.text).not.toContain('Land Requirements');
    expect(received.text).toContain('2 more on BISN http://localhost:5173/consumer/requirements?requirementTypeId=for-lease&propertyTypeId=land');
    expect(order(received.text, fresh.slice(0, 10).map((r) => r.title)).every((p, i, all) => p >= 0 && (i === 0 || p > all[i - 1]!))).toBe(true);
    expect(received.text).toContain('2 more on BISN');
    expect(received.text).not.toContain('Land need after 9:00');
    expect(received.text).not.toContain('own land need');
  });

  it('takes a requirement sent at the window’s end, not one sent at its start (the last digest had it), one renewed into it, or one of the week before; a daily search reads the day', async () => {
    const reader = await digestBroker('edges', ['retail-requirements'], { requirements: 'digest' });
    const author = await broker('edgeauthor');
    const sent = (title: string, sentAt: string, fields: Parameters<typeof storedRequirement>[1] = {}) =>
      storedRequirement(author.record, { propertyTypeId: 'retail', title, sentAt: at(sentAt), ...fields });
    const atStart = await sent('Retail need of Monday 9:00 sharp', '2032-03-01T14:00:00.000Z');
    const justAfter = await sent('Retail need a moment after Monday 9:00', '2032-03-01T14:00:00.001Z');
    const atEnd = await sent('Retail need of Tuesday 9:00 sharp', '2032-03-02T14:00:00.000Z');
    const lastWeek = await sent('Retail need of last Thursday', '2032-02-26T15:00:00.000Z');
    // Renewed this morning: its browse entry moved into the window, its broadcast did not.
    const renewed = await sent('Retail need renewed this morning', '2032-02-20T15:00:00.000Z', { renewedAt: at('2032-03-02T10:00:00.000Z') });
    await search(reader, 'Retail needs', 'requirements', { propertyTypeId: 'retail' }, 'daily');
    const text = (await digestFor(reader.record.userId, tuesday))!.text;
    expect(text).toContain(justAfter.title);
    expect(text).toContain(atEnd.title);
    for (const left of [atStart, lastWeek, renewed]) expect(text).not.toContain(left.title);
  });

  it('lists matches from the notice score up, not dismissed ones, best first and the newest of a score first; only to a broker who takes them in the digest', async () => {
    const [reader, instant, noNotices] = await Promise.all([
      digestBroker('matchreader', [], { matches: 'digest' }),
      digestBroker('matchinstant', []),
      broker('matchoff', { subscribed: [], matchNotices: false, notifications: { ...defaultNotificationPreferences, matches: 'digest' } }),
    ]);
    const lister = await broker('matchlister');
    const suite = (title: string) => ({ listingId: randomUUID(), title, userId: lister.record.userId });
    const matched = async (owner: Actor, title: string, matchedAt: string, score: number, state: MatchSide['state'] = 'open') => {
      const side = await match(owner, suite(title), at(matchedAt), score);
      if (state !== 'open') await matchesRepository.setState(owner.record.userId, side.side, side.requirementId, side.listingId, state, at(matchedAt));
      return title;
    };
    const atNotice = await matched(reader, 'Suite scored exactly the notice score', '2032-03-01T20:00:00Z', 80);
    const below = await matched(reader, 'Suite scored one under', '2032-03-02T09:00:00Z', 79);
    const best = await matched(reader, 'Suite scored ninety-five', '2032-03-01T15:00:00Z', 95);
    // Three of one score (not in the order they were made): the newest first.
    const middleTie = await matched(reader, 'Suite scored eighty-five at 10:00', '2032-03-02T10:00:00Z', 85);
    const newestTie = await matched(reader, 'Suite scored eighty-five at 12:00', '2032-03-02T12:00:00Z', 85);
    const oldestTie = await matched(reader, 'Suite scored eighty-five at 8:00', '2032-03-02T08:00:00Z', 85);
    const dismissed = await matched(reader, 'Suite dismissed', '2032-03-02T11:00:00Z', 90, 'dismissed');
    for (const other of [instant, noNotices]) await matched(other, 'Suite of a strong match', '2032-03-02T11:00:00Z', 95);

    const text = (await digestFor(reader.record.userId, tuesday))!.text;
    const positions = order(text, [best, newestTie, middleTie, oldestTie, atNotice]);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const left of [below, dismissed]) expect(text).not.toContain(left);
    // Matches by mail as they happen, or no match notices at all: no matches in the digest.
    expect(await digestFor(instant.record.userId, tuesday)).toBeNull();
    expect(await digestFor(noNotices.record.userId, tuesday)).toBeNull();
  });

  it('groups saved-search hits by search name, and leaves out a paused search', async () => {
    const reader = await digestBroker('searchorder', []);
    const lister = await broker('searchlister');
    const offices = ['eldorado-cameron-park', 'eldorado-el-dorado-hills', 'eldorado-placerville', 'eldorado-shingle-springs'] as const;
    const names = ['Delta offices', 'Bravo offices', 'Charlie offices', 'Alpha offices'];
    for (const [i, marketId] of offices.entries()) {
      await runListing(lister, 'office', marketId, `Office in ${marketId}`);
      await search(reader, names[i]!, 'listings', { propertyTypeId: 'office', marketId }, 'daily');
    }
    const { search: paused } = await search(reader, 'Aardvark offices', 'listings', { propertyTypeId: 'office', marketId: offices[0] }, 'daily');
    expect(await savedSearchesRepository.pause(reader.record.userId, paused.savedSearchId, 'no-matches-90-days', at('2032-03-01T00:00:00Z'))).toBe(true);
    const text = (await digestFor(reader.record.userId, tuesday))!.text;
    const positions = order(text, [...names].sort());
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain('Aardvark offices');
  });

  it('sends with a blast run only that run’s listings: another run’s (a crash left two) go out with that run', async () => {
    const reader = await digestBroker('runreader', ['apartment-listings']);
    const lister = await broker('runlister');
    const ours = await runListing(lister, 'apartment', 'yuba-county', 'Apartments of this run');
    const theirs = await runListing(lister, 'apartment', 'yuba-county', 'Apartments of the other run');
    const context = new DigestContext(tuesday, { runId: ours.runId!, listingIds: [ours.listingId, theirs.listingId] });
    const text = (await digestFor(reader.record.userId, tuesday, context))!.text;
    expect(text).toContain(ours.title);
    expect(text).not.toContain(theirs.title);
  });

  it('reads a batch’s saved searches as they are when its digests are made: renamed since the index was read, the new name; deleted, none', async () => {
    const lister = await broker('searchlister');
    const [renamer, deleter, none] = await Promise.all(['renamer', 'deleter', 'nosearch'].map((label) => digestBroker(label, [])));
    const listing = await runListing(lister, 'retail', 'yolo-davis', 'Retail for the batch’s searches');
    const renamed = (await search(renamer!, 'Retail before', 'listings', { propertyTypeId: 'retail' }, 'daily')).search;
    const deleted = (await search(deleter!, 'Retail doomed', 'listings', { propertyTypeId: 'retail' }, 'daily')).search;
    const context = new DigestContext(tuesday, { runId: listing.runId!, listingIds: [listing.listingId] });
    const [renamerId, deleterId, noneId] = [renamer!, deleter!, none!].map((actor) => actor.record.userId) as [string, string, string];
    const names = (searches: Map<string, { name: string }[]>) => Object.fromEntries([...searches].map(([ownerId, list]) => [ownerId, list.map((s) => s.name)]));
    expect(names(await context.searchesOf([renamerId, deleterId, noneId]))).toEqual({ [renamerId]: ['Retail before'], [deleterId]: ['Retail doomed'] });

    await updateSavedSearch(renamer!.principal, renamed.savedSearchId, updateSavedSearchRequest.parse({ name: 'Retail after' }));
    await deleteSavedSearch(deleter!.principal, deleted.savedSearchId);
    const batch = await context.searchesOf([renamerId, deleterId, noneId]);
    expect(names(batch)).toEqual({ [renamerId]: ['Retail after'] });
    expect((await digestFor(renamerId, tuesday, context, { searches: batch.get(renamerId) }))?.text).toMatch(/Retail after[\s\S]*Retail for the batch’s searches/);
    expect(await digestFor(deleterId, tuesday, context, { searches: batch.get(deleterId) ?? [] })).toBeNull();
  });

  it('sends a weekly broker nothing before Monday, then the week’s listings (published and today’s run) and a weekly search’s hits', async () => {
    const weekly = await digestBroker('weekly', ['flex-listings'], { digestFrequency: 'weekly' });
    const daily = await digestBroker('daily', []);
    const lister = await broker('flexlister');
    const lastMonday = await publishedListing(lister, 'flex', at('2032-02-23T14:00:00Z'));
    const tuesdays = await publishedListing(lister, 'flex', at('2032-02-24T14:00:00Z'));
    const friday = await publishedListing(lister, 'flex', at('2032-02-27T14:00:00Z'));
    const today = await runListing(lister, 'flex', 'sac-midtown', 'Flex of today’s run');
    await search(daily, 'Flex weekly', 'listings', { propertyTypeId: 'flex' }, 'weekly');

    expect(await digestFor(weekly.record.userId, tuesday)).toBeNull();
    expect(await digestFor(daily.record.userId, tuesday)).toBeNull();

    const context = new DigestContext(monday);
    for (const actor of [weekly, daily]) {
      const mail = await digestFor(actor.record.userId, monday, context);
      expect(mail).not.toBeNull();
      expect(order(mail!.text, [tuesdays.title, friday.title, today.title]).every((p) => p >= 0)).toBe(true);
      expect(mail!.text).not.toContain(lastMonday.title);
    }
  });

  it('sends nothing to a broker with nothing new, a mail-stopped one, or a disabled one; a broker’s own listings are not theirs to receive', async () => {
    const quiet = await digestBroker('quiet', []);
    const receiver = await digestBroker('receiver', ['speciality-listings']);
    const lonely = await digestBroker('lonely', ['speciality-listings']);
    await runListing(lonely, 'speciality');
    const stopped = await digestBroker('stopped', ['speciality-listings'], {});
    await usersRepository.stopMail(stopped.record.userId, { reason: 'bounce', at: at('2032-01-01T00:00:00Z'), detail: 'smtp; 550' });
    const disabled = await broker('disabled', { status: 'disabled', subscribed: ['speciality-listings'] });
    expect(await digestFor(lonely.record.userId, tuesday)).toBeNull();
    expect(await digestFor(quiet.record.userId, tuesday)).toBeNull();
    expect((await digestFor(receiver.record.userId, tuesday))?.subject).toMatch(/^Your BISN digest: 1 new/);
    expect(await digestFor(stopped.record.userId, tuesday)).toBeNull();
    expect(await digestFor(disabled.record.userId, tuesday)).toBeNull();
    expect(await digestFor(randomUUID(), tuesday)).toBeNull();
  });

  it('records, once sent, that the searches it carried mailed (their 30 days without engagement)', async () => {
    const reader = await digestBroker('marks', []);
    const lister = await broker('marklister');
    await runListing(lister, 'apartment', 'placer-roseville');
    const { search: hit } = await search(reader, 'Roseville apartments', 'listings', { propertyTypeId: 'apartment', marketId: 'placer-roseville' }, 'daily');
    const { search: miss } = await search(reader, 'Roseville retail', 'listings', { propertyTypeId: 'retail', marketId: 'placer-roseville' }, 'daily');
    const mail = (await digestFor(reader.record.userId, tuesday))!;
    expect(mail.savedSearchIds).toEqual([hit.savedSearchId]);
    expect(mail.tags).toEqual({ owner: reader.record.userId, [`search_${hit.savedSearchId}`]: 'hit' });
    await digestSent(mail, tuesday);
    await digestSent(mail, new Date(tuesday.getTime() - 1000));
    expect(await savedSearchesRepository.get(reader.record.userId, hit.savedSearchId)).toMatchObject({ lastAlertAt: tuesday.toISOString() });
    expect(await savedSearchesRepository.get(reader.record.userId, miss.savedSearchId)).toMatchObject({ lastAlertAt: null });
  });
});

describe('Profile → Notifications routes requirements and matches to the digest', () => {
  it('a requirement is broadcast to brokers who take requirements instantly only; the digest ones get it in their next digest, the off ones not at all', async () => {
    const [author, instant, held, off] = await Promise.all([
      digestBroker('rauthor', []),
      digestBroker('instant', ['flex-requirements']),
      digestBroker('held', ['flex-requirements'], { requirements: 'digest' }),
      digestBroker('off', ['flex-requirements'], { requirements: 'off' }),
    ]);
    const requirement = await createRequirement(author.record, requirementInput({ propertyTypeId: 'flex', title: 'Flex space near the river' }));
    const report = await broadcastRequirements();
    // (The file's other brokers follow every category: only these three are this test's to count.)
    expect(report.requirements).toMatchObject([{ requirementId: requirement.requirementId, result: 'sent' }]);
    await drainDeliveries(queues);
    expect((await mailsTo(instant.record.email)).map((mail) => mail.subject)).toEqual(['New Flex requirement: Flex space near the river']);
    expect(await mailsTo(held.record.email)).toEqual([]);
    expect(await mailsTo(off.record.email)).toEqual([]);

    const nextDigest = nextBlastAt(new Date());
    expect((await digestFor(held.record.userId, nextDigest))?.text).toContain('Flex space near the river');
    expect(await digestFor(off.record.userId, nextDigest)).toBeNull();
    expect(await digestFor(instant.record.userId, nextDigest)).toBeNull();
  });

  it('a broker who takes matches in the digest gets no match notice: the digest lists them', async () => {
    const [seeker, lister] = await Promise.all([digestBroker('dseeker', [], { matches: 'digest' }), digestBroker('dlister', [])]);
    // Stored, the two are matched by the projections of their changes.
    await storedRequirement(seeker.record, { marketIds: ['yolo-woodland'], title: 'Office in Winters' });
    await storedListing(lister.record, { marketId: 'yolo-woodland', title: 'Winters office suite' });
    // (The file's other items are matched too: the notices of this pair are told by who got mail.)
    const report = await sendMatchNotices();
    expect(report.skipped).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(seeker.record.email)).toEqual([]);
    expect(await mailsTo(lister.record.email)).toHaveLength(1);
    const digest = await digestFor(seeker.record.userId, nextBlastAt(new Date()));
    expect(digest?.text).toContain('Winters office suite');
    expect(digest?.text).toContain('Fits your requirement “Office in Winters” · score 90');
  });
});
