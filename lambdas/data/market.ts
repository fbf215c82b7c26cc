import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cellKey, marketDealTypes, marketPropertyTypes, parseCellKey, type CellValues } from '../../shared/rules';
import { batchGet, batchWrite, db, isConditionFailed, queryPages, tableName } from './table';

/**
 * The Market page's aggregates (README "Market intelligence"): one item per cell (property type or `*` ×
 * deal type or `*` × area), all areas of one property type and deal type in one partition, so the page's
 * areas and map are one Query; and one weekly snapshot per cell and week for the trend.
 */
const cellPartition = (propertyTypeId: string, dealTypeId: string) => `MKT#${propertyTypeId}#${dealTypeId}`;
const cellKeys = (key: string) => {
  const { propertyTypeId, dealTypeId, area } = parseCellKey(key);
  return { pk: cellPartition(propertyTypeId, dealTypeId), sk: area };
};
const weekPartition = (key: string) => `MKTWEEK#${key.replaceAll('|', '#')}`;

/** A stored cell: its values and `rev`, raised by every write (the reconciliation's fixes are conditional on it). */
export interface StoredCell {
  key: string;
  values: CellValues;
  rev: number;
}

function fromCellItem(item: Record<string, unknown>): StoredCell {
  const { pk, sk, type: _type, rev, ...values } = item;
  const [, propertyTypeId, dealTypeId] = String(pk).split('#') as [string, string, string];
  return { key: cellKey(propertyTypeId, dealTypeId, String(sk)), values: values as CellValues, rev: Number(rev ?? 0) };
}

/** A week of the trend, as the nightly job froze it. */
export interface WeekSnapshot<T> {
  week: string;
  figures: T;
}

export const marketRepository = {
  /**
   * Adds `values` to a cell (creating it), with `rev` + 1: one UpdateItem of ADDs, atomic per cell and
   * commutative, so concurrent changes of different items never lose one another's counts.
   */
  async add(key: string, values: CellValues): Promise<void> {
    const attrs = Object.entries(values);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: cellKeys(key),
        UpdateExpression: `ADD ${attrs.map((_, i) => `#a${i} :v${i}`).join(', ')}, #rev :one SET #type = :type`,
        ExpressionAttributeNames: { ...Object.fromEntries(attrs.map(([attr], i) => [`#a${i}`, attr])), '#rev': 'rev', '#type': 'type' },
        ExpressionAttributeValues: { ...Object.fromEntries(attrs.map(([, n], i) => [`:v${i}`, n])), ':one': 1, ':type': 'marketCell' },
      }),
    );
  },

  /**
   * Every area's cell of one property type and deal type (`*` for all): one Query, at most 43 items; only
   * `attributes` of each when given (plus its keys).
   */
  async areaCells(propertyTypeId: string, dealTypeId: string, options: { consistent?: boolean; attributes?: readonly string[] } = {}): Promise<StoredCell[]> {
    const names = ['pk', 'sk', ...(options.attributes ?? [])];
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#a0 = :pk',
        ExpressionAttributeNames: Object.fromEntries((options.attributes ? names : ['pk']).map((name, i) => [`#a${i}`, name])),
        ...(options.attributes ? { ProjectionExpression: names.map((_, i) => `#a${i}`).join(', ') } : {}),
        ExpressionAttributeValues: { ':pk': cellPartition(propertyTypeId, dealTypeId) },
        ConsistentRead: options.consistent ?? false,
      }),
    );
    return (Items ?? []).map(fromCellItem);
  },

  /** Cells by key (absent cells are left out); only `attributes` of each when given. */
  async cells(keys: readonly string[], attributes?: readonly string[]): Promise<StoredCell[]> {
    return (await batchGet(keys.map(cellKeys), attributes)).map(fromCellItem);
  },

  /** Every cell (the reconciliation): one Query per property type × deal type, 40 in all. */
  async *allCells(): AsyncGenerator<StoredCell[]> {
    for (const p of marketPropertyTypes) for (const d of marketDealTypes) yield marketRepository.areaCells(p, d, { consistent: true });
  },

  /**
   * The reconciliation's fix of one cell: `set` values, `remove` attributes, only while the cell is still at
   * `rev` (absent: still missing). False when a write came in between: that cell is left for the next run.
   */
  async fix(key: string, set: CellValues, remove: readonly string[], rev: number | null): Promise<boolean> {
    const sets = Object.entries(set);
    const names: Record<string, string> = { '#rev': 'rev', '#type': 'type' };
    const values: Record<string, unknown> = { ':type': 'marketCell', ':one': 1 };
    sets.forEach(([attr, n], i) => {
      names[`#s${i}`] = attr;
      values[`:s${i}`] = n;
    });
    remove.forEach((attr, i) => (names[`#r${i}`] = attr));
    if (rev !== null) values[':rev'] = rev;
    const setClause = ['#type = :type', ...sets.map((_, i) => `#s${i} = :s${i}`)].join(', ');
    const removeClause = remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : '';
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: cellKeys(key),
          UpdateExpression: `SET ${setClause}${removeClause} ADD #rev :one`,
          ConditionExpression: rev === null ? 'attribute_not_exists(pk)' : '#rev = :rev',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
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
