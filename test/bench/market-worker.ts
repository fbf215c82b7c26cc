import './quiet-logs';
import { performance } from 'node:perf_hooks';
import { closeListing } from '../../lambdas/domain/listing-lifecycle';
import { reconcileMarket, type ReconcileReport } from '../../lambdas/domain/market';
import { fillRequirement } from '../../lambdas/domain/requirement-lifecycle';
import { childMain } from './child';
import { bulkPut } from './seed';
import { marketItems, MarketTally, type MarketSeedIds } from './market';
import { peakRssMb } from './measure';

export type MarketJob = { kind: 'seed'; count: number; ownerIds: string[]; sample: number } | { kind: 'reconcile'; ids: MarketSeedIds };

export interface MarketSeedResult extends MarketSeedIds {
  items: number;
  cells: number;
  ms: number;
}

export interface MarketReconcileResult {
  transitions: number;
  transitionMs: number;
  report: ReconcileReport;
  ms: number;
  peakRssMb: number;
}

const owner = (userId: string) => ({ sub: userId, email: `${userId}@example.com`, groups: [], isOperator: false });

/**
 * In a fresh process (the emulators live in the bench's): the market's seed (items and their cells), or
 * transitions through the domain (sold, filled) followed by the nightly reconciliation, timed, with this
 * process's peak memory.
 */
await childMain(async (job: MarketJob): Promise<MarketSeedResult | MarketReconcileResult> => {
  if (job.kind === 'seed') {
    const started = performance.now();
    const tally = new MarketTally();
    const ids: MarketSeedIds = { listings: [], requirements: [] };
    const written = await bulkPut(marketItems(job.count, job.ownerIds, tally, ids, job.sample));
    const cells = await tally.write();
    return { items: written.items, cells, ms: performance.now() - started, ...ids };
  }
  const changed = performance.now();
  for (const { listingId, userId } of job.ids.listings) await closeListing(owner(userId), listingId, { outcome: 'leased' });
  for (const { requirementId, userId } of job.ids.requirements) await fillRequirement(owner(userId), requirementId, {});
  const transitionMs = performance.now() - changed;
  const started = performance.now();
  const report = await reconcileMarket(new Date());
  return { transitions: job.ids.listings.length + job.ids.requirements.length, transitionMs, report, ms: performance.now() - started, peakRssMb: peakRssMb() };
});
