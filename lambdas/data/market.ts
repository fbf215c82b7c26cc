import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cellKey, isHistogramAttr, marketDealTypes, marketPropertyTypes, parseCellKey, type CellValues } from '../../shared/rules';
import { batchGet, batchWrite, db, isConditionFailed, putIfAbsent, queryPages, tableName } from './table';

/**
 * The Market page's aggregates (README "Market intelligence"). A cell (property type or `*` × deal type or
 * `*` × area) is two items: its counts (counts, square feet, by-week counts), all areas of one property type
 * and deal type in one partition, so the page's areas and map are one Query of small items; and its
 * histograms (the medians' buckets, hundreds of attributes in a busy cell), read only for the one cell whose
 * medians are shown and by the nightly job. And one weekly snapshot per cell and week for the trend.
 */
const PARTS = { counts: 'MKT', histograms: 'MKTHIST' } as const;
export type Part = keyof typeof PARTS;
const partOf = (attr: string): Part => (isHistogramAttr(attr) ? 'histograms' : 'counts');
const cellPartition = (part: Part, propertyTypeId: string, dealTypeId: string) => `${PARTS[part]}#${propertyTypeId}#${dealTypeId}`;
const cellKeys = (part: Part, key: string) => {
  const { propertyTypeId, dealTypeId, area } = parseCellKey(key);
  return { pk: cellPartition(part, propertyTypeId, dealTypeId), sk: area };
};
const removalKey = (kind: string, id: string) => ({ pk: `MKTGONE#${kind}#${id}`, sk: 'GONE' });
const weekPartition = (key: string) => `MKTWEEK#${key.replaceAll('|', '#')}`;

/**
 * A cell item's mark of a move it has counted (an item's transition between market facts, by its id), set by
 * the add itself and removed once the move is finished: a move added again after a crash adds nothing.
 */
const MOVE_MARK = 'mv_';
const markOf = (moveId: string) => `${MOVE_MARK}${moveId}`;

/** A cell's values split by the item that holds them (only the parts with values). */
function split(values: CellValues): Map<Part, CellValues> {
  const out = new Map<Part, CellValues>();
  for (const [attr, n] of Object.entries(values)) {
    const part = partOf(attr);
    (out.get(part) ?? out.set(part, {}).get(part)!)[attr] = n;
  }
  return out;
}

/** The `rev` of each of a cell's items as read (0: absent), raised by every write of that item. */
export type CellRevs = Record<Part, number>;

/** A stored cell: its values and its items' revs (the reconciliation's fixes are conditional on them). */
export interface StoredCell {
  key: string;
  values: CellValues;
  rev: CellRevs;
  /** Attributes found in the other item (histograms kept on the counts item): a fix moves them. */
  misplaced: string[];
}

/** A cell none of whose items exists (yet). */
export const newStoredCell = (key: string): StoredCell => ({ key, values: {}, rev: { counts: 0, histograms: 0 }, misplaced: [] });

/** Items of either part, merged into cells (a cell absent in both parts is left out). */
function toCells(items: readonly Record<string, unknown>[]): StoredCell[] {
  const cells = new Map<string, StoredCell>();
  for (const { pk, sk, type: _type, rev, ...values } of items) {
    const [prefix, propertyTypeId, dealTypeId] = String(pk).split('#') as [string, string, string];
    const part: Part = prefix === PARTS.histograms ? 'histograms' : 'counts';
    const key = cellKey(propertyTypeId, dealTypeId, String(sk));
    const cell = cells.get(key) ?? cells.set(key, newStoredCell(key)).get(key)!;
    for (const [attr, n] of Object.entries(values as CellValues)) {
      if (attr.startsWith(MOVE_MARK)) continue;
      cell.values[attr] = (cell.values[attr] ?? 0) + n;
      if (partOf(attr) !== part) cell.misplaced.push(attr);
    }
    cell.rev[part] = Number(rev ?? 0);
  }
  return [...cells.values()];
}

/** A week of the trend, as the nightly job froze it. */
export interface WeekSnapshot<T> {
  week: string;
  figures: T;
}

/** What an add of `values` leaves in a cell as read: its values summed, the revs of the items it wrote raised. */
export function addedTo(cell: StoredCell, values: CellValues): void {
  for (const [part, partValues] of split(values)) {
    for (const [attr, n] of Object.entries(partValues)) cell.values[attr] = (cell.values[attr] ?? 0) + n;
    cell.rev[part]++;
  }
}

export const marketRepository = {
  /**
   * Adds `values` to a cell (creating its items), each item written with `rev` + 1: one UpdateItem of ADDs
   * per item with values, atomic per item and commutative, so concurrent changes of different items never
   * lose one another's counts.
   */
  async add(key: string, values: CellValues): Promise<void> {
    await Promise.all(
      [...split(values)].map(([part, partValues]) => {
        const attrs = Object.entries(partValues);
        return db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: cellKeys(part, key),
            UpdateExpression: `ADD ${attrs.map((_, i) => `#a${i} :v${i}`).join(', ')}, #rev :one SET #type = :type`,
            ExpressionAttributeNames: { ...Object.fromEntries(attrs.map(([attr], i) => [`#a${i}`, attr])), '#rev': 'rev', '#type': 'type' },
            ExpressionAttributeValues: { ...Object.fromEntries(attrs.map(([, n], i) => [`:v${i}`, n])), ':one': 1, ':type': 'marketCell' },
          }),
        );
      }),
    );
  },

  /**
   * The counts of every area's cell of one property type and deal type (`*` for all): one Query, at most 43
   * small items; only `attributes` of each when given.
   */
  async areaCounts(propertyTypeId: string, dealTypeId: string, attributes?: readonly string[]): Promise<StoredCell[]> {
    return toCells(await queryPart('counts', propertyTypeId, dealTypeId, { attributes }));
  },

  /**
   * Cells by key (absent cells are left out), and how many items that read: the counts of `keys` (only
   * `attributes` when given) and `whole` with their histograms.
   */
  async cells(keys: readonly string[], options: { attributes?: readonly string[]; whole?: readonly string[] } = {}): Promise<{ cells: StoredCell[]; itemsRead: number }> {
    const [counts, whole] = await Promise.all([
      batchGet(keys.map((key) => cellKeys('counts', key)), options.attributes),
      batchGet((options.whole ?? []).flatMap((key) => [cellKeys('counts', key), cellKeys('histograms', key)])),
    ]);
    return { cells: toCells([...counts, ...whole]), itemsRead: counts.length + whole.length };
  },

  /**
   * Adds the moves' values to a cell, each move once however often this is repeated: per item of the cell,
   * one UpdateItem of their sum that marks every move, while none is marked; where one is (an add that
   * landed before a crash), each move alone, skipped where marked.
   */
  async addMoves(key: string, moves: ReadonlyMap<string, CellValues>): Promise<Part[]> {
    const byPart = new Map<Part, Map<string, CellValues>>();
    for (const [moveId, values] of moves) {
      for (const [part, partValues] of split(values)) (byPart.get(part) ?? byPart.set(part, new Map()).get(part)!).set(moveId, partValues);
    }
    await Promise.all(
      [...byPart].map(async ([part, partMoves]) => {
        const sum: CellValues = {};
        for (const values of partMoves.values()) for (const [attr, n] of Object.entries(values)) sum[attr] = (sum[attr] ?? 0) + n;
        if (await addOnce(cellKeys(part, key), sum, [...partMoves.keys()])) return;
        for (const [moveId, values] of partMoves) await addOnce(cellKeys(part, key), values, [moveId]);
      }),
    );
    return [...byPart.keys()];
  },

  /**
   * A deleted item's removal from the cells, claimed once (a marker kept a month, far past any replay of the
   * stream's 24 hours): true for the first caller, and again while that removal is not finished.
   */
  async claimRemoval(kind: string, id: string): Promise<boolean> {
    const expiresAtEpoch = Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60;
    if (await putIfAbsent({ ...removalKey(kind, id), type: 'marketForgotten', expiresAtEpoch, state: 'removing' })) return true;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: removalKey(kind, id), ConsistentRead: true }));
    return Item?.state === 'removing';
  },

  async finishRemoval(kind: string, id: string): Promise<void> {
    await db().send(new UpdateCommand({ TableName: tableName(), Key: removalKey(kind, id), UpdateExpression: 'SET #state = :done', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':done': 'done' } }));
  },

  /** Takes finished moves' marks off the items of a cell `addMoves` wrote (`parts`, as it answered). */
  async clearMoves(key: string, moveIds: readonly string[], parts: readonly Part[]): Promise<void> {
    if (!moveIds.length) return;
    await Promise.all(
      parts.map(async (part) => {
        try {
          await db().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: cellKeys(part, key),
              UpdateExpression: `REMOVE ${moveIds.map((_, i) => `#m${i}`).join(', ')}`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: Object.fromEntries(moveIds.map((moveId, i) => [`#m${i}`, markOf(moveId)])),
            }),
          );
        } catch (error) {
          if (!isConditionFailed(error)) throw error;
        }
      }),
    );
  },

  /** Every cell, whole (the reconciliation, the demo's trend): two Queries per property type × deal type, 80 in all. */
  async *allCells(): AsyncGenerator<StoredCell[]> {
    for (const p of marketPropertyTypes) {
      for (const d of marketDealTypes) {
        const parts = await Promise.all((['counts', 'histograms'] as const).map((part) => queryPart(part, p, d, { consistent: true })));
        yield toCells(parts.flat());
      }
    }
  },

  /**
   * The reconciliation's fix of a cell as read (`newStoredCell` if absent): `set` values, `remove` attributes,
   * and its misplaced attributes moved to their item; each item only while it is still at the rev read
   * (absent: still missing). False when a write came in between: that item is left for the next run.
   */
  async fix(cell: StoredCell, set: CellValues, remove: readonly string[]): Promise<boolean> {
    const removed = new Set(remove);
    const sets = split({ ...Object.fromEntries(cell.misplaced.filter((attr) => !removed.has(attr)).map((attr) => [attr, cell.values[attr]!])), ...set });
    const removes = new Map<Part, string[]>();
    const removeFrom = (part: Part, attr: string) => (removes.get(part) ?? removes.set(part, []).get(part)!).push(attr);
    for (const attr of remove) removeFrom(partOf(attr), attr);
    for (const attr of cell.misplaced) removeFrom(partOf(attr) === 'counts' ? 'histograms' : 'counts', attr);
    const parts = new Set<Part>([...sets.keys(), ...removes.keys()]);
    const fixed = await Promise.all([...parts].map((part) => fixItem(cellKeys(part, cell.key), sets.get(part) ?? {}, removes.get(part) ?? [], cell.rev[part])));
    return fixed.every(Boolean);
  },

  /** Freezes the figures of cells for `week` (the trend's points): idempotent, a later run the same night writes the same. */
  async putWeek<T extends object>(week: string, figures: ReadonlyMap<string, T>): Promise<void> {
    await batchWrite([...figures].map(([key, f]) => ({ PutRequest: { Item: { pk: weekPartition(key), sk: week, type: 'marketWeek', figures: f } } })));
  },

  /** A cell's frozen weeks from `fromWeek` on, oldest first: one Query, at most 52 items. */
  async weeks<T>(key: string, fromWeek: string): Promise<WeekSnapshot<T>[]> {
    const out: WeekSnapshot<T>[] = [];
    const pages = queryPages({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk >= :from',
      ExpressionAttributeValues: { ':pk': weekPartition(key), ':from': fromWeek },
    });
    for await (const page of pages) for (const item of page) out.push({ week: String(item.sk), figures: item.figures as T });
    return out;
  },
};

/** One part of every area's cell of a property type and deal type: one Query (at most 43 items). */
async function queryPart(part: Part, propertyTypeId: string, dealTypeId: string, options: { consistent?: boolean; attributes?: readonly string[] | undefined }) {
  const names = options.attributes && ['pk', 'sk', ...options.attributes];
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#a0 = :pk',
      ExpressionAttributeNames: Object.fromEntries((names ?? ['pk']).map((name, i) => [`#a${i}`, name])),
      ...(names ? { ProjectionExpression: names.map((_, i) => `#a${i}`).join(', ') } : {}),
      ExpressionAttributeValues: { ':pk': cellPartition(part, propertyTypeId, dealTypeId) },
      ConsistentRead: options.consistent ?? false,
    }),
  );
  return Items ?? [];
}

/** Adds `values` to one item of a cell and marks `moveIds` on it, unless one of them is marked there: false then. */
async function addOnce(itemKey: { pk: string; sk: string }, values: CellValues, moveIds: readonly string[]): Promise<boolean> {
  const attrs = Object.entries(values);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey,
        UpdateExpression: `ADD ${attrs.map((_, i) => `#a${i} :v${i}`).join(', ')}, #rev :one SET #type = :type, ${moveIds.map((_, i) => `#m${i} = :one`).join(', ')}`,
        ConditionExpression: moveIds.map((_, i) => `attribute_not_exists(#m${i})`).join(' AND '),
        ExpressionAttributeNames: {
          ...Object.fromEntries(attrs.map(([attr], i) => [`#a${i}`, attr])),
          ...Object.fromEntries(moveIds.map((moveId, i) => [`#m${i}`, markOf(moveId)])),
          '#rev': 'rev',
          '#type': 'type',
        },
        ExpressionAttributeValues: { ...Object.fromEntries(attrs.map(([, n], i) => [`:v${i}`, n])), ':one': 1, ':type': 'marketCell' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Sets and removes attributes of one item of a cell only while it is at `rev` (0: still absent). */
async function fixItem(itemKey: { pk: string; sk: string }, set: CellValues, remove: readonly string[], rev: number): Promise<boolean> {
  const sets = Object.entries(set);
  const names: Record<string, string> = { '#rev': 'rev', '#type': 'type' };
  const values: Record<string, unknown> = { ':type': 'marketCell', ':one': 1 };
  sets.forEach(([attr, n], i) => {
    names[`#s${i}`] = attr;
    values[`:s${i}`] = n;
  });
  remove.forEach((attr, i) => (names[`#r${i}`] = attr));
  if (rev > 0) values[':rev'] = rev;
  const setClause = ['#type = :type', ...sets.map((_, i) => `#s${i} = :s${i}`)].join(', ');
  const removeClause = remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : '';
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey,
        UpdateExpression: `SET ${setClause}${removeClause} ADD #rev :one`,
        ConditionExpression: rev > 0 ? '#rev = :rev' : 'attribute_not_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
