import pLimit from 'p-limit';
import { logger } from '../../core/logger';
import { countMetric } from '../../core/metrics';
import { refreshDirectory, refreshDirectoryAndAssistants } from '../directory';
import { syncMarketOf, type Kind } from '../market';
import { changesContent, type ItemChange, type Projected } from './changes';
import { projectListing } from './listing';
import { projectRequirement } from './requirement';

export type { ItemChange } from './changes';

/** What each kind of stored item (its `type`) derives; items of other kinds derive nothing. */
const projections: Record<string, (change: ItemChange) => Promise<Projected>> = {
  requirement: projectRequirement,
  listing: projectListing,
  // A broker's card shows their profile, privacy and status; their delegates' cards name them.
  user: async (change) => ({ directoryAndAssistantsOf: [String((change.after ?? change.before)!.userId)] }),
  // A delegate's card says whom they assist.
  delegation: async (change) => ({ directoryOf: [String((change.after ?? change.before)!.delegateId)] }),
};

/** Items projected at once; one item's changes always one after another, in the stream's order. */
const ITEMS_AT_ONCE = 8;
const CARDS_AT_ONCE = 4;

const kindOf = (change: ItemChange) => String((change.after ?? change.before)?.type ?? '');

/**
 * Projects a batch of the table's changes: each item's changes in order (an item whose projection fails
 * stops there), several items at once, then the directory cards they touched, once per broker. Answers the
 * sequence numbers of the first change of each item it could not finish (the event source retries from the
 * earliest; everything is idempotent, so what it repeats ends the same).
 */
export async function projectChanges(changes: readonly ItemChange[]): Promise<string[]> {
  const byItem = new Map<string, ItemChange[]>();
  for (const change of changes) {
    if (!projections[kindOf(change)] || !changesContent(change)) continue;
    const key = `${change.pk}\u0000${change.sk}`;
    (byItem.get(key) ?? byItem.set(key, []).get(key)!).push(change);
  }
  const failed: string[] = [];
  const cards = new Map<string, { sequence: string; assistants: boolean }>();
  const touch = (userId: string, sequence: string, assistants: boolean) => {
    const known = cards.get(userId);
    cards.set(userId, { sequence: known?.sequence ?? sequence, assistants: assistants || !!known?.assistants });
  };
  const market = new Map<Kind, Map<string, string>>();
  const count = (kind: Kind, id: string, sequence: string) => {
    const ids = market.get(kind) ?? market.set(kind, new Map()).get(kind)!;
    if (!ids.has(id)) ids.set(id, sequence);
  };
  await pLimit(ITEMS_AT_ONCE).map([...byItem.values()], async (itemChanges) => {
    for (const change of itemChanges) {
      try {
        const projected = await projections[kindOf(change)]!(change);
        for (const userId of projected.directoryOf ?? []) touch(userId, change.sequence, false);
        for (const userId of projected.directoryAndAssistantsOf ?? []) touch(userId, change.sequence, true);
        if (projected.market) count(projected.market.kind, projected.market.id, change.sequence);
      } catch (error) {
        logger.error('projection failed: retried from this change', { pk: change.pk, sk: change.sk, sequence: change.sequence, error: error as Error });
        failed.push(change.sequence);
        return;
      }
    }
  });
  for (const [kind, ids] of market) {
    try {
      await syncMarketOf(kind, [...ids.keys()]);
    } catch (error) {
      logger.error('market figures not updated: retried from the first change that asked for it', { kind, error: error as Error });
      failed.push([...ids.values()][0]!);
    }
  }
  await pLimit(CARDS_AT_ONCE).map([...cards], async ([userId, { sequence, assistants }]) => {
    try {
      await (assistants ? refreshDirectoryAndAssistants(userId) : refreshDirectory(userId));
    } catch (error) {
      logger.error('directory card not refreshed: retried from the change that asked for it', { userId, sequence, error: error as Error });
      failed.push(sequence);
    }
  });
  if (failed.length) countMetric('ProjectionFailures', failed.length);
  return failed;
}
