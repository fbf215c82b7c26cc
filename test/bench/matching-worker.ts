import './quiet-logs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ListingRecord } from '../../lambdas/data/listings';
import type { RequirementRecord } from '../../lambdas/data/requirements';
import { matchListing, matchRequirement } from '../../lambdas/domain/matching';
import { listingTypes, markets, propertyTypes, requirementTypes } from '../../shared/catalog';
import { childMain } from './child';
import { peakRssMb } from './measure';

export interface MatchingRunResult {
  listing: { ms: number[]; read: number[]; matches: number[] };
  requirement: { ms: number[]; read: number[]; matches: number[] };
  peakRssMb: number;
}

const nth = <T,>(items: readonly T[], n: number) => items[n % items.length]!;

/**
 * Matching as the blast and the broadcast run it, in a fresh process (the emulators live in the bench's):
 * `runs` new listings against the seeded requirements, then `runs` new requirements against the seeded
 * listings, each timed on its own; and this process's peak memory.
 */
await childMain(async ({ runs, ownerId }: { runs: number; ownerId: string }): Promise<MatchingRunResult> => {
  const now = new Date().toISOString();
  const result: MatchingRunResult = { listing: { ms: [], read: [], matches: [] }, requirement: { ms: [], read: [], matches: [] }, peakRssMb: 0 };
  for (let n = 0; n < runs; n++) {
    const listing = {
      listingId: randomUUID(),
      userId: ownerId,
      title: `Bench listing ${n}`,
      status: 'published',
      listingTypeId: nth(listingTypes, n).id,
      propertyTypeId: nth(propertyTypes, n * 3).id,
      marketId: nth(markets, n * 7).id,
      sqft: Math.round(500 * 400 ** ((n * 0.6180339887) % 1)),
      minSqft: null,
      maxSqft: null,
      price: 2_000_000,
      leasePrice: 1.5,
      leaseFrequencyId: 'monthly',
      highlights: ['Dock doors', 'Fenced yard'],
      description: 'A bench listing.',
      publishedOn: now,
      expiresAt: now,
    } as unknown as ListingRecord;
    const started = performance.now();
    const run = await matchListing(listing);
    result.listing.ms.push(performance.now() - started);
    result.listing.read.push(run.read);
    result.listing.matches.push(run.matches);
  }
  for (let n = 0; n < runs; n++) {
    const requirement = {
      requirementId: randomUUID(),
      userId: ownerId,
      title: `Bench requirement ${n}`,
      status: 'sent',
      requirementTypeId: nth(requirementTypes, n).id,
      propertyTypeId: nth(propertyTypes, n * 3).id,
      marketIds: [nth(markets, n * 7).id, nth(markets, n * 7 + 1).id],
      sqftMin: Math.round(500 * 400 ** ((n * 0.6180339887) % 1)),
      sqftMax: Math.round(750 * 400 ** ((n * 0.6180339887) % 1)),
      maxPrice: 3_000_000,
      maxLeaseRate: null,
      maxLeaseFrequencyId: null,
      highlights: ['Dock doors'],
      description: 'A bench requirement.',
      sentAt: now,
    } as unknown as RequirementRecord & { sentAt: string };
    const started = performance.now();
    const run = await matchRequirement(requirement);
    result.requirement.ms.push(performance.now() - started);
    result.requirement.read.push(run.read);
    result.requirement.matches.push(run.matches);
  }
  result.peakRssMb = peakRssMb();
  return result;
});
