import { randomUUID } from 'node:crypto';
import { keywordsOf } from '../../shared/rules';
import { listingTypes, markets, propertyTypes, requirementTypes, type LeaseFrequencyId } from '../../shared/catalog';
import { listingCandidateItem, matchesRepository, requirementCandidateItems, type MatchSide } from '../../lambdas/data/matches';
import { bulkPut } from './seed';

const nth = <T,>(items: readonly T[], n: number) => items[n % items.length]!;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `count` active requirements as matching stores them (issue 13): spread over the 7 property types and 38
 * markets, one to three markets each, sent within the last 90 days.
 */
export function* requirementCandidates(count: number, ownerIds: readonly string[], now: number): Generator<Record<string, unknown>> {
  for (let n = 0; n < count; n++) {
    const marketIds = Array.from({ length: 1 + (n % 3) }, (_, i) => nth(markets, n + i * 5).id);
    const candidate = {
      requirementId: randomUUID(),
      userId: nth(ownerIds, n),
      title: `Seeded requirement ${n}`,
      sentAt: new Date(now - (n % 89) * DAY_MS).toISOString(),
      requirementTypeId: nth(requirementTypes, n).id,
      propertyTypeId: nth(propertyTypes, n * 11).id,
      marketIds,
      sqftMin: 2_000 + (n % 10) * 1_000,
      sqftMax: 10_000 + (n % 10) * 2_000,
      maxPrice: n % 2 ? 2_500_000 : null,
      maxLeaseRate: n % 2 ? null : 1.75,
      maxLeaseFrequencyId: (n % 2 ? null : 'monthly') as LeaseFrequencyId | null,
      keywords: keywordsOf(['Dock doors', 'Fenced yard', 'Parking'], 'Seeded by the bench.'),
    };
    yield* requirementCandidateItems(candidate, marketIds);
  }
}

/** `count` published listings as matching stores them. */
export function* listingCandidates(count: number, ownerIds: readonly string[]): Generator<Record<string, unknown>> {
  for (let n = 0; n < count; n++) {
    yield listingCandidateItem({
      listingId: randomUUID(),
      userId: nth(ownerIds, n),
      title: `Seeded listing ${n}`,
      listingTypeId: nth(listingTypes, n).id,
      propertyTypeId: nth(propertyTypes, n * 11).id,
      marketId: nth(markets, n * 5).id,
      sqft: 3_000 + (n % 30) * 1_000,
      minSqft: null,
      maxSqft: null,
      price: 1_500_000 + (n % 10) * 100_000,
      leasePrice: 1.25 + (n % 5) * 0.1,
      leaseFrequencyId: 'monthly',
      keywords: keywordsOf(['Dock doors', 'Parking'], 'Seeded by the bench.'),
    });
  }
}

/** `count` match copies in one broker's partition (the Matches page's read). */
export function* brokerMatches(ownerId: string, counterpartIds: readonly string[], count: number): Generator<Record<string, unknown>> {
  const now = new Date().toISOString();
  for (let n = 0; n < count; n++) {
    const side: MatchSide = {
      ownerId,
      side: n % 2 ? 'listing' : 'requirement',
      requirementId: `bench-req-${Math.floor(n / 8)}`,
      listingId: randomUUID(),
      counterpartId: nth(counterpartIds, n),
      requirementTitle: `Bench requirement ${Math.floor(n / 8)}`,
      listingTitle: `Bench listing ${n}`,
      score: 60 + (n % 41),
      reasons: [{ criterion: 'size', verdict: 'fit', text: '12,400 sf — within 10,000–15,000 sf' }],
      state: 'open',
      matchedAt: now,
      updatedAt: now,
    };
    yield { pk: `MATCHES#${ownerId}`, sk: `${side.side === 'requirement' ? 'REQ' : 'LST'}#${side.requirementId}#${side.listingId}`, type: 'match', ...side };
  }
}

export const seedMatchingTable = (items: Iterable<Record<string, unknown>>) => bulkPut(items);
/** The bare Query the Matches page makes: one page of the broker's partition. */
export const bareMatchesPage = (ownerId: string, limit: number) => matchesRepository.pageOfOwner(ownerId, limit);
