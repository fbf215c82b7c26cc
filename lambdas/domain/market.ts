import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { MarketQuery, MarketResponse } from '../../shared/api';
import {
  addInto,
  addWeeks,
  ANY,
  cellKey,
  contributionDelta,
  contributions,
  countAttributes,
  figuresOf,
  listingFacts,
  marketDealTypes,
  marketPageAreas,
  marketPropertyTypes,
  RECENT_WEEKS,
  REGION,
  requirementFacts,
  TREND_WEEKS,
  weekOf,
  weekOfAttr,
  weeksEndingAt,
  type CellValues,
  type MarketFacts,
  type MarketFigures,
} from '../../shared/rules';
import { logger } from '../core/logger';
import { listingsRepository, type ListingMarketRecord, type ListingRecord } from '../data/listings';
import { addedTo, marketRepository, newStoredCell, type StoredCell } from '../data/market';
import { requirementsRepository, type RequirementMarketRecord, type RequirementRecord } from '../data/requirements';

/**
 * Market intelligence: the aggregates behind the Market page, kept current by every write that
 * changes a listing's or requirement's market facts, checked and repaired every night against a recount
 * (README "Market intelligence").
 */

export type Kind = 'listing' | 'requirement';
/** How an item stores the facts it is counted under (exported for bulk loads: test/bench writes items directly). */
export const encodeMarketFacts = (facts: MarketFacts | null) => (facts ? JSON.stringify(facts) : null);
const encode = encodeMarketFacts;
const decode = (stored: string | undefined): MarketFacts | null => (stored ? (JSON.parse(stored) as MarketFacts) : null);

/**
 * Market writes one caller keeps in flight: a blast run's delta holds about 2,000 cells, and as many requests
 * at once took a delivery worker's heap from 77 to 119 MB.
 */
const MARKET_WRITES = 25;

/** Adds each cell's difference (a deleted item's, under its removal's move). */
async function applyDelta(delta: Map<string, CellValues>, moveId: string): Promise<void> {
  const written = await pLimit(MARKET_WRITES).map([...delta], async ([key, values]) => ({ key, parts: await marketRepository.addMoves(key, new Map([[moveId, values]])) }));
  await pLimit(MARKET_WRITES).map(written, ({ key, parts }) => marketRepository.clearMoves(key, [moveId], parts));
}

const sources = {
  listing: {
    get: (id: string) => listingsRepository.get(id),
    facts: (record: ListingRecord | RequirementRecord) => listingFacts(record as ListingRecord),
    claim: (id: string, from: string | null, to: string | null, move: string) => listingsRepository.setMarketFacts(id, from, to, move),
    finish: (id: string, move: string) => listingsRepository.finishMarketMove(id, move),
  },
  requirement: {
    get: (id: string) => requirementsRepository.get(id),
    facts: (record: ListingRecord | RequirementRecord) => requirementFacts(record as RequirementRecord),
    claim: (id: string, from: string | null, to: string | null, move: string) => requirementsRepository.setMarketFacts(id, from, to, move),
    finish: (id: string, move: string) => requirementsRepository.finishMarketMove(id, move),
  },
} as const;

/** One item's transition between market facts, claimed on the item and not finished yet. */
interface Move {
  /** As the item holds it (`marketMove`): JSON `{ id, from }`. */
  stored: string;
  id: string;
  delta: Map<string, CellValues>;
}

const moveOf = (stored: string, to: string | null | undefined): Move => {
  const { id, from } = JSON.parse(stored) as { id: string; from: string | null };
  return { stored, id, delta: contributionDelta(decode(from ?? undefined), decode(to ?? undefined)) };
};

/**
 * One item's move: the one it has not finished (a crash after its claim), or the transition from the facts it
 * is counted under to the facts it has now, claimed by a conditional write on the item that records the move;
 * its adds are not made yet. A retry, or a second caller, finds the facts already moved and claims nothing.
 */
async function claimTransition(kind: Kind, id: string): Promise<{ facts: MarketFacts | null; move: Move | null; unfinished: boolean } | null> {
  const source = sources[kind];
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await source.get(id);
    if (!record) return { facts: null, move: null, unfinished: false };
    if (record.marketMove) return { facts: decode(record.market), move: moveOf(record.marketMove, record.market), unfinished: true };
    const stored = record.market ?? null;
    const facts = source.facts(record);
    const now = encode(facts);
    if (now === stored) return { facts, move: null, unfinished: false };
    const move = JSON.stringify({ id: randomUUID().replaceAll('-', ''), from: stored });
    if (await source.claim(id, stored, now, move)) return { facts, move: moveOf(move, now), unfinished: false };
  }
  logger.warn('market facts kept moving: left to the reconciliation', { kind, id });
  return null;
}

/** What a sync settled on: the facts the item is now counted under and what it added; null if it gave up. */
type Synced = { facts: MarketFacts | null; delta: Map<string, CellValues> } | null;

/**
 * Several items at once (a batch of the stream's changes): each item's move claimed (MARKET_WRITES at a
 * time), the moves' differences summed and added once per cell item, each move marked on the cells it adds
 * to, then finished on its item and its marks taken off. A crash anywhere leaves the move on its item, and
 * the retry adds it where it is not marked yet: nothing lost, nothing counted twice. An item whose unfinished
 * move is done here is synced again, for a change of its facts since.
 */
export async function syncMarketOf(kind: Kind, ids: readonly string[]): Promise<Map<string, Synced>> {
  const synced = new Map<string, Synced>();
  const moves: { id: string; move: Move }[] = [];
  const again: string[] = [];
  await pLimit(MARKET_WRITES).map(ids, async (id) => {
    const claimed = await claimTransition(kind, id);
    synced.set(id, claimed && { facts: claimed.facts, delta: claimed.move?.delta ?? new Map() });
    if (claimed?.move) moves.push({ id, move: claimed.move });
    if (claimed?.unfinished) again.push(id);
  });
  const byCell = new Map<string, Map<string, CellValues>>();
  for (const { move } of moves) {
    for (const [key, values] of move.delta) (byCell.get(key) ?? byCell.set(key, new Map()).get(key)!).set(move.id, values);
  }
  const written = await pLimit(MARKET_WRITES).map([...byCell], async ([key, cellMoves]) => ({ key, cellMoves, parts: await marketRepository.addMoves(key, cellMoves) }));
  await pLimit(MARKET_WRITES).map(moves, ({ id, move }) => sources[kind].finish(id, move.stored));
  await pLimit(MARKET_WRITES).map(written, ({ key, cellMoves, parts }) => marketRepository.clearMoves(key, [...cellMoves.keys()], parts));
  if (again.length) {
    for (const [id, next] of await syncMarketOf(kind, again)) {
      const first = synced.get(id);
      if (!first || !next) continue;
      for (const [key, values] of next.delta) addInto(first.delta.get(key) ?? first.delta.set(key, {}).get(key)!, values);
      first.facts = next.facts;
    }
  }
  return synced;
}

/** One item's sync (the reconciliation's repair of an item left stale). */
const sync = async (kind: Kind, id: string): Promise<Synced> => (await syncMarketOf(kind, [id])).get(id) ?? null;

/**
 * A deleted item (its last image): what it was counted under leaves the aggregates, once however often its
 * removal is replayed (a marker claimed first, kept a month, far past any replay of the stream's 24 hours;
 * its adds marked on the cells as a move's, and the marker says when they are done).
 */
export async function forgetMarketFacts(kind: Kind, id: string, removed: Pick<ListingRecord, 'market'> | null): Promise<void> {
  if (!removed?.market) return;
  if (!(await marketRepository.claimRemoval(kind, id))) return;
  await applyDelta(contributionDelta(decode(removed.market), null), `gone${kind}${id.replaceAll('-', '')}`);
  await marketRepository.finishRemoval(kind, id);
}

// ---- the page ------------------------------------------------------------------------------------------

const trendFigures = (values: CellValues, week: string) => figuresOf(values, week, 1);
const frozenFigures = (stored: MarketFigures | undefined, week: string) => (stored ? { ...trendFigures({}, week), ...stored } : null);

/**
 * The Market page for one area, property type and deal type (absent: all): the selected cell's full
 * figures, its medians included; the counts (no histograms read) of every area (the map and the areas
 * table) and of the area by property type and by deal type; and its last 52 weeks. A bounded read whatever
 * the table's size: one Query of ≤ 43 cells' counts, a BatchGet of 11 cells' counts and one of the selected
 * cell's counts and histograms, one Query of ≤ 52 weeks.
 */
export async function marketOverview(query: Partial<MarketQuery>, now = new Date()): Promise<MarketResponse> {
  const area = query.area ?? REGION;
  const p = query.propertyTypeId ?? ANY;
  const d = query.dealTypeId ?? ANY;
  const week = weekOf(now);
  const selected = cellKey(p, d, area);
  const others = [
    ...marketPropertyTypes.filter((t) => t !== p).map((t) => cellKey(t, d, area)),
    ...marketDealTypes.filter((t) => t !== d).map((t) => cellKey(p, t, area)),
  ];
  const counts = countAttributes(week);
  const [areaCells, { cells: otherCells, itemsRead: otherItems }, weeks] = await Promise.all([
    marketRepository.areaCounts(p, d, counts),
    marketRepository.cells(others, { attributes: counts, whole: [selected] }),
    marketRepository.weeks<MarketFigures>(selected, addWeeks(week, -(TREND_WEEKS - 1))),
  ]);
  const values = new Map<string, CellValues>([...areaCells, ...otherCells].map((cell) => [cell.key, cell.values]));
  const figures = (key: string) => figuresOf(values.get(key) ?? {}, week);
  const frozen = new Map(weeks.map((w) => [w.week, w.figures]));
  return {
    area,
    propertyTypeId: query.propertyTypeId ?? null,
    dealTypeId: query.dealTypeId ?? null,
    week,
    figures: figures(selected),
    areas: marketPageAreas.map((a) => ({ area: a.id, figures: figures(cellKey(p, d, a.id)) })),
    byPropertyType: marketPropertyTypes.map((t) => ({ propertyTypeId: t === ANY ? null : t, figures: figures(cellKey(t, d, area)) })),
    byDealType: marketDealTypes.map((t) => ({ dealTypeId: t === ANY ? null : t, figures: figures(cellKey(p, t, area)) })),
    // This week is live; the weeks before are as the nightly job froze them (null when it did not run).
    trend: weeksEndingAt(week, TREND_WEEKS).map((w) => ({
      week: w,
      // A frozen week without a figure reads it as none.
      figures: w === week ? trendFigures(values.get(selected) ?? {}, week) : frozenFigures(frozen.get(w), w),
    })),
    itemsRead: areaCells.length + otherItems + weeks.length,
  };
}

// ---- the nightly reconciliation ---------------------------------------------------------------------------

export interface ReconcileReport {
  /** Items read from the source, by what they are. */
  read: { listings: number; requirements: number };
  /** Items whose stored facts were not what they are (a write path that crashed before its claim). */
  staleItems: number;
  cells: number;
  /** Cells whose values differed from the recount, and the attributes that did. */
  driftedCells: number;
  driftedValues: number;
  /** Drifted cells a write changed while the job ran: left for the next run. */
  busyCells: number;
  week: string;
}

/**
 * Nightly: recounts every cell from the listings and requirements that contribute (published, sold or
 * leased in the window; sent, filled in the window — read through their indexes, never a Scan), brings any
 * item whose stored facts are stale in line first, then compares each cell with the recount and repairs and
 * logs what differs (a fix is conditional on the cell's `rev`: a write that came in between wins, and the
 * cell waits for the next night). By-week values older than the 13 weeks the page reads are dropped. Then
 * the week's snapshot (the trend's point) is written from the recount. Safe to run twice or after a crash.
 */
export async function reconcileMarket(now: Date): Promise<ReconcileReport> {
  const week = weekOf(now);
  const windowStart = addWeeks(week, -(RECENT_WEEKS - 1));
  const windowStartIso = new Date(Date.parse(`${windowStart}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString();

  // The cells first: a write after this read raises `rev`, and the fix of that cell stands down.
  const stored = new Map<string, StoredCell>();
  for await (const cells of marketRepository.allCells()) for (const cell of cells) stored.set(cell.key, cell);

  const expected = new Map<string, CellValues>();
  const report: ReconcileReport = { read: { listings: 0, requirements: 0 }, staleItems: 0, cells: 0, driftedCells: 0, driftedValues: 0, busyCells: 0, week };
  const count = async (kind: Kind, record: ListingMarketRecord | RequirementMarketRecord, facts: MarketFacts | null) => {
    let counted = facts;
    if (record.marketMove || (record.market ?? null) !== encode(facts)) {
      // Its projection stopped before its claim, or before its move was finished: bring it in line now, and
      // keep what that added in view (its own `rev` raises), so the cells it touched are not taken for busy.
      const id = 'listingId' in record ? record.listingId : record.requirementId;
      report.staleItems++;
      logger.warn('market facts of an item were stale', { kind, id });
      const synced = await sync(kind, id);
      if (synced) {
        counted = synced.facts;
        for (const [key, values] of synced.delta) {
          addedTo(stored.get(key) ?? stored.set(key, newStoredCell(key)).get(key)!, values);
        }
      }
    }
    for (const [key, values] of contributions(counted)) addInto(expected.get(key) ?? expected.set(key, {}).get(key)!, values);
  };

  // Only the items' market fields are read (a projection): the job's memory stays that of the cells.
  for (const status of ['published', 'sold', 'leased'] as const) {
    for await (const page of listingsRepository.marketRecords(status, windowStartIso)) {
      for (const record of page) await count('listing', record, listingFacts(record));
      report.read.listings += page.length;
    }
  }
  for await (const ids of requirementsRepository.idsActiveBetween('0')) {
    for (const record of await requirementsRepository.marketRecords(ids)) {
      if (record.status === 'sent') await count('requirement', record, requirementFacts(record));
    }
    report.read.requirements += ids.length;
  }
  for await (const page of requirementsRepository.filledMarketRecords(windowStartIso)) {
    for (const record of page) await count('requirement', record, requirementFacts(record));
    report.read.requirements += page.length;
  }

  const inWindow = (attr: string) => {
    const w = weekOfAttr(attr);
    return w === null || w >= windowStart;
  };
  for (const key of new Set([...stored.keys(), ...expected.keys()])) {
    report.cells++;
    const have = stored.get(key);
    const want = Object.fromEntries(Object.entries(expected.get(key) ?? {}).filter(([attr, n]) => n !== 0 && inWindow(attr)));
    const set: CellValues = {};
    const remove: string[] = [];
    let drifted = 0;
    for (const [attr, n] of Object.entries(want)) {
      if ((have?.values[attr] ?? 0) !== n) {
        set[attr] = n;
        drifted++;
      }
    }
    for (const [attr, n] of Object.entries(have?.values ?? {})) {
      if (attr in want) continue;
      remove.push(attr); // zero, out of the window, or not in the recount
      if (n !== 0 && inWindow(attr)) drifted++;
    }
    if (drifted > 0) {
      report.driftedCells++;
      report.driftedValues += drifted;
      logger.warn('market cell drifted from the recount', {
        cell: key,
        values: Object.fromEntries([...Object.keys(set), ...remove].filter(inWindow).map((attr) => [attr, { stored: have?.values[attr] ?? 0, recount: want[attr] ?? 0 }])),
      });
    }
    const needsFix = Object.keys(set).length + remove.length > 0 || (have?.misplaced.length ?? 0) > 0;
    if (needsFix && !(await marketRepository.fix(have ?? newStoredCell(key), set, remove))) report.busyCells++;
  }

  // The trend's point of the week that ended yesterday at the latest: Monday's run freezes the week before.
  const snapshotWeek = weekOf(new Date(now.getTime() - 12 * 60 * 60 * 1000));
  const frozen = new Map([...expected].map(([key, values]) => [key, figuresOf(values, snapshotWeek, 1)]));
  await marketRepository.putWeek(snapshotWeek, frozen);
  logger.info('market reconciled', { ...report });
  return report;
}
