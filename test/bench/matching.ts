import { randomUUID } from 'node:crypto';
import { keywordsOf } from '../../shared/rules';
import { listingTypes, markets, propertyTypes, requirementTypes, type LeaseFrequencyId } from '../../shared/catalog';
import { listingCandidateItem, matchesRepository, requirementCandidateItems, type MatchSide } from '../../lambdas/data/matches';
import { bulkPut } from './seed';

const nth = <T,>(items: readonly T[], n: number) => items[n % items.length]!;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A deterministic spread in [0, 1) (n-th value of a golden-ratio sequence): sizes and prices vary like a market's. */
const spread = (n: number, salt: number) => ((n + salt) * 0.6180339887) % 1;
/** Square feet from 500 to 200,000, as many small spaces as large ones on a log scale. */
const sqftAt = (n: number, salt: number) => Math.round(500 * 400 ** spread(n, salt));
const WORDS = ['dock', 'doors', 'fenced', 'yard', 'parking', 'signage', 'corner', 'freeway', 'power', 'clear', 'height', 'office', 'retail', 'patio', 'drive-thru', 'light', 'rail', 'campus', 'creekside', 'warehouse'];
const wordsAt = (n: number) => [nth(WORDS, n), nth(WORDS, n * 3 + 1), nth(WORDS, n * 7 + 2)];

/**
 * `count` active requirements as matching stores them: spread over the 7 property types and 38
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
      sqftMin: sqftAt(n, 1),
      sqftMax: Math.round(sqftAt(n, 1) * 1.5),
      maxPrice: n % 2 ? Math.round(sqftAt(n, 1) * 300) : null,
      maxLeaseRate: n % 2 ? null : 1 + spread(n, 2),
      maxLeaseFrequencyId: (n % 2 ? null : 'monthly') as LeaseFrequencyId | null,
      keywords: keywordsOf(wordsAt(n), ''),
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
      sqft: sqftAt(n, 3),
      minSqft: null,
      maxSqft: null,
      price: Math.round(sqftAt(n, 3) * (200 + 200 * spread(n, 4))),
      leasePrice: 0.8 + spread(n, 5),
      leaseFrequencyId: 'monthly',
      keywords: keywordsOf(wordsAt(n + 1), ''),
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
