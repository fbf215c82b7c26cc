import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../lambdas/core/aws';
import { savedSearchesRepository, type SavedSearchRecord } from '../../lambdas/data/saved-searches';
import { matchListing } from '../../lambdas/domain/matching';
import { PAUSE_MAIL_CLAIM_TIMEOUT_MS, pauseSavedSearches } from '../../lambdas/domain/saved-search-pausing';
import { createSavedSearch, updateSavedSearch } from '../../lambdas/domain/saved-searches';
import { alertsDelivered, freshDeliveryQueue, intercept, logsDuring } from './blast-support';
import { storedListing } from './matching-support';
import { broker, mailsTo, type Actor } from './support';

/**
 * The saved-search jobs under a DynamoDB outage that outlasts the SDK's retries, at every call of a run in
 * turn (as test/api/quality/faults.test.ts does for the blast and the broadcast): whatever call
 * fails, the runs after it finish the work, and each broker gets their mail exactly once. Each round has a
 * broker of its own; what earlier rounds left (searches turned off, searches paused) is out of the next
 * round's reads.
 */

const HOUR_MS = 60 * 60 * 1000;

let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});

/** Runs `run` with the `failAt`-th DynamoDB call failing (0: none); answers how many calls it made. */
async function withOutageAt(failAt: number, run: () => Promise<unknown>): Promise<{ calls: number; outcome: string }> {
  let calls = 0;
  const restore = intercept(documentClient(), () => {
    calls += 1;
    if (calls === failAt) throw Object.assign(new Error('injected outage'), { name: 'ProvisionedThroughputExceededException' });
  });
  try {
    const { result } = await logsDuring(() => run().then(() => 'finished', (error: Error) => `threw ${error.message}`));
    return { calls, outcome: result };
  } finally {
    restore();
  }
}

describe('a DynamoDB outage at every call of a run in turn', { timeout: 300_000 }, () => {
  it('instant alerts (the job and its deliveries): the runs after it send each hit once', async () => {
    const lister = await broker('faultlister');
    /** One round: a broker's instant search and a listing that fits it, then the faulted run and the runs after it. */
    const round = async (failAt: number) => {
      const seeker = await broker('faultseeker');
      const { search } = await createSavedSearch(seeker.principal, { name: 'Offices', kind: 'listings', filters: { propertyTypeId: 'office' }, frequency: 'instant' } as Parameters<typeof createSavedSearch>[1]);
      const listing = await storedListing(lister.record, { propertyTypeId: 'office', title: `Office ${randomUUID().slice(0, 6)}` });
      await matchListing(listing);
      const now = Date.now();
      const faulted = await withOutageAt(failAt, () => alertsDelivered(queues, new Date(now)));
      for (const later of [2, 4]) await alertsDelivered(queues, new Date(now + later * HOUR_MS));
      const alerts = (await mailsTo(seeker.record.email)).filter((mail) => mail.text.includes(listing.title));
      expect(alerts, `fault at DynamoDB call ${failAt} (${faulted.outcome})`).toHaveLength(1);
      // Out of the next rounds' reads.
      await updateSavedSearch(seeker.principal, search.savedSearchId, { frequency: 'off' });
      return faulted.calls;
    };
    const calls = await round(0);
    expect(calls).toBeGreaterThan(10);
    for (let failAt = 1; failAt <= calls; failAt++) await round(failAt);
  });

  it('the pause job: the runs after it pause the search and send its mail once', async () => {
    const round = async (failAt: number) => {
      const owner: Actor = await broker('faultowner');
      const at = new Date(Date.now() - 200 * 24 * HOUR_MS).toISOString();
      const search = {
        savedSearchId: randomUUID(),
        ownerId: owner.record.userId,
        name: 'Stale search',
        kind: 'listings',
        filters: {},
        frequency: 'daily',
        status: 'active',
        pausedReason: null,
        pausedAt: null,
        activeSince: at,
        createdAt: at,
        updatedAt: at,
        lastMatchedAt: at,
        lastAlertAt: at,
        lastEngagedAt: at,
      } as SavedSearchRecord;
      await savedSearchesRepository.create(search);
      const now = Date.now();
      const faulted = await withOutageAt(failAt, () => pauseSavedSearches(new Date(now)));
      for (const later of [PAUSE_MAIL_CLAIM_TIMEOUT_MS, 2 * PAUSE_MAIL_CLAIM_TIMEOUT_MS]) await pauseSavedSearches(new Date(now + later));
      const mails = (await mailsTo(owner.record.email)).filter((mail) => mail.subject === 'Your saved search “Stale search” is paused');
      expect(mails, `fault at DynamoDB call ${failAt} (${faulted.outcome})`).toHaveLength(1);
      expect((await savedSearchesRepository.get(owner.record.userId, search.savedSearchId))?.status).toBe('paused');
      return faulted.calls;
    };
    const calls = await round(0);
    expect(calls).toBeGreaterThan(5);
    for (let failAt = 1; failAt <= calls; failAt++) await round(failAt);
  });
});
