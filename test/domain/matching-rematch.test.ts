import { describe, expect, it } from 'vitest';
import { matchesRepository } from '../../lambdas/data/matches';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { rematchAll, updateMatch } from '../../lambdas/domain/matching';
import { DAY_MS, storedListing, storedRequirement } from './matching-support';
import { broker } from './support';

/** `npm run job -- rematch` over this file's own table: it reads everything, so it has the table to itself. */
describe('the rematch job', () => {
  it('finds every pair of the active requirements and the published listings, and keeps each broker’s decision when run again', async () => {
    const [seeker, lister] = await Promise.all([broker('seeker'), broker('lister')]);
    const now = new Date('2031-03-01T00:00:00.000Z');
    const daysBefore = (days: number, ms = 0) => new Date(now.getTime() - days * DAY_MS - ms).toISOString();
    // Written as the broadcast leaves them, but never matched (matching came after them).
    const active = await storedRequirement(seeker.record, { sentAt: daysBefore(90) });
    const stale = await storedRequirement(seeker.record, { sentAt: daysBefore(90, 1) });
    const expired = await storedRequirement(seeker.record, { sentAt: daysBefore(10) });
    await requirementsRepository.close(expired.requirementId, 'expired', ['sent'], { closedAt: daysBefore(1) });
    const fits = await storedListing(lister.record, { publishedOn: daysBefore(5) });
    const elsewhere = await storedListing(lister.record, { publishedOn: daysBefore(5), marketId: 'sac-folsom' });
    await storedListing(lister.record, { status: 'draft', publishedOn: null, expiresAt: null });
    // Removed while the job read its browse entry.
    const removed = await storedRequirement(seeker.record, { sentAt: daysBefore(3) });
    await requirementsRepository.delete(removed.requirementId);
    await requirementsRepository.writeIndex(removed);

    expect(await rematchAll(now)).toEqual({ requirements: 1, listings: 2, matches: 1 });
    const sides = await matchesRepository.ofRequirement(seeker.record.userId, active.requirementId);
    expect(sides.map((side) => [side.listingId, side.score, side.state])).toEqual([[fits.listingId, 90, 'open']]);
    expect(await matchesRepository.ofRequirement(seeker.record.userId, stale.requirementId)).toEqual([]);
    expect(await matchesRepository.ofRequirement(seeker.record.userId, expired.requirementId)).toEqual([]);
    expect(await matchesRepository.ofListing(lister.record.userId, elsewhere.listingId)).toEqual([]);

    await updateMatch(seeker.principal, active.requirementId, fits.listingId, 'requirement', 'dismissed');
    expect(await rematchAll(now)).toEqual({ requirements: 1, listings: 2, matches: 1 });
    expect((await matchesRepository.ofRequirement(seeker.record.userId, active.requirementId)).map((side) => side.state)).toEqual(['dismissed']);
  });
});
