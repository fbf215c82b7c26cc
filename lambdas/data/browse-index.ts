import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ALL } from '../../shared/catalog';
import { batchWrite, db, decodeCursor, encodeCursor, fullReadPageSize, InvalidCursorError, tableName } from './table';

const WILDCARD = '*';

/**
 * Moves a record's index items to what its state now needs: puts `wanted`, deletes those of `previous` that
 * `wanted` has not. Idempotent, and replaying an older change changes nothing (the items follow the record as
 * it is now, never the change's images).
 */
export async function moveIndexItems(previous: readonly { pk: string; sk: string }[], wanted: readonly { pk: string; sk: string }[]): Promise<void> {
  const keep = new Set(wanted.map((item) => `${item.pk}\u0000${item.sk}`));
  await batchWrite([
    ...previous.filter((item) => !keep.has(`${item.pk}\u0000${item.sk}`)).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
    ...wanted.map((Item) => ({ PutRequest: { Item } })),
  ]);
}
const either = (value: string | null | undefined) => (value && value !== ALL ? value : WILDCARD);

/** The three filters of a browser; absent or ALL is the `*` slot. */
export interface IndexFilter {
  typeId?: string | null;
  propertyTypeId?: string | null;
  marketId?: string | null;
}

/** A search of a browse index: its partitions (one per market slot), how a row reads, and the rows it takes (null: all). */
export interface IndexRead<Row> {
  /** What the search is (its criteria and order, digested): a cursor continues only the search it came from. */
  searchKey: string;
  partitions: readonly IndexFilter[];
  rowOf: (item: Record<string, unknown>) => Row;
  accept: ((row: Row) => boolean) | null;
}

/** A search's key for its cursors: its criteria and order (set values only), digested. */
export function searchKeyOf(search: { filter: object; sort: string }): string {
  const set = Object.entries(search.filter).filter(([, value]) => value !== undefined && value !== null);
  return createHash('sha256').update(JSON.stringify([set, search.sort])).digest('base64url').slice(0, 16);
}

/** At most this many index rows are examined by one page of a search (README "Browse indexes"). */
export const SEARCH_SCAN_MAX = 2000;
/** At most this many by a count or a ranked order. */
export const COUNT_SCAN_MAX = 5000;
/** The first page of a search counts its results up to this many. */
export const SEARCH_TOTAL_MAX = 500;
/** A ranked order (price, rate, size) sorts at most this many results, the newest. */
export const RANKED_MAX = 500;
/** A Query of a search reads this many rows at first, twice as many each time after, up to this many. */
const FIRST_CHUNK_MAX = 1000;

/**
 * A browse index (README "Browse indexes"): one small item per filter combination of each public item,
 * under `<prefix>#<type or *>#<property type or *>#<market or *>`, sorted by `<time>#<id>`. A browse
 * Queries the partitions its filters and markets name, newest first; a count of recent items is a COUNT
 * Query of the all-`*` one.
 */
export function browseIndex(prefix: string) {
  const partition = (typeId: string, propertyTypeId: string, marketId: string) =>
    `${prefix}#${typeId}#${propertyTypeId}#${marketId}`;

  const partitionFor = (filter: IndexFilter) =>
    partition(either(filter.typeId), either(filter.propertyTypeId), either(filter.marketId));

  return {
    partition,
    partitionFor,

    /** Every partition an item appears in: 2 × 2 × (markets + 1), without repeats. */
    partitionsOf(typeId: string | null, propertyTypeId: string | null, marketIds: readonly (string | null)[]): string[] {
      const out = new Set<string>();
      for (const t of [either(typeId), WILDCARD]) {
        for (const p of [either(propertyTypeId), WILDCARD]) {
          for (const m of [...marketIds.map(either), WILDCARD]) out.add(partition(t, p, m));
        }
      }
      return [...out];
    },

    sortKey: (at: string, id: string) => `${at}#${id}`,

    /**
     * One page of a search: the partitions of its market slots (one Query each, merged in sort order, an item
     * in several of them once), the rows `accept` takes, newest first (or oldest first). A page examines at
     * most SEARCH_SCAN_MAX rows: a selective search's page may end short, with the cursor of where it stopped.
     */
    async page<Row>(read: IndexRead<Row>, limit: number, cursor?: string, order: { oldestFirst?: boolean } = {}): Promise<{ items: Row[]; nextCursor: string | null }> {
      const items: Row[] = [];
      let examined = 0;
      let last: string | undefined;
      for await (const { sk, item } of mergedRows(read.partitions.map(partitionFor), !!order.oldestFirst, positionOf(cursor, read.searchKey), limit + 1)) {
        if (items.length === limit || examined === SEARCH_SCAN_MAX) return { items, nextCursor: encodeCursor({ after: last, search: read.searchKey }) };
        examined++;
        last = sk;
        const row = read.rowOf(item);
        if (!read.accept || read.accept(row)) items.push(row);
      }
      return { items, nextCursor: null };
    },

    /**
     * The results of a search ranked in memory (price, rate, size): the newest RANKED_MAX it accepts among at
     * most COUNT_SCAN_MAX rows, sorted by `compare` (ties newest first), paged by rank; the first page counts them.
     */
    async rankedPage<Row>(read: IndexRead<Row>, compare: (a: Row, b: Row) => number, limit: number, cursor?: string) {
      const offset = rankOf(cursor, read.searchKey);
      const { rows, exact } = await collect(read.partitions.map(partitionFor), read, RANKED_MAX);
      const ranked = rows.sort(compare);
      const next = offset + limit;
      return { items: ranked.slice(offset, next), nextCursor: next < ranked.length ? encodeCursor({ rank: next, search: read.searchKey }) : null, ...(offset ? {} : { total: { count: ranked.length, exact } }) };
    },

    /**
     * How many items a search shows, counted up to `max`: a COUNT Query of its one partition when it filters
     * by nothing but the partition, else its rows read and accepted, at most COUNT_SCAN_MAX of them (`exact`
     * is false when the count stopped at either bound).
     */
    async count<Row>(read: IndexRead<Row>, max: number): Promise<{ count: number; exact: boolean }> {
      if (!read.accept && read.partitions.length === 1) {
        const count = await countItems('pk = :pk', { ':pk': partitionFor(read.partitions[0]!) }, max);
        return { count, exact: count < max };
      }
      const { rows, exact } = await collect(read.partitions.map(partitionFor), read, max);
      return { count: rows.length, exact };
    },

    /** Items made public since `sinceIso`, community-wide. */
    async countSince(sinceIso: string): Promise<number> {
      return countItems('pk = :pk AND sk >= :since', { ':pk': partitionFor({}), ':since': sinceIso });
    },
  };
}

/** COUNT Queries of one key range, page by page, stopping once `max` are counted. */
async function countItems(keyCondition: string, values: Record<string, unknown>, max = Infinity): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const pageSize = fullReadPageSize();
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: keyCondition,
        ExpressionAttributeValues: values,
        Select: 'COUNT',
        Limit: Number.isFinite(max) ? Math.min(max - count, pageSize ?? max) : pageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    count += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey && count < max);
  return count;
}

/** A cursor's position, if it is one of this search's (the same criteria and order); InvalidCursorError otherwise. */
function positionIn(cursor: string | undefined, searchKey: string, name: 'after' | 'rank'): unknown {
  const position = decodeCursor(cursor);
  if (!position) return undefined;
  const { [name]: value, search, ...rest } = position;
  if (search !== searchKey || value === undefined || Object.keys(rest).length) throw new InvalidCursorError();
  return value;
}

/** Where a page of an index order continues: after this sort key (every partition shares the order). */
function positionOf(cursor: string | undefined, searchKey: string): string | undefined {
  const after = positionIn(cursor, searchKey, 'after');
  if (after !== undefined && (typeof after !== 'string' || after.length > 400)) throw new InvalidCursorError();
  return after as string | undefined;
}

/** Where a page of a ranked order continues: at this rank. */
function rankOf(cursor: string | undefined, searchKey: string): number {
  const rank = positionIn(cursor, searchKey, 'rank') ?? 0;
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 0 || rank > RANKED_MAX) throw new InvalidCursorError();
  return rank;
}

/** The rows a search accepts, newest first, up to `max` of them and COUNT_SCAN_MAX examined; `exact` when neither bound stopped it. */
async function collect<Row>(pks: readonly string[], read: IndexRead<Row>, max: number): Promise<{ rows: Row[]; exact: boolean }> {
  const rows: Row[] = [];
  let examined = 0;
  for await (const { item } of mergedRows(pks, false, undefined, max)) {
    if (rows.length === max || examined === COUNT_SCAN_MAX) return { rows, exact: false };
    examined++;
    const row = read.rowOf(item);
    if (!read.accept || read.accept(row)) rows.push(row);
  }
  return { rows, exact: true };
}

interface PartitionReader {
  pk: string;
  rows: Record<string, unknown>[];
  startKey: Record<string, unknown> | undefined;
  done: boolean;
  chunk: number;
}

/**
 * The rows of several partitions of one index in sort order (newest first, or oldest first), after
 * `after` if given; a row in several partitions (a requirement's markets) once. Each partition is read by
 * Queries of its share of the `firstChunk` rows wanted, doubling up to FIRST_CHUNK_MAX (QUERY_PAGE_SIZE, when
 * set, fixes it), only when its next row is needed.
 */
async function* mergedRows(pks: readonly string[], oldestFirst: boolean, after: string | undefined, firstChunk: number): AsyncGenerator<{ sk: string; item: Record<string, unknown> }> {
  const fixed = fullReadPageSize();
  const readers: PartitionReader[] = pks.map((pk) => ({ pk, rows: [], startKey: undefined, done: false, chunk: fixed ?? Math.min(Math.ceil(firstChunk / pks.length) + 1, FIRST_CHUNK_MAX) }));
  const fill = async (reader: PartitionReader) => {
    const range = after === undefined ? '' : oldestFirst ? ' AND sk > :after' : ' AND sk < :after';
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: `pk = :pk${range}`,
        ExpressionAttributeValues: { ':pk': reader.pk, ...(after === undefined ? {} : { ':after': after }) },
        ScanIndexForward: oldestFirst,
        Limit: reader.chunk,
        ExclusiveStartKey: reader.startKey,
      }),
    );
    reader.rows.push(...(Items ?? []));
    reader.startKey = LastEvaluatedKey;
    reader.done = !LastEvaluatedKey;
    reader.chunk = fixed ?? Math.min(reader.chunk * 2, FIRST_CHUNK_MAX);
  };
  const first = (a: string, b: string) => (oldestFirst ? a < b : a > b);
  for (;;) {
    await Promise.all(readers.filter((reader) => reader.rows.length === 0 && !reader.done).map(fill));
    let next: string | undefined;
    for (const reader of readers) {
      const sk = reader.rows[0]?.sk as string | undefined;
      if (sk !== undefined && (next === undefined || first(sk, next))) next = sk;
    }
    if (next === undefined) {
      if (readers.every((reader) => reader.done)) return;
      continue;
    }
    let item: Record<string, unknown> | undefined;
    for (const reader of readers) if (reader.rows[0]?.sk === next) item = reader.rows.shift();
    yield { sk: next, item: item! };
  }
}
