import './quiet-logs';
import { childMain } from './child';
import { writeDirectory } from './directory';
import { approvedBroker, bulkPut, marketplaceItems, queuedListings, userItems } from './seed';

/** What a seed child writes (see runChild): marketplace units, approved brokers, queued listings or directory entries. */
export type SeedJob =
  | { kind: 'marketplace'; from: number; units: number; ownerIds: string[]; myUserId?: string; mine?: number }
  | { kind: 'brokers'; from: number; count: number }
  | { kind: 'queued'; count: number; ownerIds: string[] }
  | { kind: 'directory'; count: number; exportRows: number };

await childMain(async (job: SeedJob) => {
  switch (job.kind) {
    case 'marketplace':
      return bulkPut(marketplaceItems(job));
    case 'brokers':
      return bulkPut(userItems(Array.from({ length: job.count }, (_, i) => approvedBroker(job.from + i))));
    case 'queued':
      return bulkPut(queuedListings(job.count, job.ownerIds));
    case 'directory':
      return writeDirectory(job.count, job.exportRows);
  }
});
