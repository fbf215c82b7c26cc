import { beforeAll, describe, expect, it } from 'vitest';
import { listingsRepository, type ListingRecord, type PublishedListing } from '../../lambdas/data/listings';
import { digestFor } from '../../lambdas/domain/digest';
import { listListings } from '../../lambdas/domain/listings';
import { listRequirements } from '../../lambdas/domain/requirements';
import { matchListing, matchRequirement } from '../../lambdas/domain/matching';
import { createSavedSearch } from '../../lambdas/domain/saved-searches';
import { listListingsQuery, listRequirementsQuery, listingsSearchFilters, requirementsSearchFilters, type SavedSearch } from '../../shared/api';
import { defaultNotificationPreferences } from '../../shared/api';
import { searchParamsOf } from '../../shared/rules';
import { alertsDelivered, freshDeliveryQueue } from './blast-support';
import { storedListing, storedRequirement } from './matching-support';
import { broker, mailsTo, type Actor } from './support';

/**
 * Saved searches with the browsers' criteria beside the spec's three filters: the instant alert and the
 * digest take exactly what the browser lists for the same search (one predicate, shared/rules/search.ts).
 * This file's table is its own, so the alert job's counts are this file's.
 */

const MINUTE_MS = 60_000;
const quiet = { items: 0, hits: 0, queued: 0, deferred: 0, lost: 0, mailed: 0, alerted: 0, failed: 0, skipped: 0 };
let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});

const alertsTo = async (actor: Actor, name: string) => (await mailsTo(actor.record.email)).filter((mail) => mail.subject.includes(`for “${name}”`));

async function saved(owner: Actor, name: string, kind: 'listings' | 'requirements', filters: Record<string, unknown>, frequency: 'instant' | 'daily'): Promise<SavedSearch> {
  const parsed = kind === 'listings' ? listingsSearchFilters.parse(filters) : requirementsSearchFilters.parse(filters);
  return (await createSavedSearch(owner.principal, { name, kind, filters: parsed, frequency } as Parameters<typeof createSavedSearch>[1])).search;
}

/** A listing published now (browsable: its index written) and handed to matching, which queues its alerts. */
async function publish(owner: Actor, fields: Partial<ListingRecord>) {
  const listing = await storedListing(owner.record, { propertyTypeId: 'industrial', listingTypeId: 'for-lease', leaseTypeId: 'nnn', ...fields });
  await listingsRepository.writeIndex(listing as PublishedListing);
  await matchListing(listing);
  return listing;
}

/** What the browser lists for a saved search's criteria: its URL's query, read as the API reads it. */
const browsedListings = async (search: SavedSearch) => (await listListings(listListingsQuery.parse(searchParamsOf(search.filters)))).items.map((item) => item.listingId);
const browsedRequirements = async (search: SavedSearch) => (await listRequirements(listRequirementsQuery.parse(searchParamsOf(search.filters)))).items.map((item) => item.requirementId);

describe('saved searches with the browsers’ criteria', () => {
  it('an instant alert carries what the browser lists for the search, and nothing it does not', async () => {
    const [seeker, lister] = await Promise.all([broker('criteriaseeker'), broker('criterialister')]);
    const cold = await saved(seeker, 'Cold storage', 'listings', { propertyTypeId: 'industrial', markets: ['sacramento'], sizeMin: 10_000, rateMax: 1.1, rateFrequencyId: 'monthly', keyword: 'cold storage' }, 'instant');
    const needs = await saved(seeker, 'Fits 12k at 1.05', 'requirements', { fitSqft: 12_000, fitRate: 1.05, rateFrequencyId: 'monthly', markets: ['sac-power-inn'] }, 'instant');

    const base = { marketId: 'sac-power-inn', sqft: 12_000, leasePrice: 1.05, leaseFrequencyId: 'monthly' as const };
    const fitting = await publish(lister, { ...base, title: 'Cold storage warehouse' });
    await publish(lister, { ...base, title: 'Cold storage, too small', sqft: 8_000 });
    await publish(lister, { ...base, title: 'Cold storage, too dear', leasePrice: 14, leaseFrequencyId: 'annually' });
    await publish(lister, { ...base, title: 'Cold storage in Roseville', marketId: 'placer-roseville' });
    await publish(lister, { ...base, title: 'Dry warehouse' });
    const wanted = await storedRequirement(lister.record, { title: 'Warehouse wanted', marketIds: ['sac-power-inn', 'placer-lincoln'], sqftMin: 10_000, sqftMax: 15_000, maxLeaseRate: 1.1, maxLeaseFrequencyId: 'monthly' });
    await matchRequirement(wanted);
    const cheap = await storedRequirement(lister.record, { title: 'Cheap warehouse wanted', marketIds: ['sac-power-inn'], sqftMin: 10_000, sqftMax: 15_000, maxLeaseRate: 0.9, maxLeaseFrequencyId: 'monthly' });
    await matchRequirement(cheap);

    expect(await alertsDelivered(queues, new Date(Date.now() + MINUTE_MS))).toEqual({ ...quiet, items: 7, hits: 2, queued: 2, mailed: 2, alerted: 2 });
    const [listingAlert] = await alertsTo(seeker, 'Cold storage');
    expect(listingAlert!.subject).toBe('1 new listing for “Cold storage” on BISN');
    expect(listingAlert!.text).toContain('Cold storage warehouse');
    for (const title of ['too small', 'too dear', 'in Roseville', 'Dry warehouse']) expect(listingAlert!.text).not.toContain(title);
    expect(await browsedListings(cold)).toEqual([fitting.listingId]);
    // Its link opens the browser with every criterion.
    expect(listingAlert!.html).toContain('/consumer/listings?propertyTypeId=industrial&amp;markets=sacramento&amp;sizeMin=10000&amp;keyword=cold+storage&amp;rateFrequencyId=monthly&amp;rateMax=1.1');

    const [requirementAlert] = await alertsTo(seeker, 'Fits 12k at 1.05');
    expect(requirementAlert!.subject).toBe('1 new requirement for “Fits 12k at 1.05” on BISN');
    expect(requirementAlert!.text).toContain('Warehouse wanted');
    expect(requirementAlert!.text).not.toContain('Cheap warehouse wanted');
    expect(await browsedRequirements(needs)).toEqual([wanted.requirementId]);
  });

  it('the digest carries a daily search’s new items that fit its criteria, as its browser lists them', async () => {
    const reader = await broker('criteriareader', { subscribed: [], notifications: { ...defaultNotificationPreferences, requirements: 'digest' } });
    const author = await broker('criteriaauthor');
    // 2032-03-02 is a Tuesday: its digest (09:00 New York, 14:00Z) takes what was sent since Monday's.
    const day = new Date('2032-03-02T14:00:00.000Z');
    const sentAt = '2032-03-02T10:00:00.000Z';
    const fields = { propertyTypeId: 'land' as const, marketIds: ['yolo-davis'], sqftMin: 40_000, sqftMax: 90_000, sentAt, description: 'Needs rail access and zoning for storage.' };
    const fits = await storedRequirement(author.record, { ...fields, title: 'Rail-served land wanted' });
    await storedRequirement(author.record, { ...fields, title: 'Land without the words', description: 'Flat lot.' });
    await storedRequirement(author.record, { ...fields, title: 'Land too small', sqftMax: 20_000 });
    await storedRequirement(author.record, { ...fields, title: 'Land in Woodland', marketIds: ['yolo-woodland'] });
    const search = await saved(reader, 'Rail land in Davis', 'requirements', { propertyTypeId: 'land', markets: ['yolo-davis'], fitSqft: 50_000, keyword: 'rail' }, 'daily');

    const mail = await digestFor(reader.record.userId, day);
    expect(mail!.savedSearchIds).toEqual([search.savedSearchId]);
    expect(mail!.text).toContain('Rail-served land wanted');
    for (const title of ['without the words', 'too small', 'in Woodland']) expect(mail!.text).not.toContain(title);
    expect(await browsedRequirements(search)).toEqual([fits.requirementId]);
  });
});
