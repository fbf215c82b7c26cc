import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchesRepository } from '../../lambdas/data/matches';
import type { UserRecord } from '../../lambdas/data/users';
import { sendMatchNotices } from '../../lambdas/domain/match-notices';
import { matchListing, matchRequirement } from '../../lambdas/domain/matching';
import { beforeDbRequest, HOUR_MS, refuseMails, storedListing, storedRequirement } from './matching-support';
import { broker, mailsTo } from './support';

/**
 * The notice job: each broker with new strong matches gets one mail holding all of them, at most
 * one an hour, exactly once whatever SES or a crashed run does. The job reads every waiting notice of this
 * file's table, so each test leaves none waiting and its runs' reports are its own.
 */

const MINUTE_MS = 60 * 1000;
const quiet = { mailed: 0, matches: 0, deferred: 0, failed: 0, skipped: 0, lost: 0 };
const notices = async (email: string) => (await mailsTo(email)).filter((mail) => /new match/.test(mail.subject));
let market = 0;
/** A market of each test's own, so its listings meet only its requirements. */
const nextMarket = () => ['yolo-davis', 'yolo-west-sacramento', 'yolo-woodland', 'yolo-outlier-yolo-county', 'placer-auburn', 'placer-granite-bay', 'placer-lincoln'][market++]!;

/** A requirement of `seeker` and a listing of each lister in one market, matched (each match scores 90). */
async function strongMatches(seeker: Pick<UserRecord, 'userId'>, listers: Pick<UserRecord, 'userId'>[], marketId = nextMarket()) {
  const requirement = await storedRequirement(seeker, { marketIds: [marketId] });
  await matchRequirement(requirement);
  const listings = [];
  for (const lister of listers) {
    const listing = await storedListing(lister, { marketId });
    await matchListing(listing);
    listings.push(listing);
  }
  return { requirement, listings, marketId };
}

describe('match notices', () => {
  it('mail both brokers of new strong matches once, all of a broker’s in one mail, best first, with the reasons and links; weak matches get none', async () => {
    const [seeker, lister, lister2, weakLister] = await Promise.all([broker('seeker'), broker('lister'), broker('lister2'), broker('weak')]);
    const marketId = nextMarket();
    const { requirement, listings } = await strongMatches(seeker.record, [lister.record], marketId);
    const best = await storedListing(lister2.record, { marketId, highlights: [] });
    const weak = await storedListing(weakLister.record, { marketId, sqft: 2300, minSqft: null, maxSqft: null });
    // The best one: words in common with the requirement's.
    await matchRequirement({ ...requirement, highlights: ['Corner suite', 'Parking garage', 'Fiber internet'] });
    await matchListing({ ...best, highlights: ['Corner suite', 'Parking garage', 'Fiber internet'] });
    await matchListing(weak);
    const scores = Object.fromEntries((await matchesRepository.ofRequirement(seeker.record.userId, requirement.requirementId)).map((s) => [s.listingId, s.score]));
    expect(scores).toEqual({ [listings[0]!.listingId]: 90, [best.listingId]: 100, [weak.listingId]: 78 });

    expect(await sendMatchNotices(new Date('2032-01-01T09:00:00.000Z'))).toEqual({ ...quiet, mailed: 3, matches: 4 });
    const [toSeeker, ...more] = await notices(seeker.record.email);
    expect(more).toEqual([]);
    expect(toSeeker!.subject).toBe('2 new matches on BISN');
    expect(toSeeker!.html.indexOf(best.title)).toBeGreaterThan(-1);
    expect(toSeeker!.html.indexOf(best.title)).toBeLessThan(toSeeker!.html.indexOf(listings[0]!.title));
    expect(toSeeker!.html).toContain(`/consumer/listing/${best.listingId}`);
    expect(toSeeker!.text).toContain('✓ 1,000–5,000 sf — within 2,500–10,000 sf');
    expect(toSeeker!.html).not.toContain(weak.title);
    const [toLister] = await notices(lister.record.email);
    expect(toLister).toMatchObject({ subject: 'A new match on BISN' });
    expect(toLister!.html).toContain(`/consumer/requirement/${requirement.requirementId}`);
    expect(await notices(lister2.record.email)).toHaveLength(1);
    expect(await notices(weakLister.record.email)).toEqual([]);
    const states = (await matchesRepository.ofRequirement(seeker.record.userId, requirement.requirementId)).map((s) => [s.listingId, s.notice]);
    expect(Object.fromEntries(states)).toEqual({ [listings[0]!.listingId]: 'sent', [best.listingId]: 'sent', [weak.listingId]: undefined });

    // Nothing new: the next run mails nobody.
    expect(await sendMatchNotices(new Date('2032-01-01T12:00:00.000Z'))).toEqual(quiet);
    expect(await notices(seeker.record.email)).toHaveLength(1);
  });

  it('hold a broker’s next matches until the hour since their last notice is over, to the millisecond', async () => {
    const [seeker, lister, lister2] = await Promise.all([broker('seeker'), broker('lister'), broker('lister2')]);
    const first = new Date('2032-02-01T09:00:00.000Z');
    const { marketId } = await strongMatches(seeker.record, [lister.record]);
    expect(await sendMatchNotices(first)).toEqual({ ...quiet, mailed: 2, matches: 2 });

    const later = await storedListing(lister2.record, { marketId });
    await matchListing(later);
    // The seeker's hour is not over: deferred; the new lister's first notice goes out.
    expect(await sendMatchNotices(new Date(first.getTime() + HOUR_MS - 1))).toEqual({ ...quiet, mailed: 1, matches: 1, deferred: 1 });
    expect(await notices(seeker.record.email)).toHaveLength(1);
    expect(await notices(lister2.record.email)).toHaveLength(1);
    expect(await sendMatchNotices(new Date(first.getTime() + HOUR_MS))).toEqual({ ...quiet, mailed: 1, matches: 1 });
    const mails = await notices(seeker.record.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.html).toContain(later.title);
  });

  it('skip for good the matches of a broker who turned notices off, is not active, whose mail stopped, or who is gone; the other broker still gets them', async () => {
    const seeker = await broker('seeker');
    const off = await broker('off', { matchNotices: false });
    const on = await broker('on', { matchNotices: true });
    const disabled = await broker('disabled', { status: 'disabled' });
    const stopped = await broker('stopped', { mailStop: { reason: 'bounce', at: new Date().toISOString(), detail: 'mailbox does not exist' } });
    const { listings } = await strongMatches(seeker.record, [off.record, on.record, disabled.record, stopped.record, { userId: randomUUID() }]);

    expect(await sendMatchNotices(new Date('2032-03-01T09:00:00.000Z'))).toEqual({ ...quiet, mailed: 2, matches: 6, skipped: 4 });
    const [toSeeker] = await notices(seeker.record.email);
    expect(toSeeker!.subject).toBe('5 new matches on BISN');
    expect(await notices(on.record.email)).toHaveLength(1);
    for (const silent of [off, disabled, stopped]) expect(await notices(silent.record.email)).toEqual([]);
    expect((await matchesRepository.ofListing(off.record.userId, listings[0]!.listingId)).map((side) => side.notice)).toEqual(['skipped']);
    expect(await sendMatchNotices(new Date('2032-03-01T12:00:00.000Z'))).toEqual(quiet);
  });

  it('given back when SES refuses: nothing is sent, and the next run (minutes later, the hour given back) sends each once', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const at = new Date('2032-04-01T09:00:00.000Z');
    const { requirement } = await strongMatches(seeker.record, [lister.record]);
    const restore = refuseMails();
    let refused;
    try {
      refused = await sendMatchNotices(at);
    } finally {
      restore();
    }
    expect(refused).toEqual({ ...quiet, failed: 2 });
    expect(await notices(seeker.record.email)).toEqual([]);
    expect((await matchesRepository.ofRequirement(seeker.record.userId, requirement.requirementId)).map((side) => side.notice)).toEqual(['pending']);

    expect(await sendMatchNotices(new Date(at.getTime() + MINUTE_MS))).toEqual({ ...quiet, mailed: 2, matches: 2 });
    expect(await notices(seeker.record.email)).toHaveLength(1);
    expect(await notices(lister.record.email)).toHaveLength(1);
  });

  it('of a run that crashed after claiming are left alone for 10 minutes, then lost: never sent', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const crashedAt = new Date('2032-05-01T09:00:00.000Z');
    const { requirement, listings } = await strongMatches(seeker.record, [lister.record]);
    const sides = [
      ...(await matchesRepository.ofRequirement(seeker.record.userId, requirement.requirementId)),
      ...(await matchesRepository.ofListing(lister.record.userId, listings[0]!.listingId)),
    ];
    for (const side of sides) await matchesRepository.moveNotice(side, 'pending', 'sending', { batchId: randomUUID(), at: crashedAt.toISOString() });

    expect(await sendMatchNotices(new Date(crashedAt.getTime() + 10 * MINUTE_MS - 1))).toEqual(quiet);
    expect(await sendMatchNotices(new Date(crashedAt.getTime() + 10 * MINUTE_MS))).toEqual({ ...quiet, lost: 2 });
    expect((await matchesRepository.ofRequirement(seeker.record.userId, requirement.requirementId)).map((side) => side.notice)).toEqual(['lost']);
    expect(await sendMatchNotices(new Date(crashedAt.getTime() + 3 * HOUR_MS))).toEqual(quiet);
    expect(await notices(seeker.record.email)).toEqual([]);
    expect(await notices(lister.record.email)).toEqual([]);
  });

  it('claimed by another run first leave this run’s hour unused: the broker’s next match goes out at once', async () => {
    const [seeker, lister, lister2] = await Promise.all([broker('seeker'), broker('lister'), broker('lister2')]);
    const at = new Date('2032-07-01T09:00:00.000Z');
    const { requirement, listings, marketId } = await strongMatches(seeker.record, [lister.record]);
    const [seekerSide] = await matchesRepository.ofRequirement(seeker.record.userId, requirement.requirementId);
    const [listerSide] = await matchesRepository.ofListing(lister.record.userId, listings[0]!.listingId);
    // Between this run's read and its claims, another run claims both sides (and then dies).
    const undo = beforeDbRequest(
      (request) => !!request.UpdateExpression?.startsWith('SET notice = :to, noticeBatchId = :batch'),
      async () => {
        for (const side of [seekerSide!, listerSide!]) await matchesRepository.moveNotice(side, 'pending', 'sending', { batchId: 'other-run', at: at.toISOString() });
      },
    );
    try {
      expect(await sendMatchNotices(at)).toEqual(quiet);
    } finally {
      undo();
    }
    const later = await storedListing(lister2.record, { marketId });
    await matchListing(later);
    expect(await sendMatchNotices(new Date(at.getTime() + MINUTE_MS))).toEqual({ ...quiet, mailed: 2, matches: 2 });
    const [mail, ...more] = await notices(seeker.record.email);
    expect(more).toEqual([]);
    expect(mail!.html).toContain(later.title);
    expect(mail!.html).not.toContain(listings[0]!.title);
    // The other run's claims are lost after its 10 minutes.
    expect(await sendMatchNotices(new Date(at.getTime() + 3 * HOUR_MS))).toEqual({ ...quiet, lost: 2 });
  });

  it('of runs at the same moment go out once', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    await strongMatches(seeker.record, [lister.record]);
    const at = new Date('2032-06-01T09:00:00.000Z');
    const reports = await Promise.all([sendMatchNotices(at), sendMatchNotices(at), sendMatchNotices(at)]);
    expect(reports.reduce((sum, report) => sum + report.mailed, 0)).toBe(2);
    expect(await notices(seeker.record.email)).toHaveLength(1);
    expect(await notices(lister.record.email)).toHaveLength(1);
  });
});
