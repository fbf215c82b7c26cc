import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DirectoryBroker } from '../../shared/api';
import { batchGet, batchWrite, db, encodeCursor, InvalidCursorError, startKeyFor, tableName } from './table';

const ACTIVITY = 'A#';
const NAME = 'N#';
/** Sorts after every ISO timestamp: the top of the activity order. */
const AFTER_ALL = '~';

/** Where a broker works. */
export interface DirectoryFacets {
  dealTypeIds: readonly string[];
  propertyTypeIds: readonly string[];
  /** Markets and the counties they lie in. */
  areaIds: readonly string[];
}

export interface DirectoryFilter {
  dealTypeId?: string;
  propertyTypeId?: string;
  marketId?: string;
}

export type DirectorySort = 'activity' | 'name';

/** A stored entry: the card as every reader may see it, and the lower-case text a search looks in. */
export interface DirectoryEntry {
  broker: DirectoryBroker;
  facets: DirectoryFacets;
}

const ALL_PARTITION = 'DIR#*';
const marketPartition = (areaId: string) => `DIR#M#${areaId}`;
const propertyTypePartition = (propertyTypeId: string) => `DIR#P#${propertyTypeId}`;
const dealTypePartition = (dealTypeId: string) => `DIR#D#${dealTypeId}`;
const metaKey = (userId: string) => ({ pk: `DIRMETA#${userId}`, sk: 'ENTRIES' });

/** Every partition a broker is listed in: all, and each of their areas, property types and deal types. */
export function directoryPartitionsOf(facets: DirectoryFacets): string[] {
  return [
    ALL_PARTITION,
    ...facets.areaIds.map(marketPartition),
    ...facets.propertyTypeIds.map(propertyTypePartition),
    ...facets.dealTypeIds.map(dealTypePartition),
  ];
}

/**
 * The partition a filter reads: the market's if one is set (the narrowest), else the property type's, else
 * the deal type's; the other filters set are conditions on the items read.
 */
function readPlan(filter: DirectoryFilter): { pk: string; conditions: [attribute: keyof DirectoryFacets, value: string][] } {
  const set: [keyof DirectoryFacets, string | undefined, (id: string) => string][] = [
    ['areaIds', filter.marketId, marketPartition],
    ['propertyTypeIds', filter.propertyTypeId, propertyTypePartition],
    ['dealTypeIds', filter.dealTypeId, dealTypePartition],
  ];
  const given = set.filter((entry): entry is [keyof DirectoryFacets, string, (id: string) => string] => !!entry[1]);
  const [first, ...rest] = given;
  return { pk: first ? first[2](first[1]) : ALL_PARTITION, conditions: rest.map(([attribute, value]) => [attribute, value]) };
}

/** The name order: last name, first name, case and accents folded. */
export const nameSortKey = (broker: Pick<DirectoryBroker, 'firstName' | 'lastName'>) =>
  `${broker.lastName} ${broker.firstName}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const searchTextOf = (broker: DirectoryBroker) =>
  [broker.firstName, broker.lastName, broker.firm?.name ?? ''].join(' ').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface StoredKey {
  pk: string;
  sk: string;
}
const keyId = (key: StoredKey) => `${key.pk}\n${key.sk}`;

/** What a broker's entries were written under: their keys follow from it (a few hundred bytes at most). */
interface Meta {
  partitions: string[];
  sortKeys: string[];
  lastActiveAt: string | null;
  /** The card and facets last written, hashed: a refresh that would write the same writes nothing. */
  digest?: string;
}

const keysOf = (meta: Pick<Meta, 'partitions' | 'sortKeys'>): StoredKey[] => meta.partitions.flatMap((pk) => meta.sortKeys.map((sk) => ({ pk, sk })));

async function readMeta(userId: string): Promise<Meta> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: metaKey(userId) }));
  return {
    partitions: (Item?.partitions as string[] | undefined) ?? [],
    sortKeys: (Item?.sortKeys as string[] | undefined) ?? [],
    lastActiveAt: (Item?.lastActiveAt as string | null | undefined) ?? null,
    digest: Item?.digest as string | undefined,
  };
}

async function writeMeta(userId: string, meta: Meta): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...metaKey(userId), ...meta } }));
}

/**
 * The directory's index (README "Broker directory"): a broker's card is written into the all-brokers
 * partition and one partition per area, property type and deal type they work in, twice (by last activity
 * and by name), so a page with one filter is one Query of one partition; further filters and the search
 * are conditions on it. A small meta item names the partitions and sort keys written, so a refresh deletes
 * exactly the stale ones.
 */
export const directoryRepository = {
  /** The last activity ever recorded for the broker: it never moves back when an item closes. */
  async lastActiveAt(userId: string): Promise<string | null> {
    return (await readMeta(userId)).lastActiveAt;
  },

  /**
   * Replaces the broker's entries with `entry` (null: unlisted). The meta item first names old and new keys
   * together, so a crash in between leaves nothing a later refresh cannot find and delete.
   */
  async replace(userId: string, entry: DirectoryEntry | null): Promise<void> {
    const before = await readMeta(userId);
    const digest = entry ? createHash('sha256').update(JSON.stringify(entry)).digest('base64url') : undefined;
    if (digest && digest === before.digest) return;
    const lastActiveAt = entry?.broker.lastActiveAt ?? before.lastActiveAt;
    const items = entry ? itemsOf(entry) : [];
    const after = { partitions: [...new Set(items.map((item) => item.pk))], sortKeys: [...new Set(items.map((item) => item.sk))] };
    const keep = new Set(items.map(keyId));
    const stale = keysOf(before).filter((key) => !keep.has(keyId(key)));
    if (stale.length) {
      await writeMeta(userId, {
        partitions: [...new Set([...before.partitions, ...after.partitions])],
        sortKeys: [...new Set([...before.sortKeys, ...after.sortKeys])],
        lastActiveAt,
      });
    }
    await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
    await batchWrite(stale.map((Key) => ({ DeleteRequest: { Key } })));
    await writeMeta(userId, { ...after, lastActiveAt, ...(digest ? { digest } : {}) });
  },

  /** One page of one partition; `activeSince` keeps the activity order's head (a key range, not a filter). */
  async page(
    filter: DirectoryFilter,
    sort: DirectorySort,
    limit: number,
    options: { cursor?: string; activeSince?: string; search?: string } = {},
  ): Promise<{ items: DirectoryBroker[]; nextCursor: string | null }> {
    const { pk, conditions } = readPlan(filter);
    const byActivity = sort === 'activity' || !!options.activeSince;
    const range = options.activeSince
      ? { condition: 'pk = :pk AND sk BETWEEN :from AND :to', values: { ':from': `${ACTIVITY}${options.activeSince}`, ':to': `${ACTIVITY}${AFTER_ALL}` } }
      : { condition: 'pk = :pk AND begins_with(sk, :prefix)', values: { ':prefix': byActivity ? ACTIVITY : NAME } };
    const search = options.search?.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const filters = [...conditions.map(([attribute, value], i) => ({ expression: `contains(${attribute}, :c${i})`, name: `:c${i}`, value })), ...(search ? [{ expression: 'contains(searchText, :q)', name: ':q', value: search }] : [])];
    const items: DirectoryBroker[] = [];
    let startKey = startKeyFor(options.cursor, ['pk', 'sk'], { pk }) as StoredKey | undefined;
    // A cursor of the other order would fall outside this key range: DynamoDB refuses it.
    if (startKey && !startKey.sk.startsWith(byActivity ? ACTIVITY : NAME)) throw new InvalidCursorError();
    // Conditions filter the partition's items: read on until the page is full, at most a few reads.
    for (let reads = 0; reads < (filters.length ? 5 : 1); reads++) {
      const { Items, LastEvaluatedKey } = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: range.condition,
          ...(filters.length ? { FilterExpression: filters.map((f) => f.expression).join(' AND ') } : {}),
          ExpressionAttributeValues: { ':pk': pk, ...range.values, ...Object.fromEntries(filters.map((f) => [f.name, f.value])) },
          // The card alone: the facets and search text are only for the conditions (half of each item's bytes).
          ProjectionExpression: 'broker',
          ScanIndexForward: !byActivity,
          Limit: limit - items.length,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(Items ?? []).map((item) => item.broker as DirectoryBroker));
      startKey = LastEvaluatedKey as StoredKey | undefined;
      if (!startKey || items.length >= limit) break;
    }
    return { items, nextCursor: encodeCursor(startKey && { ...startKey }) };
  },

  /** The cards of those of `userIds` who are listed, in no particular order (a fixed contact list). */
  async cards(userIds: readonly string[]): Promise<DirectoryBroker[]> {
    const metas = await batchGet(userIds.map(metaKey));
    const cardKeys = metas.flatMap((meta) => {
      const sk = (meta.sortKeys as string[] | undefined)?.find((key) => key.startsWith(NAME));
      return sk && (meta.partitions as string[] | undefined)?.includes(ALL_PARTITION) ? [{ pk: ALL_PARTITION, sk }] : [];
    });
    return (await batchGet(cardKeys)).map((item) => item.broker as DirectoryBroker);
  },

  /** The broker's card as listed (one item of the all-`*` partition), or null when they are not listed. */
  async get(userId: string): Promise<DirectoryBroker | null> {
    const { partitions, sortKeys } = await readMeta(userId);
    const sk = sortKeys.find((key) => key.startsWith(NAME));
    if (!partitions.includes(ALL_PARTITION) || !sk) return null;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: ALL_PARTITION, sk } }));
    return (Item?.broker as DirectoryBroker | undefined) ?? null;
  },
};

function itemsOf({ broker, facets }: DirectoryEntry) {
  const searchText = searchTextOf(broker);
  const activity = `${ACTIVITY}${broker.lastActiveAt ?? ''}#${broker.userId}`;
  const name = `${NAME}${nameSortKey(broker)}#${broker.userId}`;
  return directoryPartitionsOf(facets).flatMap((pk) => [
    { pk, sk: activity, broker, searchText, ...facets },
    { pk, sk: name, broker, searchText, ...facets },
  ]);
}
