import { afterEach, describe, expect, it } from 'vitest';
import { blastsRepository, type BlastRun } from '../../lambdas/data/blasts';
import { listingsRepository } from '../../lambdas/data/listings';
import { checkBlastFinished } from '../../lambdas/domain/blast-watchdog';
import { logsDuring, queuedListing } from './blast-support';
import { broker } from './support';

// PRODUCT.md: the blast goes out at 9:00 America/New_York on weekdays; the watchdog checks an
// hour later whether it finished. A listing counts as waiting when it was queued before that day's 09:00.

const made: string[] = [];
const queuedAt = async (iso: string) => {
  const owner = await broker('watched');
  const listing = await queuedListing(owner, {}, {}, iso);
  made.push(listing.listingId);
  return listing.listingId;
};

const run = (runId: string, state: BlastRun['state']): Parameters<typeof blastsRepository.create>[0] => ({
  runId,
  state,
  listingIds: [],
  startedAt: '2025-07-15T13:00:00.000Z',
  publishedOn: null,
  finishedAt: null,
  sent: 0,
  failed: 0,
  attempts: 1,
});

/** Each test sees only its own listings: the watchdog reads every queued listing of the table. */
afterEach(async () => {
  await Promise.all(made.splice(0).map((id) => listingsRepository.delete(id)));
});

describe('the blast watchdog (domain)', () => {
  it('is content when nothing waits and no run is unfinished, and logs no error', async () => {
    const { result, logs } = await logsDuring(() => checkBlastFinished(new Date('2025-07-15T14:00:00Z')));
    expect(result).toEqual({ late: false, unfinishedRuns: [], waitingListings: [] });
    expect(logs.filter((line) => line.level === 'ERROR')).toEqual([]);
  });

  it('counts a listing queued before 09:00 EDT as waiting, and one queued at 09:00 sharp as the next blast’s', async () => {
    // Tuesday 15 July 2025: New York is on EDT (UTC-4), so 09:00 there is 13:00 UTC.
    const before = await queuedAt('2025-07-15T12:59:59.999Z');
    await queuedAt('2025-07-15T13:00:00.000Z');
    const { result, logs } = await logsDuring(() => checkBlastFinished(new Date('2025-07-15T14:00:00Z')));
    expect(result).toEqual({ late: true, unfinishedRuns: [], waitingListings: [before] });
    const errors = logs.filter((line) => line.level === 'ERROR');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: 'the weekday blast has not finished',
      dueAt: '2025-07-15T13:00:00.000Z',
      late: true,
      unfinishedRuns: [],
      waitingListings: [before],
    });
  });

  it('takes 09:00 EST (14:00 UTC) in winter', async () => {
    // Tuesday 14 January 2025: EST (UTC-5).
    const early = await queuedAt('2025-01-14T13:30:00.000Z');
    await queuedAt('2025-01-14T14:00:00.000Z');
    expect(await checkBlastFinished(new Date('2025-01-14T15:00:00Z'))).toEqual({ late: true, unfinishedRuns: [], waitingListings: [early] });
  });

  it('follows the clock changes: Monday after spring forward is 13:00 UTC, Monday after fall back 14:00 UTC', async () => {
    // Clocks went forward on Sunday 9 March 2025: 08:30 UTC-5 would be 13:30 UTC, but 13:30 UTC is 09:30 EDT.
    const springEarly = await queuedAt('2025-03-10T12:59:00.000Z');
    await queuedAt('2025-03-10T13:30:00.000Z');
    expect((await checkBlastFinished(new Date('2025-03-10T14:00:00Z'))).waitingListings).toEqual([springEarly]);
    await Promise.all(made.splice(0).map((id) => listingsRepository.delete(id)));

    // Clocks went back on Sunday 2 November 2025: 13:30 UTC is 08:30 EST, before that Monday's blast.
    const fallEarly = await queuedAt('2025-11-03T13:30:00.000Z');
    await queuedAt('2025-11-03T14:00:00.000Z');
    expect((await checkBlastFinished(new Date('2025-11-03T15:00:00Z'))).waitingListings).toEqual([fallEarly]);
  });

  it('checks the New York day, not the UTC one: late evening in New York is already the next day in UTC', async () => {
    // 23:00 EDT on Tuesday 15 July is 03:00 UTC on the 16th; that evening's check is about Tuesday 09:00.
    await queuedAt('2025-07-15T20:00:00.000Z');
    expect(await checkBlastFinished(new Date('2025-07-16T03:00:00Z'))).toEqual({ late: false, unfinishedRuns: [], waitingListings: [] });
  });

  it('on Monday counts a listing published on Friday after the blast as waiting (it goes out Monday 09:00)', async () => {
    // Friday 18 July 2025 10:30 EDT; the following Monday is 21 July.
    const friday = await queuedAt('2025-07-18T14:30:00.000Z');
    expect((await checkBlastFinished(new Date('2025-07-18T14:00:00Z'))).waitingListings).toEqual([]);
    expect((await checkBlastFinished(new Date('2025-07-21T14:00:00Z'))).waitingListings).toEqual([friday]);
  });

  it('is late while a run is unfinished, with nothing waiting, and content once it is done', async () => {
    const crashed = await blastsRepository.create(run('2025-07-15-crashed1', 'sending'));
    const { result, logs } = await logsDuring(() => checkBlastFinished(new Date('2025-07-15T14:00:00Z')));
    expect(result).toEqual({ late: true, unfinishedRuns: [crashed.runId], waitingListings: [] });
    expect(logs.filter((line) => line.level === 'ERROR')).toHaveLength(1);
    await blastsRepository.advance(crashed.runId, 'done', { finishedAt: '2025-07-15T14:01:00.000Z' });
    expect(await checkBlastFinished(new Date('2025-07-15T14:00:00Z'))).toEqual({ late: false, unfinishedRuns: [], waitingListings: [] });
  });

  it('names every unfinished run and every waiting listing together', async () => {
    const claiming = await blastsRepository.create(run('2025-07-16-claimin1', 'claiming'));
    const publishing = await blastsRepository.create({ ...run('2025-07-16-publish1', 'publishing'), startedAt: '2025-07-16T13:00:01.000Z' });
    const waiting = await queuedAt('2025-07-16T12:00:00.000Z');
    const report = await checkBlastFinished(new Date('2025-07-16T14:00:00Z'));
    expect(report.late).toBe(true);
    expect([...report.unfinishedRuns].sort()).toEqual([claiming.runId, publishing.runId].sort());
    expect(report.waitingListings).toEqual([waiting]);
    for (const runId of report.unfinishedRuns) await blastsRepository.advance(runId, 'done');
  });
});
