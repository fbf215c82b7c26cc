import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SavedSearchKind } from '../../shared/api';
import { db, moveClaim, nowIso, putIfAbsent, queryAll, queryPages, tableName } from './table';

/**
 * Instant alerts of saved searches (README "Saved searches"):
 * - the alert queue: an item that became public (a listing published, a requirement sent) waits under
 *   `ALERTQ` until the alert job has looked for the instant searches it fits;
 * - hits: one per saved search and item (`SEARCHHITS#<owner>#<search>` / `<kind>#<itemId>`), put once, so a
 *   queued item seen twice gives one hit; a hit waits in the sparse `SEARCHHIT` partition of gsi2 while its
 *   mail is pending or being sent, as a match notice does.
 */

/** An item waiting for the alert job. */
export interface QueuedAlertItem {
  kind: SavedSearchKind;
  itemId: string;
  /** When it became public (the listing's publishedOn, the requirement's sentAt). */
  publicAt: string;
}

/** `pending` waits for the search's hour, `sending` is claimed by one run; `lost` a crashed run's, `skipped` not mailed. */
export type HitState = 'pending' | 'sending' | 'sent' | 'lost' | 'skipped';

export interface SearchHit {
  ownerId: string;
  savedSearchId: string;
  kind: SavedSearchKind;
  itemId: string;
  hitAt: string;
  state: HitState;
  batchId?: string;
  claimedAt?: string;
}

const QUEUE = 'ALERTQ';
const HITS = 'SEARCHHIT';
const hitKey = (hit: Pick<SearchHit, 'ownerId' | 'savedSearchId' | 'kind' | 'itemId'>) => ({ pk: `SEARCHHITS#${hit.ownerId}#${hit.savedSearchId}`, sk: `${hit.kind}#${hit.itemId}` });
const hitIndex = (hit: SearchHit) => ({ gsi2pk: HITS, gsi2sk: `${hit.ownerId}#${hit.savedSearchId}#${hit.hitAt}#${hit.itemId}` });

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...rest } = item;
  return rest as T;
}

export const searchAlertsRepository = {
  /** Queues an item that became public; one still queued stays as it is (a projection replayed), the hits are put once. */
  async queue(item: QueuedAlertItem): Promise<void> {
    await putIfAbsent({ pk: QUEUE, sk: `${item.kind}#${item.itemId}`, type: 'alertQueue', ...item, queuedAt: nowIso() });
  },

  /** The queued items, page by page. */
  async *queued(): AsyncGenerator<QueuedAlertItem[]> {
    const pages = queryPages({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': QUEUE } });
    for await (const page of pages) yield page.map((item) => strip<QueuedAlertItem>(item));
  },

  /** The item's hits are recorded: it leaves the queue. */
  async dequeue(item: Pick<QueuedAlertItem, 'kind' | 'itemId'>): Promise<void> {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: QUEUE, sk: `${item.kind}#${item.itemId}` } }));
  },

  /** Records a pending hit; false when the search already has this item (a repeated run). */
  addHit(hit: Omit<SearchHit, 'state'>): Promise<boolean> {
    const pending: SearchHit = { ...hit, state: 'pending' };
    return putIfAbsent({ ...hitKey(pending), ...hitIndex(pending), type: 'searchHit', ...pending });
  },

  async getHit(key: Pick<SearchHit, 'ownerId' | 'savedSearchId' | 'kind' | 'itemId'>): Promise<SearchHit | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: hitKey(key) }));
    return Item ? strip<SearchHit>(Item) : null;
  },

  /** Every hit waiting for (or stuck in) its mail, page by page, grouped by owner and search in key order. */
  async *awaiting(): AsyncGenerator<SearchHit[]> {
    const pages = queryPages({ TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': HITS } });
    for await (const page of pages) yield page.map((item) => strip<SearchHit>(item));
  },

  /** The hits of one search waiting for (or stuck in) its mail, in the order they came. */
  async pendingOf(ownerId: string, savedSearchId: string): Promise<SearchHit[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :search)',
      ExpressionAttributeValues: { ':pk': HITS, ':search': `${ownerId}#${savedSearchId}#` },
    });
    return items.map((item) => strip<SearchHit>(item));
  },

  /**
   * Moves a hit from one state to another (conditional on `from`, and for a claimed one on its batch);
   * leaving `pending`/`sending` for good also leaves the index.
   */
  moveHit(hit: SearchHit, from: HitState, to: HitState, batch: { batchId?: string; at?: string } = {}): Promise<boolean> {
    return moveClaim(hitKey(hit), { state: 'state', batchId: 'batchId', claimedAt: 'claimedAt' }, from, to, batch);
  },
};
