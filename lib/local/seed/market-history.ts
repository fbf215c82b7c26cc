import { marketRepository } from '../../../lambdas/data/market';
import { addWeeks, figuresOf, TREND_WEEKS, weekOf, type MarketFigures } from '../../../shared/rules';

/** A deterministic wobble in [0.85, 1.15) for a cell and a week: the demo's history is the same every seed. */
function wobble(key: string, back: number): number {
  let hash = back * 2654435761;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 2246822519) >>> 0;
  return 0.85 + ((hash >>> 0) % 1000) / 1000 * 0.3;
}

/**
 * The demo's trend (npm start): a year of weekly points for every cell, as if BISN had been
 * running, growing to what the seeded items make now. Demo data only: a real stage's trend is what its
 * nightly job froze (lambdas/domain/market.ts).
 */
export async function seedMarketHistory(now = new Date()): Promise<void> {
  const week = weekOf(now);
  const cells = new Map<string, MarketFigures>();
  for await (const page of marketRepository.allCells()) {
    for (const cell of page) cells.set(cell.key, figuresOf(cell.values, week, 1));
  }
  for (let back = 1; back < TREND_WEEKS; back++) {
    const growth = 1 - (0.5 * back) / TREND_WEEKS;
    const points = new Map<string, MarketFigures>();
    for (const [key, now] of cells) {
      const scale = (n: number) => Math.round(n * growth * wobble(key, back));
      const near = (n: number | null) => (n === null ? null : Math.round(n * (0.9 + 0.1 * growth) * 100) / 100);
      const requirements = scale(now.requirements);
      const listings = scale(now.listings);
      const requirementSqft = scale(now.requirementSqft);
      const listingSqft = scale(now.listingSqft);
      points.set(key, {
        ...now,
        requirements,
        listings,
        requirementSqft,
        listingSqft,
        requirementAcres: Math.round(now.requirementAcres * growth * wobble(key, back) * 10) / 10,
        listingAcres: Math.round(now.listingAcres * growth * wobble(key, back) * 10) / 10,
        requirementMedianSqft: near(now.requirementMedianSqft),
        listingMedianSqft: near(now.listingMedianSqft),
        medianPricePerSqft: near(now.medianPricePerSqft),
        medianLeaseRatePerSqftYear: near(now.medianLeaseRatePerSqftYear),
        requirementsNew: Math.round((wobble(key, back + 100) - 0.85) * 10),
        listingsNew: Math.round((wobble(key, back + 200) - 0.85) * 10),
        requirementsFilled: Math.max(0, Math.round(wobble(key, back + 300) * 3) - 2),
        listingsSold: Math.max(0, Math.round(wobble(key, back + 400) * 3) - 2),
        listingsLeased: Math.max(0, Math.round(wobble(key, back + 500) * 3) - 2),
        demandSupplyRatio: listings ? Math.round((requirements / listings) * 100) / 100 : null,
        sqftDemandSupplyRatio: listingSqft ? Math.round((requirementSqft / listingSqft) * 100) / 100 : null,
      });
    }
    await marketRepository.putWeek(addWeeks(week, -back), points);
  }
}
