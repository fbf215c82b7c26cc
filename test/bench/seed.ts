import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandInput, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { createRequirementRequest, listingDraft } from '../../shared/api';
import { listingTypes, markets, propertyTypes, requirementTypes } from '../../shared/catalog';
import { documentClient } from '../../lambdas/core/aws';
import { env } from '../../lambdas/core/env';
import { indexItemsOf as listingIndexItems, toItem as listingItem, type ListingRecord, type PublishedListing } from '../../lambdas/data/listings';
import {
  indexItemsOf as requirementIndexItems,
  toItem as requirementItem,
  type RequirementRecord,
} from '../../lambdas/data/requirements';
import { newUserRecord, toItem as userItem, type UserRecord } from '../../lambdas/data/users';
import { expiresAtFor } from '../../shared/rules';
import { validRequirement } from '../api/requirements/support';
import { validDraft } from '../api/listings/support';
import type { MarketTally } from './market-tally';

type Item = Record<string, unknown>;
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 25;

/**
 * Writes items with BatchWrite, `concurrency` batches of 25 in flight, retrying what the table leaves
 * unprocessed. Answers how many were written and how fast.
 */
export async function bulkPut(items: Iterable<Item>, concurrency = 8): Promise<{ items: number; ms: number; perSecond: number }> {
  const started = performance.now();
  const iterator = items[Symbol.iterator]();
  let written = 0;
  const nextBatch = (): WriteRequest[] => {
    const batch: WriteRequest[] = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      batch.push({ PutRequest: { Item: next.value } });
      if (batch.length === BATCH) break;
    }
    return batch;
  };
  const worker = async () => {
    for (let batch = nextBatch(); batch.length > 0; batch = nextBatch()) {
      let pending: BatchWriteCommandInput['RequestItems'] | undefined = { [env().TABLE_NAME]: batch };
      for (let attempt = 0; pending; attempt++) {
        if (attempt > 10) throw new Error('BatchWrite kept leaving items unprocessed');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
        const out: BatchWriteCommandOutput = await documentClient().send(new BatchWriteCommand({ RequestItems: pending }));
        pending = out.UnprocessedItems && Object.keys(out.UnprocessedItems).length > 0 ? out.UnprocessedItems : undefined;
      }
      written += batch.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - started;
  return { items: written, ms, perSecond: written / (ms / 1000) };
}

/** Deterministic variety: the n-th value of a list, cycling. */
const nth = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const isoDaysAgo = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();

/** The filter the "filtered" browse measurements use; most seeded listings match it, so its page is full at any size. */
export const LISTING_FILTER = { listingTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'sac-midtown' } as const;

/** An approved broker's record, as the approval would leave it (subscribed to every category, as sign-up does). */
export function approvedBroker(n: number, createdAt = new Date().toISOString()): UserRecord {
  const record = newUserRecord({
    userId: randomUUID(),
    email: `bench-broker-${n}@example.com`,
    firstName: `Broker${n}`,
    lastName: 'Bench',
    acceptedTermsAndConditions: true,
  });
  return { ...record, status: 'active', emailConfirmed: true, phone: '9165550100', createdAt, updatedAt: createdAt, approvedAt: createdAt };
}

/** A listing as the blast leaves it: published, with one photo, in its 8 browse partitions. */
export function publishedListing(n: number, ownerId: string, now: number): PublishedListing {
  const matches = n % 5 < 3; // 60 % in the measured filter partition
  const ageDays = (n * 7) % 100;
  const createdAt = isoDaysAgo(now, ageDays + 1);
  const publishedOn = isoDaysAgo(now, ageDays);
  const draft = listingDraft.parse(
    validDraft({
      title: `Bench listing ${n}`,
      listingTypeId: matches ? LISTING_FILTER.listingTypeId : nth(listingTypes, n).id,
      propertyTypeId: matches ? LISTING_FILTER.propertyTypeId : nth(propertyTypes, n).id,
      marketId: matches ? LISTING_FILTER.marketId : nth(markets, n).id,
    }),
  );
  const photo = `listings/bench-${n}/${randomUUID()}`;
  return {
    ...draft,
    listingId: randomUUID(),
    userId: ownerId,
    status: 'published',
    images: [{ _id: randomUUID(), thumbnail: `${photo}/thumbnail.webp`, medium: `${photo}/medium.webp`, large: `${photo}/large.webp` }],
    location: { lat: 38.575, lng: -121.48 },
    geocodedAddress: null,
    createdAt,
    updatedAt: publishedOn,
    publishedOn,
    expiresAt: expiresAtFor(publishedOn),
    runId: 'bench',
  };
}

/** A listing waiting for the next blast (what Publish leaves). */
export function queuedListing(n: number, ownerId: string, now: number): ListingRecord {
  const { publishedOn: _p, expiresAt: _e, runId: _r, ...listing } = publishedListing(n, ownerId, now);
  return {
    ...listing,
    // Spread over the property types, so brokers' digests differ by their subscriptions.
    propertyTypeId: nth(propertyTypes, n).id,
    status: 'queued',
    publishedOn: null,
    expiresAt: null,
    updatedAt: new Date(now).toISOString(),
  };
}

/** A requirement the broadcast has sent: one market, so 2 × 2 × 2 browse partitions. */
export function sentRequirement(n: number, ownerId: string, now: number): RequirementRecord & { sentAt: string } {
  const input = createRequirementRequest.parse(
    validRequirement({
      title: `Bench requirement ${n}`,
      requirementTypeId: nth(requirementTypes, n).id,
      propertyTypeId: nth(propertyTypes, n).id,
      marketIds: [nth(markets, n).id],
    }),
  );
  const ageDays = (n * 3) % 90;
  const sentAt = isoDaysAgo(now, ageDays);
  return {
    requirementId: randomUUID(),
    userId: ownerId,
    status: 'sent',
    ...input,
    createdAt: isoDaysAgo(now, ageDays + 0.01),
    updatedAt: sentAt,
    sentAt,
  };
}

export const userItems = function* (users: Iterable<UserRecord>): Generator<Item> {
  for (const user of users) yield userItem(user);
};

/** A listing record plus its 8 index items, and a requirement record plus its 8: 18 items per unit. */
export const ITEMS_PER_UNIT = 18;

/**
 * The items of `units` published listings and sent requirements, owners cycling through `ownerIds`;
 * `mine` of the listings (the first ones) belong to `myUserId`. `tally` counts them in the market's cells.
 */
export function* marketplaceItems(
  options: { from: number; units: number; ownerIds: readonly string[]; myUserId?: string; mine?: number },
  tally: MarketTally,
): Generator<Item> {
  const now = Date.now();
  for (let n = options.from; n < options.from + options.units; n++) {
    const owner = options.myUserId && n - options.from < (options.mine ?? 0) ? options.myUserId : nth(options.ownerIds, n);
    const listing = tally.listing(publishedListing(n, owner, now));
    yield listingItem(listing);
    yield* listingIndexItems(listing);
    const requirement = tally.requirement(sentRequirement(n, nth(options.ownerIds, n), now));
    yield requirementItem(requirement);
    yield* requirementIndexItems(requirement);
  }
}

/** `count` listings waiting for the next blast, owners cycling through `ownerIds`. */
export function* queuedListings(count: number, ownerIds: readonly string[]): Generator<Item> {
  const now = Date.now();
  for (let n = 0; n < count; n++) yield listingItem(queuedListing(n, nth(ownerIds, n), now));
}
