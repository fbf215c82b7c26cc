import { marketRepository } from '../../lambdas/data/market';
import type { RequirementRecord } from '../../lambdas/data/requirements';
import type { ListingRecord } from '../../lambdas/data/listings';
import { encodeMarketFacts } from '../../lambdas/domain/market';
import { addInto, contributions, listingFacts, requirementFacts, type CellValues } from '../../shared/rules';

/**
 * Bench items as the write path leaves them: each record carries the market facts it is counted under, and
 * the cells hold the sum of their contributions (written once the items are, with the same ADDs the write
 * path makes). So the nightly recount of a bench table finds nothing stale.
 */
export class MarketTally {
  private readonly cells = new Map<string, CellValues>();

  listing<T extends ListingRecord>(record: T): T {
    return this.count(record, listingFacts(record));
  }

  requirement<T extends RequirementRecord>(record: T): T {
    return this.count(record, requirementFacts(record));
  }

  private count<T extends { market?: string }>(record: T, facts: ReturnType<typeof listingFacts>): T {
    for (const [key, values] of contributions(facts)) addInto(this.cells.get(key) ?? this.cells.set(key, {}).get(key)!, values);
    const market = encodeMarketFacts(facts);
    return market ? { ...record, market } : record;
  }

  async write(concurrency = 8): Promise<number> {
    const entries = [...this.cells];
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        for (let i = worker; i < entries.length; i += concurrency) await marketRepository.add(...entries[i]!);
      }),
    );
    return entries.length;
  }
}
