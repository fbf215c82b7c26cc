import { beforeAll, describe, expect, it } from 'vitest';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { listRequirementsQuery } from '../../shared/api/schemas/requirements';
import {
  countActiveRequirements,
  createRequirement,
  deleteRequirement,
  getRequirement,
  listMyRequirements,
  listRequirements,
  removeRequirement,
  toSummary,
} from '../../lambdas/domain/requirements';
import { fillRequirement } from '../../lambdas/domain/requirement-lifecycle';
import { broadcastRequirements } from '../../lambdas/domain/requirements-broadcast';
import { drainDeliveries, freshDeliveryQueue } from './blast-support';
import { broker, mailsTo, refusal, requirementInput } from './support';

let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});


describe('requirements (domain)', () => {
  it('stores a new requirement as pending with every field, catalogue names resolved and the author card attached', async () => {
    const author = await broker('author');
    const input = requirementInput({ maxPrice: 2_000_000, sqftMin: 1000, sqftMax: 4000 });
    const created = await createRequirement(author.record, input);
    expect(created).toMatchObject({
      title: input.title,
      status: 'pending',
      sqftMin: 1000,
      sqftMax: 4000,
      timing: input.timing,
      description: input.description,
      highlights: input.highlights,
      maxPrice: 2_000_000,
      maxLeaseRate: null,
      maxLeaseFrequencyId: null,
      userId: author.record.userId,
      type: { requirementTypeId: 'for-lease', name: 'For Lease' },
      propertyType: { propertyTypeId: 'office', name: 'Office' },
      markets: [{ marketId: 'sac-midtown', name: expect.stringContaining('Midtown') }],
      sentAt: null,
      expiresAt: null,
      closedAt: null,
      outcome: null,
      version: 0,
    });
    expect(created.user).toMatchObject({ email: author.record.email, phone: '916-555-0100' });
    const stored = await requirementsRepository.get(created.requirementId);
    expect(stored).toMatchObject({ status: 'pending', userId: author.record.userId, sentAt: null });
  });

  it('shows a pending requirement to its author only, and a sent one to everyone with the expiry', async () => {
    const author = await broker('author');
    const other = await broker('other');
    const created = await createRequirement(author.record, requirementInput());
    expect(await refusal(getRequirement(other.principal, created.requirementId, true))).toEqual({ status: 404, message: 'Requirement not found' });
    expect((await getRequirement(author.principal, created.requirementId, true)).status).toBe('pending');

    await broadcastRequirements();
    await drainDeliveries(queues);
    expect((await mailsTo(other.record.email)).filter((mail) => mail.subject.includes(created.title))).toHaveLength(1);
    const seen = await getRequirement(other.principal, created.requirementId, true);
    expect(seen.status).toBe('sent');
    expect(seen.sentAt).not.toBeNull();
    expect(Date.parse(seen.expiresAt ?? '') - Date.parse(seen.sentAt ?? '')).toBe(90 * 24 * 3600 * 1000);
    expect(await refusal(getRequirement(other.principal, 'no-such-requirement', true))).toEqual({ status: 404, message: 'Requirement not found' });
  });

  it('hides the author contact details from a caller not yet approved, never from the author', async () => {
    const author = await broker('author');
    const pending = await broker('pending', { status: 'awaiting approval' });
    const created = await createRequirement(author.record, requirementInput());
    await broadcastRequirements();
    const hidden = await getRequirement(pending.principal, created.requirementId, false);
    expect(hidden.user).toMatchObject({ email: '', phone: '', license: '', detailsHidden: true });
    const shown = await getRequirement(pending.principal, created.requirementId, true);
    expect(shown.user).toMatchObject({ email: author.record.email, phone: '916-555-0100' });
    const own = await getRequirement(author.principal, created.requirementId, false);
    expect(own.user).toMatchObject({ email: author.record.email });
  });

  it('shows how a requirement was filled to its author only', async () => {
    const author = await broker('author');
    const other = await broker('other');
    const created = await createRequirement(author.record, requirementInput());
    await broadcastRequirements();
    await fillRequirement(author.principal, created.requirementId, { outcome: { kind: 'elsewhere' } });
    expect((await getRequirement(author.principal, created.requirementId, true)).outcome).toEqual({ kind: 'elsewhere', listingId: null, listingTitle: null });
    const seen = await getRequirement(other.principal, created.requirementId, true);
    expect(seen.status).toBe('filled');
    expect(seen.outcome).toBeNull();
    expect(seen.expiresAt).toBeNull();
  });

  it('lists sent requirements in the browser and all of the author own, by status, across pages', async () => {
    const author = await broker('author');
    const market = 'sac-folsom';
    const titles = new Set<string>();
    for (let i = 0; i < 4; i++) titles.add((await createRequirement(author.record, requirementInput({ marketIds: [market] }))).title);
    const pendingOne = await createRequirement(author.record, requirementInput({ marketIds: [market] }));
    const before = await countActiveRequirements();
    await requirementsRepository.transition(pendingOne.requirementId, 'pending', 'processing');
    await broadcastRequirements();

    const browsed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listRequirements(listRequirementsQuery.parse({ marketId: market, limit: 3, cursor }));
      browsed.push(...page.items.map((item) => item.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(browsed)).toEqual(titles);
    expect(await countActiveRequirements()).toBe(before + 4);
    // A row says whether it fits without opening it: its size and markets.
    const [row] = (await listRequirements(listRequirementsQuery.parse({ marketId: market, limit: 1 }))).items;
    const full = (await requirementsRepository.get(row!.requirementId))!;
    expect(full.sqftMin ?? full.sqftMax).not.toBeNull();
    expect(row).toMatchObject({ sqftMin: full.sqftMin, sqftMax: full.sqftMax, markets: [{ marketId: market, name: 'Folsom' }] });

    const mine = await listMyRequirements(author.record.userId, { limit: 10 });
    expect(mine.items).toHaveLength(5);
    const sentOnly = await listMyRequirements(author.record.userId, { limit: 10, status: 'sent' });
    expect(sentOnly.items.map((item) => item.title).sort()).toEqual([...titles].sort());
    const stored = (await requirementsRepository.get(sentOnly.items[0]!.requirementId))!;
    // My requirements also says who created and last changed each: here its author.
    expect(sentOnly.items[0]).toEqual({ ...toSummary(stored), createdBy: stored.createdBy, lastChangedBy: stored.lastChangedBy });
    expect(stored.createdBy).toMatchObject({ delegate: null, action: 'created' });
  });

  it('removes a requirement and says when it was already gone; the operator removal answers 404 then', async () => {
    const author = await broker('author');
    const created = await createRequirement(author.record, requirementInput());
    expect(await removeRequirement(created.requirementId)).toBe(true);
    expect(await requirementsRepository.get(created.requirementId)).toBeNull();
    expect(await removeRequirement(created.requirementId)).toBe(false);
    expect(await refusal(deleteRequirement(created.requirementId))).toEqual({ status: 404, message: 'Requirement not found' });
    const second = await createRequirement(author.record, requirementInput());
    await deleteRequirement(second.requirementId);
    expect(await requirementsRepository.get(second.requirementId)).toBeNull();
  });
});
