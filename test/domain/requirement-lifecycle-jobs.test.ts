import { describe, expect, it } from 'vitest';
import { env } from '../../lambdas/core/env';
import { matchesRepository } from '../../lambdas/data/matches';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { matchListing, matchRequirement } from '../../lambdas/domain/matching';
import { checkRenewToken } from '../../lambdas/domain/renew-links';
import { expireRequirements, remindRequirementOwners } from '../../lambdas/domain/requirement-lifecycle';
import { beforeDbRequest, DAY_MS, refuseMails, storedListing, storedRequirement } from './matching-support';
import { broker, mailsTo } from './support';

/**
 * The daily requirement jobs (expiry, reminders) over this file's own table (they read every active requirement):
 * expiry at 90 days from the broadcast or the last renewal, and the reminders 7 days and 1 day before.
 * Each test works at a `now` of its own, years apart, so the jobs see only its requirements.
 */

const before = (now: Date, days: number, ms = 0) => new Date(now.getTime() - days * DAY_MS + ms).toISOString();

describe('the expiry job', () => {
  it('expires a sent requirement at 90 days from its broadcast or renewal, not a millisecond before, and takes it out of the browser and matching', async () => {
    const [owner, lister] = await Promise.all([broker('owner'), broker('lister')]);
    const now = new Date('2024-06-01T08:00:00.000Z');
    const atNinety = await storedRequirement(owner.record, { marketIds: ['yolo-davis'], sentAt: before(now, 90) });
    const justUnder = await storedRequirement(owner.record, { sentAt: before(now, 90, 1) });
    const renewed = await storedRequirement(owner.record, { sentAt: before(now, 200), renewedAt: before(now, 10) });
    // Renewed just as the job read its old browse entry: the renewal wins.
    const racing = await storedRequirement(owner.record, { sentAt: before(now, 100) });
    await requirementsRepository.renew(racing.requirementId, before(now, 5));
    // Filled as the job read its browse entry.
    const filled = await storedRequirement(owner.record, { sentAt: before(now, 95) });
    await requirementsRepository.close(filled.requirementId, 'filled', ['sent'], { closedAt: before(now, 1) });
    // Removed by an operator as the job read its browse entry.
    const removed = await storedRequirement(owner.record, { sentAt: before(now, 91) });
    await requirementsRepository.delete(removed.requirementId);
    await requirementsRepository.writeIndex(removed);
    // Renewed between the job's read of the requirement and its write: the renewal wins.
    const renewedMeanwhile = await storedRequirement(owner.record, { sentAt: before(now, 92) });
    const listing = await storedListing(lister.record, { marketId: 'yolo-davis' });
    await matchListing(listing);
    await matchRequirement(atNinety);
    expect(await matchesRepository.ofListing(lister.record.userId, listing.listingId)).toHaveLength(1);

    const undo = beforeDbRequest(
      (request) => !!request.ConditionExpression?.includes('renewedAt = :activeFrom') && JSON.stringify(request.ExpressionAttributeValues?.[':activeFrom']).includes(renewedMeanwhile.sentAt),
      () => requirementsRepository.renew(renewedMeanwhile.requirementId, now.toISOString()),
    );
    try {
      expect(await expireRequirements(now)).toEqual({ expired: [atNinety.requirementId] });
    } finally {
      undo();
    }
    expect(await requirementsRepository.get(renewedMeanwhile.requirementId)).toMatchObject({ status: 'sent', renewedAt: now.toISOString() });
    expect(await requirementsRepository.get(atNinety.requirementId)).toMatchObject({ status: 'expired', closedAt: now.toISOString() });
    expect((await requirementsRepository.pageSent({ marketId: 'yolo-davis' }, 25)).items).toEqual([]);
    expect(await matchesRepository.ofListing(lister.record.userId, listing.listingId)).toEqual([]);
    expect(await matchesRepository.ofRequirement(owner.record.userId, atNinety.requirementId)).toEqual([]);
    for (const kept of [justUnder, renewed, racing]) expect((await requirementsRepository.get(kept.requirementId))?.status).toBe('sent');
    expect((await requirementsRepository.get(filled.requirementId))?.status).toBe('filled');

    expect(await expireRequirements(now)).toEqual({ expired: [] });
    expect(await expireRequirements(new Date(now.getTime() + 1))).toEqual({ expired: [justUnder.requirementId] });
  });
});

describe('the reminder job', () => {
  it('reminds the owner 7 days and 1 day before the expiry, once each, with a renew link and the requirement’s page', async () => {
    const [owner, away] = await Promise.all([broker('owner'), broker('away', { status: 'disabled' })]);
    const now = new Date('2025-01-01T16:00:00.000Z');
    const expiringIn = (days: number, ms = 0) => new Date(now.getTime() + days * DAY_MS + ms - 90 * DAY_MS).toISOString();
    const inSeven = await storedRequirement(owner.record, { sentAt: expiringIn(7) });
    const overSeven = await storedRequirement(owner.record, { sentAt: expiringIn(7, 1) });
    const inOne = await storedRequirement(owner.record, { sentAt: expiringIn(1) });
    const overOne = await storedRequirement(owner.record, { sentAt: expiringIn(1, 1) });
    const expiringNow = await storedRequirement(owner.record, { sentAt: expiringIn(0) });
    const renewed = await storedRequirement(owner.record, { sentAt: before(now, 150), renewedAt: expiringIn(3) });
    const closed = await storedRequirement(owner.record, { sentAt: expiringIn(2) });
    await requirementsRepository.close(closed.requirementId, 'withdrawn', ['sent'], { closedAt: before(now, 1) });
    const ownerAway = await storedRequirement(away.record, { sentAt: expiringIn(2) });
    const removed = await storedRequirement(owner.record, { sentAt: expiringIn(4) });
    await requirementsRepository.delete(removed.requirementId);
    await requirementsRepository.writeIndex(removed);

    const report = await remindRequirementOwners(now);
    expect(report.failed).toBe(0);
    expect([...report.reminded].sort()).toEqual([inSeven.requirementId, inOne.requirementId, overOne.requirementId, renewed.requirementId].sort());
    const subjects = (await mailsTo(owner.record.email)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual(
      [
        `Your requirement “${inSeven.title}” expires in 7 days`,
        `Your requirement “${inOne.title}” expires in 1 day`,
        `Your requirement “${overOne.title}” expires in 2 days`,
        `Your requirement “${renewed.title}” expires in 3 days`,
      ].sort(),
    );
    for (const silent of [overSeven, expiringNow, closed, ownerAway]) expect(subjects.join()).not.toContain(silent.title);
    expect(await mailsTo(away.record.email)).toEqual([]);

    const mail = (await mailsTo(owner.record.email)).find((sent) => sent.subject.includes(inOne.title))!;
    expect(mail.html).toContain(`${env().SITE_URL}/consumer/requirement/${inOne.requirementId}`);
    const href = /href="([^"]*\/renew\?token=[^"]*)"/.exec(mail.html)![1]!.replaceAll('&amp;', '&');
    expect(await checkRenewToken(new URL(href).searchParams.get('token')!, now)).toMatchObject({ ok: true, target: { kind: 'requirement', id: inOne.requirementId } });

    // Run again (a retry): nobody is reminded twice.
    expect(await remindRequirementOwners(now)).toEqual({ reminded: [], failed: 0 });
    expect(await mailsTo(owner.record.email)).toHaveLength(4);
    // Six days later: the 1-day reminder of the first; the one that was a millisecond short gets its 7-day one (the
    // nearest due) late; the others are past their expiry.
    const later = await remindRequirementOwners(new Date(now.getTime() + 6 * DAY_MS));
    expect([...later.reminded].sort()).toEqual([inSeven.requirementId, overSeven.requirementId].sort());
    expect((await mailsTo(owner.record.email)).map((sent) => sent.subject).slice(4).sort()).toEqual(
      [`Your requirement “${inSeven.title}” expires in 1 day`, `Your requirement “${overSeven.title}” expires in 2 days`].sort(),
    );
  });

  it('counts a reminder SES refused and sends it on the next run', async () => {
    const owner = await broker('owner');
    const now = new Date('2027-01-01T16:00:00.000Z');
    const requirement = await storedRequirement(owner.record, { sentAt: before(now, 85) });
    const restore = refuseMails();
    let refused;
    try {
      refused = await remindRequirementOwners(now);
    } finally {
      restore();
    }
    expect(refused).toEqual({ reminded: [], failed: 1 });
    expect(await mailsTo(owner.record.email)).toEqual([]);
    expect(await remindRequirementOwners(now)).toEqual({ reminded: [requirement.requirementId], failed: 0 });
    expect((await mailsTo(owner.record.email)).map((mail) => mail.subject)).toEqual([`Your requirement “${requirement.title}” expires in 5 days`]);
  });
});
