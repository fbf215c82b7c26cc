import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../lambdas/data/table';
import { usersRepository } from '../../lambdas/data/users';
import { listBrokers, listedBroker, refreshDirectory } from '../../lambdas/domain/directory';
import { getBrokerPage } from '../../lambdas/domain/broker-page';
import { createRequirement } from '../../lambdas/domain/requirements';
import { withdrawRequirement } from '../../lambdas/domain/requirement-lifecycle';
import { broadcastRequirements } from '../../lambdas/domain/requirements-broadcast';
import { delegationsRepository, type DelegationRecord } from '../../lambdas/data/delegations';
import { directoryQuery, type DirectoryBroker } from '../../shared/api';
import { TEST_QUERY_PAGE_SIZE } from '../fixtures/inputs';
import { storedListing, storedRequirement } from './matching-support';
import { broker, refusal, requirementInput, type Actor } from './support';

const DAY_MS = 24 * 3600 * 1000;

/** Every card the directory answers for `query`, all pages read. */
async function everyone(query: Record<string, unknown> = {}, now?: Date): Promise<DirectoryBroker[]> {
  const out: DirectoryBroker[] = [];
  let cursor: string | undefined;
  do {
    const page = await listBrokers(directoryQuery.parse({ limit: 2, ...query, cursor }), now);
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
const ids = (cards: readonly DirectoryBroker[]) => cards.map((card) => card.userId);

async function listed(label: string, fields: Parameters<typeof broker>[1] = {}): Promise<Actor> {
  const actor = await broker(label, fields);
  await refreshDirectory(actor.record.userId);
  return actor;
}


describe('broker directory (domain)', () => {
  it('lists an approved broker with their card, phone and e-mail shown by default, and the types they subscribe to', async () => {
    const alice = await listed('Alice', { lastName: 'Zephyr', subscribed: ['office-listings', 'retail-requirements'], brokerInfo: { name: 'Capitol Realty', address1: '1 Capitol Mall', address2: '' } });
    const card = await listedBroker(alice.record.userId);
    expect(card).toMatchObject({
      userId: alice.record.userId,
      firstName: 'Alice',
      lastName: 'Zephyr',
      phone: '916-555-0100',
      email: alice.record.email,
      firm: { name: 'Capitol Realty', logoUrl: null },
      photoUrl: null,
      propertyTypes: [
        { id: 'office', name: 'Office' },
        { id: 'retail', name: 'Retail' },
      ],
      markets: [],
      dealTypes: [],
      activeListings: 0,
      activeRequirements: 0,
      lastActiveAt: null,
    });
    expect(ids(await everyone({ propertyTypeId: 'office' }))).toContain(alice.record.userId);
    expect(ids(await everyone({ propertyTypeId: 'land' }))).not.toContain(alice.record.userId);
  });

  it('never lists a pending, disabled or deleted account, nor one that opted out; each page of theirs is a 404', async () => {
    const pending = await listed('Pending', { status: 'awaiting approval' });
    const disabled = await listed('Disabled', { status: 'disabled' });
    const deleted = await listed('Deleted', { status: 'deleted' });
    const hidden = await listed('Hidden', { directory: { listed: false, showPhone: true, showEmail: true } });
    const all = ids(await everyone());
    for (const actor of [pending, disabled, deleted, hidden]) {
      expect(all).not.toContain(actor.record.userId);
      expect(await refusal(getBrokerPage(actor.record.userId))).toEqual({ status: 404, message: 'Broker not found' });
    }
  });

  it('hides the phone or e-mail a broker chose not to show, and drops a broker at once when they opt out or are disabled', async () => {
    const bob = await listed('Bob', { directory: { listed: true, showPhone: false, showEmail: true } });
    expect(await listedBroker(bob.record.userId)).toMatchObject({ phone: '', email: bob.record.email });
    await usersRepository.update(bob.record.userId, { directory: { listed: true, showPhone: true, showEmail: false } });
    await refreshDirectory(bob.record.userId);
    expect(await listedBroker(bob.record.userId)).toMatchObject({ phone: '916-555-0100', email: '' });

    await usersRepository.update(bob.record.userId, { directory: { listed: false, showPhone: true, showEmail: true } });
    await refreshDirectory(bob.record.userId);
    expect(ids(await everyone())).not.toContain(bob.record.userId);
    await usersRepository.update(bob.record.userId, { directory: { listed: true, showPhone: true, showEmail: true } });
    await refreshDirectory(bob.record.userId);
    expect(ids(await everyone())).toContain(bob.record.userId);
    await usersRepository.update(bob.record.userId, { status: 'disabled' });
    await refreshDirectory(bob.record.userId);
    expect(ids(await everyone())).not.toContain(bob.record.userId);
  });

  it('files a broker with the default subscriptions (every type) under no property type until they post; operators are never listed', async () => {
    const newcomer = await listed('Newcomer');
    expect(await listedBroker(newcomer.record.userId)).toMatchObject({ propertyTypes: [] });
    expect(ids(await everyone({ propertyTypeId: 'office' }))).not.toContain(newcomer.record.userId);
    expect(ids(await everyone())).toContain(newcomer.record.userId);
    await storedListing(newcomer.record, { marketId: 'sac-midtown', listingTypeId: 'for-lease', propertyTypeId: 'office', publishedOn: '2032-02-01T00:00:00.000Z' });
    await refreshDirectory(newcomer.record.userId);
    expect((await listedBroker(newcomer.record.userId)).propertyTypes).toEqual([{ id: 'office', name: 'Office' }]);
    expect(ids(await everyone({ propertyTypeId: 'office' }))).toContain(newcomer.record.userId);

    const teamMember = await listed('Operator', { operator: true, subscribed: [] });
    expect(ids(await everyone())).not.toContain(teamMember.record.userId);
    expect(await refusal(listedBroker(teamMember.record.userId))).toMatchObject({ status: 404 });
  });

  it('files a broker under the markets, counties and deal types of their active requirements, with counts and last activity', async () => {
    const carol = await listed('Carol', { subscribed: [] });
    const requirement = await createRequirement(carol.record, requirementInput({ marketIds: ['sac-folsom', 'placer-roseville'], requirementTypeId: 'for-sale-user', propertyTypeId: 'industrial' }));
    await broadcastRequirements();
    const card = await listedBroker(carol.record.userId);
    expect(card).toMatchObject({
      activeRequirements: 1,
      activeListings: 0,
      propertyTypes: [{ id: 'industrial', name: 'Industrial' }],
      dealTypes: [{ id: 'for-sale-user', name: 'For Sale - User' }],
    });
    expect(card.markets.map((m) => m.id).sort()).toEqual(['placer-roseville', 'sac-folsom']);
    expect(card.lastActiveAt).not.toBeNull();
    for (const filter of [{ marketId: 'sac-folsom' }, { marketId: 'sacramento' }, { marketId: 'placer' }, { dealTypeId: 'for-sale-user', propertyTypeId: 'industrial', marketId: 'placer-roseville' }]) {
      expect(ids(await everyone(filter)), JSON.stringify(filter)).toContain(carol.record.userId);
    }
    for (const filter of [{ marketId: 'sac-midtown' }, { marketId: 'yolo' }, { dealTypeId: 'for-lease' }, { propertyTypeId: 'office' }]) {
      expect(ids(await everyone(filter)), JSON.stringify(filter)).not.toContain(carol.record.userId);
    }

    const page = await getBrokerPage(carol.record.userId);
    expect(page.requirements.map((r) => r.requirementId)).toEqual([requirement.requirementId]);
    expect(page.listings).toEqual([]);

    // Withdrawn: out of the markets and counts at once; the last activity stays what it was.
    await withdrawRequirement(carol.principal, requirement.requirementId);
    const after = await listedBroker(carol.record.userId);
    expect(after).toMatchObject({ activeRequirements: 0, markets: [], dealTypes: [], lastActiveAt: card.lastActiveAt });
    expect(ids(await everyone({ marketId: 'sac-folsom' }))).not.toContain(carol.record.userId);
  });

  it('counts every sent requirement (more than a page) and published listing; files the listings under their markets, counties and types; the last activity is the latest renewal', async () => {
    const fay = await listed('Fay', { subscribed: [] });
    for (let i = 0; i <= TEST_QUERY_PAGE_SIZE; i++) {
      await storedRequirement(fay.record, { propertyTypeId: 'office', marketIds: ['sac-midtown'], sentAt: new Date(Date.UTC(2032, 0, 1 + i)).toISOString() });
    }
    await storedListing(fay.record, { marketId: 'yolo-woodland', listingTypeId: 'for-sale-investment', propertyTypeId: 'retail', publishedOn: '2032-02-01T00:00:00.000Z', renewedAt: '2032-03-01T00:00:00.000Z' });
    // Not active: a draft and a sold listing file her under nothing.
    await storedListing(fay.record, { status: 'draft', marketId: 'eldorado-placerville', listingTypeId: 'for-sale-user', propertyTypeId: 'land' });
    await storedListing(fay.record, { status: 'sold', marketId: 'eldorado-placerville', listingTypeId: 'for-sale-user', propertyTypeId: 'land' });
    await refreshDirectory(fay.record.userId);
    const card = await listedBroker(fay.record.userId);
    expect(card).toMatchObject({
      activeRequirements: TEST_QUERY_PAGE_SIZE + 1,
      activeListings: 1,
      lastActiveAt: '2032-03-01T00:00:00.000Z',
      propertyTypes: [
        { id: 'office', name: 'Office' },
        { id: 'retail', name: 'Retail' },
      ],
      dealTypes: [
        { id: 'for-lease', name: 'For Lease' },
        { id: 'for-sale-investment', name: 'For Sale - Investment' },
      ],
      markets: [
        { id: 'sac-midtown', name: 'Midtown' },
        { id: 'yolo-woodland', name: 'Woodland' },
      ],
    });
    for (const filter of [{ marketId: 'yolo' }, { marketId: 'yolo-woodland', dealTypeId: 'for-sale-investment', propertyTypeId: 'retail' }]) {
      expect(ids(await everyone(filter)), JSON.stringify(filter)).toContain(fay.record.userId);
    }
    for (const filter of [{ marketId: 'el-dorado' }, { propertyTypeId: 'land' }, { dealTypeId: 'for-sale-user' }]) {
      expect(ids(await everyone(filter)), JSON.stringify(filter)).not.toContain(fay.record.userId);
    }
  });

  it('says whom an approved delegate assists: active brokers of approved delegations only, by name', async () => {
    const delegate = await broker('Gail');
    const delegation = (brokerId: string, state: DelegationRecord['state']): DelegationRecord => {
      const at = new Date().toISOString();
      return { brokerId, delegateId: delegate.record.userId, state, canExport: false, requestedAt: at, confirmedAt: at, approvedAt: state === 'approved' ? at : null, endedAt: null, updatedAt: at };
    };
    const [zed, abe, gone, asking] = await Promise.all([
      broker('Zed', { firstName: 'Zed', lastName: 'Young' }),
      broker('Abe', { firstName: 'Abe', lastName: 'Young' }),
      broker('Gone', { firstName: 'Gone', lastName: 'Away', status: 'disabled' }),
      broker('Asking', { firstName: 'Asking', lastName: 'Still' }),
    ]);
    for (const [assisted, state] of [[zed, 'approved'], [abe, 'approved'], [gone, 'approved'], [asking, 'confirmed']] as const) {
      await delegationsRepository.request(delegation(assisted.record.userId, state));
    }
    await refreshDirectory(delegate.record.userId);
    expect((await listedBroker(delegate.record.userId)).assistantTo).toEqual(['Abe Young', 'Zed Young']);

    const alone = await listed('Hal');
    await delegationsRepository.request({ ...delegation(asking.record.userId, 'confirmed'), delegateId: alone.record.userId });
    await refreshDirectory(alone.record.userId);
    expect(await listedBroker(alone.record.userId)).not.toHaveProperty('assistantTo');
  });

  it('keeps "active in the last 90 days" to brokers active within exactly 90 days', async () => {
    const dan = await listed('Dan');
    await createRequirement(dan.record, requirementInput());
    await broadcastRequirements();
    const at = Date.parse((await listedBroker(dan.record.userId)).lastActiveAt ?? '');
    expect(ids(await everyone({ recent: 'true' }, new Date(at + 90 * DAY_MS)))).toContain(dan.record.userId);
    expect(ids(await everyone({ recent: 'true' }, new Date(at + 90 * DAY_MS + 1)))).not.toContain(dan.record.userId);
    expect(ids(await everyone({ recent: 'false' }, new Date(at + 90 * DAY_MS + 1)))).toContain(dan.record.userId);
  });

  it('sorts by name (last, then first, accents folded) and by activity (the most recent first), across pages', async () => {
    const names = [
      ['Émile', 'Order'],
      ['Anna', 'Order'],
      ['Zoe', 'Ordea'],
    ] as const;
    const made: Actor[] = [];
    for (const [firstName, lastName] of names) made.push(await listed(firstName, { firstName, lastName, subscribed: ['speciality-listings'] }));
    const byName = (await everyone({ propertyTypeId: 'speciality', sort: 'name' })).filter((c) => c.lastName.startsWith('Orde'));
    expect(byName.map((c) => c.firstName)).toEqual(['Zoe', 'Anna', 'Émile']);

    const active = made[2]!;
    await createRequirement(active.record, requirementInput({ propertyTypeId: 'speciality' }));
    await broadcastRequirements();
    const byActivity = await everyone({ propertyTypeId: 'speciality', sort: 'activity' });
    expect(byActivity[0]!.userId).toBe(active.record.userId);
    expect(new Set(ids(byActivity)).size).toBe(byActivity.length);
  });

  it('finds brokers by part of their name or firm, whatever the case and accents', async () => {
    const erin = await listed('Erin', { lastName: 'Québecois', brokerInfo: { name: 'Delta Commercial', address1: '2 River Rd', address2: '' } });
    expect(ids(await everyone({ q: 'quebec' }))).toContain(erin.record.userId);
    expect(ids(await everyone({ q: 'DELTA comm' }))).toContain(erin.record.userId);
    expect(ids(await everyone({ q: 'nobody-called-this' }))).toEqual([]);
  });

  it('refuses a cursor of the other order instead of failing', async () => {
    for (let i = 0; i < 3; i++) await listed(`Page${i}`);
    const page = await listBrokers(directoryQuery.parse({ limit: 1, sort: 'activity' }));
    expect(page.nextCursor).not.toBeNull();
    await expect(listBrokers(directoryQuery.parse({ limit: 1, sort: 'name', cursor: page.nextCursor }))).rejects.toBeInstanceOf(InvalidCursorError);
  });
});
