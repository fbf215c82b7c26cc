import './quiet-logs';
import { childMain } from './child';
import { writeDirectory } from './directory';
import { MarketTally } from './market-tally';
import { approvedBroker, bulkPut, marketplaceItems, queuedListings, userItems } from './seed';

/** What a seed child writes (see runChild): marketplace units, approved brokers, queued listings or directory entries. */
export type SeedJob =
  | { kind: 'marketplace'; from: number; units: number; ownerIds: string[]; myUserId?: string; mine?: number }
  | { kind: 'brokers'; from: number; count: number }
  | { kind: 'queued'; count: number; ownerIds: string[] }
  | { kind: 'directory'; count: number; exportRows: number };

await childMain(async (job: SeedJob) => {
  switch (job.kind) {
    case 'marketplace': {
      // The market's cells count them as the write path would have (test/bench/market.ts).
      const tally = new MarketTally();
      const written = await bulkPut(marketplaceItems(job, tally));
      await tally.write();
      return written;
    }
    case 'brokers':
      return bulkPut(userItems(Array.from({ length: job.count }, (_, i) => approvedBroker(job.from + i))));
    case 'queued':
      return bulkPut(queuedListings(job.count, job.ownerIds));
    case 'directory':
      return writeDirectory(job.count, job.exportRows);
  }
});
