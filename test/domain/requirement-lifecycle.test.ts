import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lambdas/core/errors';
import { matchesRepository } from '../../lambdas/data/matches';
import { requirementsRepository } from '../../lambdas/data/requirements';
import {
  editRequirement,
  fillRequirement,
  renewRequirement,
  renewRequirementRecord,
  withdrawRequirement,
} from '../../lambdas/domain/requirement-lifecycle';
import { matchListing, matchRequirement } from '../../lambdas/domain/matching';
import { updateRequirementRequest } from '../../shared/api';
import { beforeDbRequest, DAY_MS, refusal, storedListing, storedRequirement } from './matching-support';
import { broker, requirementInput } from './support';

/**
 * The requirement lifecycle: the owner edits (a sent one is not broadcast again: its browse entries and
 * matches follow), marks it filled or withdrawn (it leaves the browser and matching) and renews it. Each
 * test works in markets of its own, so the browser's entries it reads are its own.
 */

const browsed = async (marketId: string) => (await requirementsRepository.pageSent({ marketId }, 25)).items.map((row) => [row.requirementId, row.title]);
const staleRefusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HttpError ? { status: error.statusCode, message: error.message, currentVersion: error.currentVersion } : error),
  );
const edit = (fields: Parameters<typeof requirementInput>[0], version: number) => updateRequirementRequest.parse({ ...requirementInput(fields), version });

const messages = {
  notFound: { status: 404, message: 'Requirement not found' },
  notYours: { status: 403, message: 'Only its owner can change this requirement.' },
  edit: { status: 409, message: 'This requirement cannot be edited now: it is being sent, or it is closed.' },
  fill: { status: 409, message: 'Only a sent or expired requirement can be marked filled.' },
  withdraw: { status: 409, message: 'This requirement is already closed.' },
  renew: { status: 409, message: 'Only a sent or expired requirement can be renewed.' },
};

describe('editing a requirement', () => {
  it('rewrites a sent one’s browse entries and matches it again, keeping its broadcast; an edit from an older version is refused with the current one', async () => {
    const [owner, lister] = await Promise.all([broker('owner'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'placer-auburn' });
    await matchListing(listing);
    const requirement = await storedRequirement(owner.record, { marketIds: ['placer-granite-bay'] });
    await matchRequirement(requirement);
    expect(await browsed('placer-granite-bay')).toEqual([[requirement.requirementId, requirement.title]]);

    const title = `${requirement.title} (moved)`;
    const edited = await editRequirement(owner.principal, requirement.requirementId, edit({ title, marketIds: ['placer-auburn'] }, 0));
    expect(edited).toMatchObject({ requirementId: requirement.requirementId, title, status: 'sent', version: 1, sentAt: requirement.sentAt, markets: [{ marketId: 'placer-auburn' }] });
    expect(edited.user).toMatchObject({ email: owner.record.email });
    expect(await browsed('placer-granite-bay')).toEqual([]);
    expect(await browsed('placer-auburn')).toEqual([[requirement.requirementId, title]]);
    expect((await matchesRepository.ofRequirement(owner.record.userId, requirement.requirementId)).map((side) => [side.listingId, side.requirementTitle])).toEqual([
      [listing.listingId, title],
    ]);
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ title, version: 1, status: 'sent' });

    expect(await staleRefusal(editRequirement(owner.principal, requirement.requirementId, edit({ title: 'Lost edit' }, 0)))).toEqual({
      status: 409,
      message: 'This requirement was changed in another window. Reload it to see the changes.',
      currentVersion: 1,
    });
    expect((await requirementsRepository.get(requirement.requirementId))?.title).toBe(title);
  });

  it('keeps a pending one private: not browsable, not matched', async () => {
    const [owner, lister] = await Promise.all([broker('owner'), broker('lister')]);
    await matchListing(await storedListing(lister.record, { marketId: 'placer-lincoln' }));
    const pending = await storedRequirement(owner.record, { status: 'pending', marketIds: ['placer-rocklin'] });
    const edited = await editRequirement(owner.principal, pending.requirementId, edit({ marketIds: ['placer-lincoln'] }, 0));
    expect(edited).toMatchObject({ status: 'pending', version: 1, sentAt: null, expiresAt: null });
    expect(await browsed('placer-lincoln')).toEqual([]);
    expect(await matchesRepository.ofRequirement(owner.record.userId, pending.requirementId)).toEqual([]);
  });

  it('is refused while the broadcast holds it or once it is closed, to anyone but its owner, and for one that does not exist', async () => {
    const [owner, other] = await Promise.all([broker('owner'), broker('other')]);
    for (const status of ['queued', 'processing', 'filled', 'withdrawn', 'expired'] as const) {
      const record = await storedRequirement(owner.record, { status });
      expect(await refusal(editRequirement(owner.principal, record.requirementId, edit({}, 0)))).toEqual(messages.edit);
    }
    const sent = await storedRequirement(owner.record);
    const pending = await storedRequirement(owner.record, { status: 'pending' });
    expect(await refusal(editRequirement(other.principal, sent.requirementId, edit({}, 0)))).toEqual(messages.notYours);
    expect(await refusal(editRequirement(other.principal, pending.requirementId, edit({}, 0)))).toEqual(messages.notFound);
    expect(await refusal(editRequirement(owner.principal, randomUUID(), edit({}, 0)))).toEqual(messages.notFound);
    expect((await requirementsRepository.get(sent.requirementId))?.version).toBeUndefined();
  });
});

describe('filling a requirement', () => {
  it('through a listing on BISN: closed with the listing named, out of the browser, its matches gone from both brokers', async () => {
    const [owner, lister] = await Promise.all([broker('owner'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'placer-roseville' });
    await matchListing(listing);
    const requirement = await storedRequirement(owner.record, { marketIds: ['placer-roseville'] });
    await matchRequirement(requirement);
    expect(await matchesRepository.ofListing(lister.record.userId, listing.listingId)).toHaveLength(1);

    const filled = await fillRequirement(owner.principal, requirement.requirementId, { outcome: { kind: 'bisn-listing', listingId: listing.listingId } });
    expect(filled).toMatchObject({
      status: 'filled',
      outcome: { kind: 'bisn-listing', listingId: listing.listingId, listingTitle: listing.title },
      closedAt: expect.any(String),
      expiresAt: null,
      sentAt: requirement.sentAt,
    });
    expect(filled.user).toMatchObject({ email: owner.record.email });
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({
      status: 'filled',
      closedAt: filled.closedAt,
      outcome: { kind: 'bisn-listing', listingId: listing.listingId, listingTitle: listing.title },
    });
    expect(await browsed('placer-roseville')).toEqual([]);
    expect(await matchesRepository.ofRequirement(owner.record.userId, requirement.requirementId)).toEqual([]);
    expect(await matchesRepository.ofListing(lister.record.userId, listing.listingId)).toEqual([]);
    // Out of matching too: the listing matched again does not find it.
    expect((await matchListing(listing)).read).toBe(0);
    for (const [action, refused] of [
      [() => fillRequirement(owner.principal, requirement.requirementId, {}), messages.fill],
      [() => withdrawRequirement(owner.principal, requirement.requirementId), messages.withdraw],
      [() => renewRequirement(owner.principal, requirement.requirementId), messages.renew],
    ] as const) {
      expect(await refusal(action())).toEqual(refused);
    }
  });

  it('through the owner’s own draft, elsewhere, or without saying; an expired one too; never a pending one or through someone else’s draft', async () => {
    const [owner, other] = await Promise.all([broker('owner'), broker('other')]);
    const ownDraft = await storedListing(owner.record, { status: 'draft', publishedOn: null, expiresAt: null });
    const othersDraft = await storedListing(other.record, { status: 'draft', publishedOn: null, expiresAt: null });
    const viaDraft = await storedRequirement(owner.record);
    expect((await fillRequirement(owner.principal, viaDraft.requirementId, { outcome: { kind: 'bisn-listing', listingId: ownDraft.listingId } })).outcome).toEqual({
      kind: 'bisn-listing',
      listingId: ownDraft.listingId,
      listingTitle: ownDraft.title,
    });
    const elsewhere = await storedRequirement(owner.record, { status: 'expired' });
    const filledElsewhere = await fillRequirement(owner.principal, elsewhere.requirementId, { outcome: { kind: 'elsewhere' } });
    expect([filledElsewhere.status, filledElsewhere.outcome]).toEqual(['filled', { kind: 'elsewhere', listingId: null, listingTitle: null }]);
    expect((await requirementsRepository.get(elsewhere.requirementId))?.outcome).toEqual({ kind: 'elsewhere' });
    const unsaid = await storedRequirement(owner.record);
    const filledUnsaid = await fillRequirement(owner.principal, unsaid.requirementId, {});
    expect([filledUnsaid.status, filledUnsaid.outcome]).toEqual(['filled', null]);
    expect((await requirementsRepository.get(unsaid.requirementId))?.outcome).toBeUndefined();

    const sent = await storedRequirement(owner.record);
    const notOnBisn = { status: 400, message: 'Pick a listing on BISN, or say it was filled elsewhere.', fieldErrors: { outcome: ['That listing is not on BISN.'] } };
    for (const listingId of [othersDraft.listingId, randomUUID()]) {
      const refused = await fillRequirement(owner.principal, sent.requirementId, { outcome: { kind: 'bisn-listing', listingId } }).catch((error: HttpError) => error);
      expect(refused).toBeInstanceOf(HttpError);
      expect({ status: (refused as HttpError).statusCode, message: (refused as HttpError).message, fieldErrors: (refused as HttpError).fieldErrors }).toEqual(notOnBisn);
    }
    const pending = await storedRequirement(owner.record, { status: 'pending' });
    expect(await refusal(fillRequirement(owner.principal, pending.requirementId, {}))).toEqual(messages.fill);
    expect(await refusal(fillRequirement(other.principal, sent.requirementId, {}))).toEqual(messages.notYours);
    expect((await requirementsRepository.get(sent.requirementId))?.status).toBe('sent');
  });
});

describe('withdrawing a requirement', () => {
  it('takes a pending one out of the broadcast for good, and a sent one out of the browser and matching', async () => {
    const [owner, lister] = await Promise.all([broker('owner'), broker('lister')]);
    const pending = await storedRequirement(owner.record, { status: 'pending' });
    const withdrawnPending = await withdrawRequirement(owner.principal, pending.requirementId);
    expect(withdrawnPending).toMatchObject({ status: 'withdrawn', sentAt: null, closedAt: expect.any(String), outcome: null });
    const waiting = [];
    for await (const page of requirementsRepository.byStatus('pending')) waiting.push(...page.map((record) => record.requirementId));
    expect(waiting).not.toContain(pending.requirementId);

    const listing = await storedListing(lister.record, { marketId: 'placer-outlier-placer-county' });
    await matchListing(listing);
    const sent = await storedRequirement(owner.record, { marketIds: ['placer-outlier-placer-county'] });
    await matchRequirement(sent);
    expect((await withdrawRequirement(owner.principal, sent.requirementId)).status).toBe('withdrawn');
    expect(await browsed('placer-outlier-placer-county')).toEqual([]);
    expect(await matchesRepository.ofListing(lister.record.userId, listing.listingId)).toEqual([]);
    expect(await refusal(withdrawRequirement(owner.principal, sent.requirementId))).toEqual(messages.withdraw);
    expect(await refusal(withdrawRequirement(lister.principal, pending.requirementId))).toEqual(messages.notFound);
  });
});

describe('renewing a requirement', () => {
  it('makes a sent one active for 90 days from now, at the top of the browser once, matched from its new start', async () => {
    const owner = await broker('owner');
    const sentAt = new Date(Date.now() - 60 * DAY_MS).toISOString();
    const requirement = await storedRequirement(owner.record, { marketIds: ['eldorado-cameron-park'], sentAt });
    await matchRequirement(requirement);
    const before = Date.now();
    const renewed = await renewRequirement(owner.principal, requirement.requirementId);
    const stored = await requirementsRepository.get(requirement.requirementId);
    expect(Date.parse(stored!.renewedAt!)).toBeGreaterThanOrEqual(before);
    expect(renewed).toMatchObject({ status: 'sent', sentAt, closedAt: null });
    expect(Date.parse(renewed.expiresAt!) - Date.parse(stored!.renewedAt!)).toBe(90 * DAY_MS);
    expect(await browsed('eldorado-cameron-park')).toEqual([[requirement.requirementId, requirement.title]]);
    const rows = (await requirementsRepository.pageSent({ marketId: 'eldorado-cameron-park' }, 25)).items;
    expect(rows.map((row) => row.sentAt)).toEqual([sentAt]);
    // The candidate copy moved with it: a listing published now finds it once.
    const lister = await broker('lister');
    expect((await matchListing(await storedListing(lister.record, { marketId: 'eldorado-cameron-park' }))).read).toBe(1);
  });

  it('brings an expired one back to the browser and matching', async () => {
    const [owner, lister] = await Promise.all([broker('owner'), broker('lister')]);
    const listing = await storedListing(lister.record, { marketId: 'eldorado-el-dorado-hills' });
    await matchListing(listing);
    const requirement = await storedRequirement(owner.record, { marketIds: ['eldorado-el-dorado-hills'], sentAt: new Date(Date.now() - 100 * DAY_MS).toISOString() });
    await requirementsRepository.deleteIndex(requirement);
    await requirementsRepository.close(requirement.requirementId, 'expired', ['sent'], { closedAt: new Date().toISOString() });

    const renewed = await renewRequirementRecord(requirement.requirementId);
    expect(renewed).toMatchObject({ requirementId: requirement.requirementId, status: 'sent', closedAt: undefined, renewedAt: expect.any(String) });
    expect(await requirementsRepository.get(requirement.requirementId)).toMatchObject({ status: 'sent', renewedAt: renewed!.renewedAt });
    expect((await requirementsRepository.get(requirement.requirementId))?.closedAt).toBeUndefined();
    expect(await browsed('eldorado-el-dorado-hills')).toEqual([[requirement.requirementId, requirement.title]]);
    expect((await matchesRepository.ofListing(lister.record.userId, listing.listingId)).map((side) => side.requirementId)).toEqual([requirement.requirementId]);
  });

  it('is refused for a requirement not sent, someone else’s, or one that does not exist', async () => {
    const [owner, other] = await Promise.all([broker('owner'), broker('other')]);
    for (const status of ['pending', 'queued', 'processing', 'withdrawn'] as const) {
      const record = await storedRequirement(owner.record, { status });
      expect(await refusal(renewRequirement(owner.principal, record.requirementId))).toEqual(messages.renew);
      expect(await renewRequirementRecord(record.requirementId)).toBeNull();
    }
    const sent = await storedRequirement(owner.record);
    expect(await refusal(renewRequirement(other.principal, sent.requirementId))).toEqual(messages.notYours);
    expect(await refusal(renewRequirement(owner.principal, randomUUID()))).toEqual(messages.notFound);
    expect(await renewRequirementRecord(randomUUID())).toBeNull();
    // A sent record that was never stamped (a broadcast crashed before it): nothing to renew from.
    const unstamped = { ...sent, requirementId: randomUUID(), sentAt: null };
    await requirementsRepository.create(unstamped);
    expect(await refusal(renewRequirement(owner.principal, unstamped.requirementId))).toEqual(messages.renew);
    expect((await requirementsRepository.get(sent.requirementId))?.renewedAt).toBeUndefined();
  });
});

describe('a change racing the broadcast', () => {
  it('answers why it was refused when the broadcast took the requirement between the read and the write', async () => {
    const owner = await broker('owner');
    const takenBy = (requirementId: string) => () => requirementsRepository.transition(requirementId, 'pending', 'queued');
    const forEdit = await storedRequirement(owner.record, { status: 'pending' });
    let undo = beforeDbRequest((request) => !!request.UpdateExpression?.includes('version = if_not_exists(version, :zero) + :one'), takenBy(forEdit.requirementId));
    try {
      expect(await refusal(editRequirement(owner.principal, forEdit.requirementId, edit({ title: 'Too late' }, 0)))).toEqual(messages.edit);
    } finally {
      undo();
    }
    const forWithdrawal = await storedRequirement(owner.record, { status: 'pending' });
    undo = beforeDbRequest((request) => !!request.UpdateExpression?.startsWith('SET #status = :to, closedAt = :now'), takenBy(forWithdrawal.requirementId));
    try {
      expect(await refusal(withdrawRequirement(owner.principal, forWithdrawal.requirementId))).toEqual(messages.withdraw);
    } finally {
      undo();
    }
    for (const { requirementId } of [forEdit, forWithdrawal]) {
      const stored = await requirementsRepository.get(requirementId);
      expect([stored?.status, stored?.version, stored?.closedAt]).toEqual(['queued', undefined, undefined]);
      await requirementsRepository.delete(requirementId);
    }
  });
});
