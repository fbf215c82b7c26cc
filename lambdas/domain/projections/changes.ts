import type { Kind } from '../market';
import { isDeepStrictEqual } from 'node:util';

/** One committed change of one stored item, as the table's stream carries it (images unmarshalled). */
export interface ItemChange {
  /** The stream's sequence number: what a failure names so the event source retries from there. */
  sequence: string;
  pk: string;
  sk: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Attributes only projections (and the change history) write onto the item they follow: a change of these
 * alone is a projection's own echo and derives nothing.
 */
const BOOKKEEPING = new Set(['market', 'marketMove', 'changes', 'lastChangedBy']);

const withoutBookkeeping = (image: Record<string, unknown> | null) =>
  image && Object.fromEntries(Object.entries(image).filter(([name]) => !BOOKKEEPING.has(name)));

/** False when the change touched only bookkeeping attributes. */
export const changesContent = (change: ItemChange) => !isDeepStrictEqual(withoutBookkeeping(change.before), withoutBookkeeping(change.after));

/**
 * What an item's projection leaves to the end of the batch, done once for all its changes: directory
 * cards (once per broker) and market contributions (summed, each cell written once).
 */
export interface Projected {
  /** An item whose market contribution may have changed. */
  market?: { kind: Kind; id: string };
  /** Brokers whose own card may have changed. */
  directoryOf?: string[];
  /** Brokers whose card and their delegates' cards ("Assistant to …") may have changed. */
  directoryAndAssistantsOf?: string[];
}
