import './quiet-logs';
import { performance } from 'node:perf_hooks';
import { closeListing } from '../../lambdas/domain/listing-lifecycle';
import { fillRequirement } from '../../lambdas/domain/requirement-lifecycle';
import { childMain } from './child';
import { bulkPut } from './seed';
import { marketItems, type MarketSeedIds } from './market';
import { MarketTally } from './market-tally';

export type MarketJob = { kind: 'seed'; count: number; ownerIds: string[]; sample: number } | { kind: 'transitions'; ids: MarketSeedIds };

export interface MarketSeedResult extends MarketSeedIds {
  items: number;
  cells: number;
  ms: number;
}

export interface MarketTransitionsResult {
  transitions: number;
  ms: number;
}

const owner = (userId: string) => ({ sub: userId, email: `${userId}@example.com`, groups: [], isOperator: false });

/**
 * In a fresh process (the emulators live in the bench's): the market's seed (items and their cells), or
 * transitions through the domain (sold, filled), timed. The reconciliation has a process of its own
 * (reconcile-worker.ts).
 */
await childMain(async (job: MarketJob): Promise<MarketSeedResult | MarketTransitionsResult> => {
  if (job.kind === 'seed') {
    const started = performance.now();
    const tally = new MarketTally();
    const ids: MarketSeedIds = { listings: [], requirements: [] };
    const written = await bulkPut(marketItems(job.count, job.ownerIds, tally, ids, job.sample));
    const cells = await tally.write();
    return { items: written.items, cells, ms: performance.now() - started, ...ids };
  }
  const started = performance.now();
  for (const { listingId, userId } of job.ids.listings) await closeListing(owner(userId), listingId, { outcome: 'leased' });
  for (const { requirementId, userId } of job.ids.requirements) await fillRequirement(owner(userId), requirementId, {});
  return { transitions: job.ids.listings.length + job.ids.requirements.length, ms: performance.now() - started };
});
