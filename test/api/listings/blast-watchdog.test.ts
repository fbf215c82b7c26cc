import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../../lambdas/core/aws';
import { blastsRepository } from '../../../lambdas/data/blasts';
import { requirementsRepository } from '../../../lambdas/data/requirements';
import { checkBlastFinished } from '../../../lambdas/domain/blast-watchdog';
import type { LocalStack } from '../../../lib/local/stack';
import { nextBlastAt } from '../../../shared/rules';
import { failSends, throttled } from '../quality/support';
import { createRequirement, runBroadcast } from '../requirements/support';
import { newApprovedBroker, newUser, queuedListing, runBlastJob, startStack, type Broker } from './support';

// The 10:00 Eastern check behind the "blast not finished" alarm, and the broadcast backlog's
// reading behind the 5-minute alarm.
let stack: LocalStack;
let owner: Broker;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'watchop', { operator: true });
  owner = await newApprovedBroker(stack, operator, 'watchowner');
}, 60_000);
afterAll(async () => stack?.stop());

/** 10:00 Eastern of the next weekday blast: whatever is queued now was queued before that 09:00. */
const tenOClock = () => new Date(nextBlastAt(new Date()).getTime() + 3600_000);
const { handler } = await import('../../../lambdas/jobs/blast-watchdog');
const watchdog = (now: Date) => handler({ now: now.toISOString() }) as ReturnType<typeof checkBlastFinished>;

describe('the blast watchdog', () => {
  it('is content when nothing waits and no run is unfinished', async () => {
    expect(await watchdog(tenOClock())).toEqual({ late: false, unfinishedRuns: [], waitingListings: [] });
  });

  it('is late while a listing queued before 09:00 waits, and content once the blast took it', async () => {
    const listing = await queuedListing(stack, owner);
    expect(await watchdog(tenOClock())).toEqual({ late: true, unfinishedRuns: [], waitingListings: [listing.listingId] });
    // Checked on the day before, it was queued after that day's 09:00: the next blast's, not late.
    expect((await watchdog(new Date(Date.now() - 24 * 3600_000))).waitingListings).toEqual([]);
    await runBlastJob();
    expect(await watchdog(tenOClock())).toEqual({ late: false, unfinishedRuns: [], waitingListings: [] });
  });

  it('is late while a run is unfinished (it crashed and nothing resumed it)', async () => {
    // A planner that crashed while it paged through the brokers; the next planner resumes the run.
    const run = await blastsRepository.create({
      runId: 'crashed-run', state: 'planning', listingIds: [], startedAt: new Date().toISOString(), publishedOn: null, finishedAt: null, sent: 0, failed: 0, attempts: 1,
    });
    expect(await watchdog(tenOClock())).toMatchObject({ late: true, unfinishedRuns: [run.runId] });
    await runBlastJob(); // resumes and finishes it
    expect(await watchdog(tenOClock())).toMatchObject({ late: false, unfinishedRuns: [] });
  });

  it('throttled reads fail the check (its function errors, and that alarms) rather than report the blast fine', async () => {
    const fault = failSends(documentClient(), () => true, throttled);
    try {
      await expect(watchdog(tenOClock())).rejects.toThrow(/injected/);
    } finally {
      fault.restore();
    }
  });
});

describe('the broadcast backlog reading', () => {
  it('is the creation time of the longest-waiting requirement, and nothing once all are sent', async () => {
    await runBroadcast();
    expect(await requirementsRepository.oldestWaitingSince()).toBeNull();
    const first = await createRequirement(stack, owner, { title: 'Waiting first' });
    await createRequirement(stack, owner, { title: 'Waiting second' });
    expect(await requirementsRepository.oldestWaitingSince()).toBe(first.createdAt);
    await runBroadcast();
    expect(await requirementsRepository.oldestWaitingSince()).toBeNull();
  });

  it('counts every status before sent, by creation time: a requeued or a stuck requirement is as late as it is old', async () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const older = await createRequirement(stack, owner, { title: 'Waiting longest' });
    await tick();
    const newer = await createRequirement(stack, owner, { title: 'Waiting less' });
    // gsi2 sorts by updatedAt: moved in this order, the newer one comes first among the queued.
    await requirementsRepository.transition(newer.requirementId, 'pending', 'queued');
    await tick();
    await requirementsRepository.transition(older.requirementId, 'pending', 'queued');
    expect(await requirementsRepository.oldestWaitingSince()).toBe(older.createdAt);
    // A run that crashed while holding it leaves it in `processing`: brokers still wait for it.
    await requirementsRepository.transition(older.requirementId, 'queued', 'processing', { setLeaseId: 'crashed-run', countAttempt: true });
    expect(await requirementsRepository.oldestWaitingSince()).toBe(older.createdAt);
    // The first run after the lease takes it over and sends both.
    await runBroadcast({ time: new Date(Date.now() + 3 * 60_000).toISOString() });
    expect(await requirementsRepository.oldestWaitingSince()).toBeNull();
  });
});
