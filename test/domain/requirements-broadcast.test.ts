import { describe, expect, it } from 'vitest';
import { matchesRepository } from '../../lambdas/data/matches';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { usersRepository } from '../../lambdas/data/users';
import { matchListing } from '../../lambdas/domain/matching';
import { createRequirement } from '../../lambdas/domain/requirements';
import { broadcastRequirements, type BroadcastReport } from '../../lambdas/domain/requirements-broadcast';
import type { PropertyTypeId } from '../../shared/catalog';
import { beforeDbRequest, refuseMails, storedListing, storedRequirement, type DbRequest } from './matching-support';
import { broker, mailsTo, requirementInput, type Actor } from './support';

/**
 * The requirement broadcast over this file's own table (it reads every waiting requirement and every
 * active broker): who is mailed, exactly once whatever SES, a crash or another run does. Each test's
 * brokers subscribe to one property type's requirements only, and each test leaves nothing waiting, so a
 * run's report and mails are that test's.
 */

const MINUTE_MS = 60_000;
const subscriber = (propertyTypeId: PropertyTypeId, label = 'reader', fields = {}) => broker(label, { subscribed: [`${propertyTypeId}-requirements`], ...fields });
const author = () => broker('author', { subscribed: [] });
const subjectOf = (title: string, typeName: string) => `New ${typeName} requirement: ${title}`;
const copiesOf = async (actor: Actor, subject: string) => (await mailsTo(actor.record.email)).filter((mail) => mail.subject === subject).length;
/** Brokers done with: no later test's broadcast reaches them. */
const retire = (...actors: Actor[]) => Promise.all(actors.map((actor) => usersRepository.update(actor.record.userId, { status: 'disabled' })));
const outcomes = (report: BroadcastReport) => report.requirements;

const isMarkSent = (request: DbRequest) => request.UpdateExpression === 'SET #status = :sent, updatedAt = :now REMOVE gsi2pk, gsi2sk, leaseId';
const isStamp = (request: DbRequest) => !!request.UpdateExpression?.startsWith('SET sentAt = if_not_exists');
const isTransitionTo = (to: string) => (request: DbRequest) =>
  request.ConditionExpression === '#status = :from AND leaseId = :expectLease' && JSON.stringify(request.ExpressionAttributeValues?.[':to']).includes(to);
/** Another run taking the requirement over. */
const takeOver = (requirementId: string) => () => requirementsRepository.transition(requirementId, 'processing', 'processing', { setLeaseId: 'another-run' });

describe('the broadcast', () => {
  it('mails every active broker subscribed to the property type’s requirements, except its author and stopped addresses, then lists and matches it', async () => {
    // The author is subscribed too: being the author alone keeps them off the list.
    const [writer, reader, reader2, officeOnly] = await Promise.all([subscriber('retail', 'author'), subscriber('retail'), subscriber('retail', 'reader2'), subscriber('office', 'office')]);
    const stopped = await subscriber('retail', 'stopped', { mailStop: { reason: 'bounce', at: new Date().toISOString(), detail: 'gone' } });
    const [waiting, disabled] = await Promise.all([subscriber('retail', 'waiting', { status: 'awaiting approval' }), subscriber('retail', 'disabled', { status: 'disabled' })]);
    const listing = await storedListing(reader.record, { propertyTypeId: 'retail', marketId: 'sac-south-natomas' });
    await matchListing(listing);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'retail', marketIds: ['sac-south-natomas'] }));

    const report = await broadcastRequirements();
    expect(report.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(outcomes(report)).toEqual([{ requirementId: requirement.requirementId, result: 'sent', mailed: 2, failed: 0 }]);
    const subject = subjectOf(requirement.title, 'Retail');
    expect([await copiesOf(reader, subject), await copiesOf(reader2, subject)]).toEqual([1, 1]);
    for (const left of [writer, officeOnly, stopped, waiting, disabled]) expect(await mailsTo(left.record.email)).toEqual([]);
    const [mail] = await mailsTo(reader.record.email);
    expect(mail!.html).toContain(`/consumer/requirement/${requirement.requirementId}`);
    expect(mail!.headers.some((header) => header.name === 'List-Unsubscribe')).toBe(true);

    const stored = await requirementsRepository.get(requirement.requirementId);
    expect(stored).toMatchObject({ status: 'sent', sentAt: expect.any(String), attempts: 1 });
    expect(stored?.leaseId).toBeUndefined();
    expect((await requirementsRepository.deliveries(requirement.requirementId)).map((entry) => [entry.userId, entry.state]).sort()).toEqual(
      [
        [reader.record.userId, 'sent'],
        [reader2.record.userId, 'sent'],
      ].sort(),
    );
    expect((await requirementsRepository.pageSent({ marketId: 'sac-south-natomas' }, 10)).items.map((row) => row.requirementId)).toEqual([requirement.requirementId]);
    expect((await matchesRepository.ofRequirement(writer.record.userId, requirement.requirementId)).map((side) => side.listingId)).toEqual([listing.listingId]);

    expect(outcomes(await broadcastRequirements())).toEqual([]);
    expect(await copiesOf(reader, subject)).toBe(1);
    await retire(writer, reader, reader2, stopped, officeOnly);
  });

  it('requeues a requirement SES refused for some brokers, once a run, and the next run mails only those', async () => {
    const [writer, reader, refused] = await Promise.all([author(), subscriber('office'), subscriber('office', 'refused')]);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'office' }));
    const restore = refuseMails((to) => to === refused.record.email);
    let first;
    try {
      first = await broadcastRequirements();
    } finally {
      restore();
    }
    expect(outcomes(first)).toEqual([{ requirementId: requirement.requirementId, result: 'requeued', mailed: 1, failed: 1 }]);
    expect((await requirementsRepository.get(requirement.requirementId))?.status).toBe('queued');
    expect((await requirementsRepository.deliveries(requirement.requirementId)).map((entry) => [entry.userId, entry.state])).toEqual([[reader.record.userId, 'sent']]);

    expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'sent', mailed: 1, failed: 0 }]);
    const subject = subjectOf(requirement.title, 'Office');
    expect([await copiesOf(reader, subject), await copiesOf(refused, subject)]).toEqual([1, 1]);
    expect((await requirementsRepository.get(requirement.requirementId))?.attempts).toBe(2);
    await retire(reader, refused);
  });

  it('gives up on the brokers SES keeps refusing at the 5th attempt and sends it, not at the 4th', async () => {
    const [writer, refused] = await Promise.all([author(), subscriber('industrial', 'refused')]);
    const fourth = await storedRequirement(writer.record, { status: 'queued', propertyTypeId: 'industrial', attempts: 3 });
    const fifth = await storedRequirement(writer.record, { status: 'queued', propertyTypeId: 'industrial', attempts: 4 });
    const restore = refuseMails();
    let report;
    try {
      report = await broadcastRequirements();
    } finally {
      restore();
    }
    expect([...outcomes(report)].sort((a, b) => a.result.localeCompare(b.result))).toEqual([
      { requirementId: fourth.requirementId, result: 'requeued', mailed: 0, failed: 1 },
      { requirementId: fifth.requirementId, result: 'sent', mailed: 0, failed: 1 },
    ]);
    expect(await requirementsRepository.get(fourth.requirementId)).toMatchObject({ status: 'queued', attempts: 4 });
    expect(await requirementsRepository.get(fifth.requirementId)).toMatchObject({ status: 'sent', attempts: 5, sentAt: expect.any(String) });
    await requirementsRepository.delete(fourth.requirementId);
    await retire(refused);
  });

  it('takes over a crashed run’s requirement only after its 2-minute lease, mailing only the brokers it had not reached', async () => {
    const [writer, reached, missed] = await Promise.all([author(), subscriber('land', 'reached'), subscriber('land', 'missed')]);
    const crashedAt = new Date(Date.now() - 10 * MINUTE_MS);
    const requirement = await storedRequirement(writer.record, {
      status: 'processing',
      propertyTypeId: 'land',
      leaseId: 'crashed-run',
      attempts: 1,
      updatedAt: crashedAt.toISOString(),
    });
    await requirementsRepository.claimDelivery(requirement.requirementId, reached.record.userId);
    await requirementsRepository.confirmDelivery(requirement.requirementId, reached.record.userId);

    expect(outcomes(await broadcastRequirements(new Date(crashedAt.getTime() + 2 * MINUTE_MS)))).toEqual([]);
    expect((await requirementsRepository.get(requirement.requirementId))?.leaseId).toBe('crashed-run');
    expect(outcomes(await broadcastRequirements(new Date(crashedAt.getTime() + 2 * MINUTE_MS + 1)))).toEqual([
      { requirementId: requirement.requirementId, result: 'sent', mailed: 1, failed: 0 },
    ]);
    expect(await mailsTo(reached.record.email)).toEqual([]);
    expect(await mailsTo(missed.record.email)).toHaveLength(1);
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'sent', attempts: 2 });
    await retire(reached, missed);
  });

  it('sends a requirement once when runs overlap', async () => {
    const [writer, reader] = await Promise.all([author(), subscriber('apartment')]);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'apartment' }));
    const reports = await Promise.all([broadcastRequirements(), broadcastRequirements(), broadcastRequirements()]);
    expect(reports.flatMap(outcomes).filter((outcome) => outcome.result === 'sent').map((outcome) => outcome.requirementId)).toEqual([requirement.requirementId]);
    expect(await copiesOf(reader, subjectOf(requirement.title, 'Apartment'))).toBe(1);
    await retire(reader);
  });
});

describe('a broadcast interrupted', () => {
  it('by DynamoDB refusing a broker’s ledger claim counts that broker as not reached and requeues it', async () => {
    const [writer, reader, throttled] = await Promise.all([author(), subscriber('apartment', 'reader'), subscriber('apartment', 'throttled')]);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'apartment' }));
    const undo = beforeDbRequest(
      (request) => JSON.stringify(request.Item?.sk ?? '').includes(`SENT#${throttled.record.userId}`),
      () => Promise.reject(Object.assign(new Error('injected: throttled'), { name: 'ProvisionedThroughputExceededException' })),
    );
    try {
      expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'requeued', mailed: 1, failed: 1 }]);
    } finally {
      undo();
    }
    expect((await requirementsRepository.deliveries(requirement.requirementId)).map((entry) => entry.userId)).toEqual([reader.record.userId]);
    expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'sent', mailed: 1, failed: 0 }]);
    const subject = subjectOf(requirement.title, 'Apartment');
    expect([await copiesOf(reader, subject), await copiesOf(throttled, subject)]).toEqual([1, 1]);

    // The only broker's claim refused: nobody is mailed.
    await retire(reader);
    const next = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'apartment' }));
    const undoOnly = beforeDbRequest(
      (request) => JSON.stringify(request.Item?.sk ?? '').includes('SENT#'),
      () => Promise.reject(Object.assign(new Error('injected: throttled'), { name: 'ProvisionedThroughputExceededException' })),
    );
    try {
      expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: next.requirementId, result: 'requeued', mailed: 0, failed: 1 }]);
    } finally {
      undoOnly();
    }
    expect(await copiesOf(throttled, subjectOf(next.title, 'Apartment'))).toBe(0);
    await requirementsRepository.delete(next.requirementId);
    await retire(throttled);
  });

  it('by an operator deleting the requirement takes back its browse entries and matches', async () => {
    const [writer, lister] = await Promise.all([author(), broker('lister', { subscribed: [] })]);
    const listing = await storedListing(lister.record, { propertyTypeId: 'speciality', marketId: 'sac-south-sacramento' });
    await matchListing(listing);
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'speciality', marketIds: ['sac-south-sacramento'] }));
    const undo = beforeDbRequest(isMarkSent, () => requirementsRepository.delete(requirement.requirementId));
    try {
      expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'deleted', mailed: 0, failed: 0 }]);
    } finally {
      undo();
    }
    expect(await requirementsRepository.get(requirement.requirementId)).toBeNull();
    expect((await requirementsRepository.pageSent({ marketId: 'sac-south-sacramento' }, 10)).items).toEqual([]);
    expect(await matchesRepository.ofListing(lister.record.userId, listing.listingId)).toEqual([]);
  });

  it('by another run taking it over, before it is stamped, while it renews its lease or as it is marked sent: this run lets go', async () => {
    const [writer, reader] = await Promise.all([author(), subscriber('flex')]);
    for (const moment of [isStamp, isTransitionTo('processing'), isMarkSent]) {
      const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'flex', marketIds: ['placer-lincoln'] }));
      const undo = beforeDbRequest(moment, takeOver(requirement.requirementId));
      try {
        const [outcome] = outcomes(await broadcastRequirements());
        expect(outcome).toMatchObject({ requirementId: requirement.requirementId, result: 'lease-lost' });
      } finally {
        undo();
      }
      expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'processing', leaseId: 'another-run' });
      // Let go before it was stamped: nothing of it is browsable.
      if (moment === isStamp) expect((await requirementsRepository.pageSent({ marketId: 'placer-lincoln' }, 10)).items).toEqual([]);
      await requirementsRepository.delete(requirement.requirementId);
    }
    // The requeue too: SES refused the reader, and another run holds it by then.
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'flex' }));
    const restore = refuseMails();
    const undo = beforeDbRequest(isTransitionTo('queued'), takeOver(requirement.requirementId));
    try {
      expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'lease-lost', mailed: 0, failed: 1 }]);
    } finally {
      undo();
      restore();
    }
    await requirementsRepository.delete(requirement.requirementId);
    await retire(reader);
  });

  it('by a crash leaves it processing under its lease, and the run goes on', async () => {
    const writer = await author();
    const requirement = await createRequirement(writer.record, requirementInput({ propertyTypeId: 'speciality' }));
    const undo = beforeDbRequest(isMarkSent, () => Promise.reject(new Error('injected: DynamoDB unreachable')));
    try {
      expect(outcomes(await broadcastRequirements())).toEqual([{ requirementId: requirement.requirementId, result: 'failed', mailed: 0, failed: 0 }]);
    } finally {
      undo();
    }
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'processing', leaseId: expect.any(String) });
    expect(outcomes(await broadcastRequirements())).toEqual([]);
    await requirementsRepository.delete(requirement.requirementId);
  });
});
