import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ALL } from '../../shared/catalog';
import { db, encodeCursor, fullReadPageSize, startKeyFor, tableName } from './table';

const WILDCARD = '*';
const either = (value: string | null | undefined) => (value && value !== ALL ? value : WILDCARD);

/** The three filters of a browser; absent or ALL is the `*` slot. */
export interface IndexFilter {
  typeId?: string | null;
  propertyTypeId?: string | null;
  marketId?: string | null;
}

/**
 * A browse index (README "Browse indexes"): one small item per filter combination of each public item,
 * under `<prefix>#<type or *>#<property type or *>#<market or *>`, sorted by `<time>#<id>`. A browse
 * is a Query of exactly one partition, newest first; a count is a COUNT Query of the all-`*` one.
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

    /** One page of one partition, newest first (or oldest first), with the opaque cursor of the next. */
    async page(filter: IndexFilter, limit: number, cursor?: string, order: { oldestFirst?: boolean } = {}) {
      const pk = partitionFor(filter);
      const { Items, LastEvaluatedKey } = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: !!order.oldestFirst,
          Limit: limit,
          ExclusiveStartKey: startKeyFor(cursor, ['pk', 'sk'], { pk }),
        }),
      );
      return { items: Items ?? [], nextCursor: encodeCursor(LastEvaluatedKey) };
    },

    /**
     * How many items the browser shows for a filter, counted up to `max` (COUNT Queries of its one
     * partition, stopping once `max` are counted: a bounded read however broad the filter).
     */
    async countUpTo(filter: IndexFilter, max: number): Promise<number> {
      return countItems('pk = :pk', { ':pk': partitionFor(filter) }, max);
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
