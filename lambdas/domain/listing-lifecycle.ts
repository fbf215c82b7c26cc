import type { ChangeListingPriceRequest, CloseListingRequest, Listing } from '../../shared/api';
import { expiresAtFor, LISTING_REMINDER_DAYS, LISTING_RENEWAL_GRACE_DAYS, reminderDue } from '../../shared/rules';
import { conflict, staleVersion } from '../core/errors';
import { logger } from '../core/logger';
import type { Principal } from '../core/principal';
import { listingsRepository, versionOf, type ListingRecord } from '../data/listings';
import { nowIso } from '../data/table';
import { usersRepository } from '../data/users';
import { listingDetailUrl } from './mail/templates/digest-entry';
import { matchListing, unmatchListing } from './matching';
import { listingChangedElsewhere, noteListingChange, ownListing, removeListing, toListingDto } from './listings';
import { rememberPropertyEnd } from './property-history';
import { remindOnce } from './reminders';
import { refreshDirectory } from './directory';
import { syncListingMarket } from './market';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What the owner can renew, or mark sold or leased (and what a renew link can renew). */
export const renewableStatuses: readonly ListingRecord['status'][] = ['published', 'expired'];
export const notRenewable = 'Only a published or expired listing can be renewed.';
export const notClosable = 'Only a published or expired listing can be marked sold or leased.';
export const onlyPublishedRepriced = 'Only a published listing can change its price here; a draft changes it in the editor.';

type Published = ListingRecord & { publishedOn: string };
const wasPublished = (record: ListingRecord): record is Published => !!record.publishedOn;

/** A listing that leaves the community (expired, sold, leased): out of the browser, its matches end. */
async function leaveCommunity(before: ListingRecord, now: string): Promise<void> {
  if (before.status === 'published' && wasPublished(before)) {
    await listingsRepository.deleteIndex(before);
    await rememberPropertyEnd(before, now);
  }
  await unmatchListing(before);
  await refreshDirectory(before.userId);
  await syncListingMarket(before.listingId);
}

/**
 * 120 more days from now, from the site or a reminder's link; an expired listing (within its 60
 * days of grace) comes back to the browser with its photos and is matched again. Null when not renewable.
 */
export async function renewListingRecord(listingId: string): Promise<ListingRecord | null> {
  const now = nowIso();
  const expiresAt = expiresAtFor(now);
  const before = await listingsRepository.renew(listingId, expiresAt, now);
  if (!before || !wasPublished(before)) return null;
  const after = { ...before, status: 'published' as const, expiresAt, renewedAt: now, closedAt: undefined };
  if (before.status === 'expired') {
    await listingsRepository.writeIndex(after);
    await matchListing(after);
  }
  await refreshDirectory(after.userId);
  await syncListingMarket(listingId);
  return after;
}

async function dtoOf(record: ListingRecord): Promise<Listing> {
  return toListingDto(record, await usersRepository.getForContactCard(record.userId), 'self');
}

export async function renewListing(principal: Principal, listingId: string): Promise<Listing> {
  const current = await ownListing(principal, listingId);
  if (!renewableStatuses.includes(current.status)) throw conflict(notRenewable);
  const renewed = await renewListingRecord(listingId);
  if (!renewed) throw conflict(notRenewable);
  return dtoOf(await noteListingChange(renewed, principal, 'renewed'));
}

/** Sold or leased: it leaves the browser and its matches end; its owner keeps it in My listings. */
export async function closeListing(principal: Principal, listingId: string, input: CloseListingRequest): Promise<Listing> {
  const current = await ownListing(principal, listingId);
  if (!renewableStatuses.includes(current.status)) throw conflict(notClosable);
  const now = nowIso();
  const before = await listingsRepository.close(listingId, input.outcome, input.closedOn ?? null, now);
  if (!before) throw conflict(notClosable);
  await leaveCommunity(before, now);
  const closed: ListingRecord = { ...before, status: input.outcome, closedAt: now, ...(input.closedOn ? { closedOn: input.closedOn } : {}) };
  return dtoOf(await noteListingChange(closed, principal, `marked ${input.outcome}`));
}

/**
 * A published listing's new price or lease rate: kept in its history with the date (the first
 * change also records the price it was published at), its browser card and matches follow.
 */
export async function changeListingPrice(principal: Principal, listingId: string, input: ChangeListingPriceRequest): Promise<Listing> {
  const current = await ownListing(principal, listingId);
  if (current.status !== 'published' || !wasPublished(current)) throw conflict(onlyPublishedRepriced);
  const now = nowIso();
  const history = current.priceHistory?.length ? current.priceHistory : [{ at: current.publishedOn, price: current.price, leasePrice: current.leasePrice }];
  const { version, ...fields } = input;
  const after = await listingsRepository.changePrice(listingId, version, fields, [...history, { at: now, price: fields.price, leasePrice: fields.leasePrice }], now);
  if (!after || !wasPublished(after)) {
    const latest = await ownListing(principal, listingId);
    if (latest.status !== 'published') throw conflict(onlyPublishedRepriced);
    throw staleVersion(listingChangedElsewhere, versionOf(latest));
  }
  await listingsRepository.writeIndex({ ...after, expiresAt: after.expiresAt! });
  await matchListing(after);
  await syncListingMarket(listingId);
  return dtoOf(await noteListingChange(after, principal, 'price changed'));
}

/**
 * Daily: a published listing at its 120 days expires — it leaves every public list and its
 * matches end, its owner keeps it, renewable, for 60 days; then it is purged with its photos. Acts only on
 * the expiry it read (a renewal at the same moment wins). Idempotent.
 */
export async function expireListings(now: Date): Promise<{ expired: string[]; deleted: string[] }> {
  const expired: string[] = [];
  for await (const page of listingsRepository.expired(now.toISOString())) {
    for (const record of page) {
      const before = await listingsRepository.markExpired(record.listingId, record.expiresAt!, now.toISOString());
      if (!before) continue;
      await leaveCommunity({ ...record, status: 'published' }, now.toISOString());
      expired.push(record.listingId);
    }
  }
  const deleted: string[] = [];
  const graceOver = new Date(now.getTime() - LISTING_RENEWAL_GRACE_DAYS * DAY_MS).toISOString();
  for await (const page of listingsRepository.expiredBefore(graceOver)) {
    for (const record of page) {
      await removeListing(record.listingId);
      deleted.push(record.listingId);
    }
  }
  logger.info('listings expired', { expired: expired.length, deleted: deleted.length });
  return { expired, deleted };
}

/**
 * Daily: the owner of each published listing expiring within 30, 14 or 1 days gets one reminder per
 * threshold with a one-click renew link; claimed before sending (once, even when the job runs twice or
 * crashes half way), given back when SES refuses.
 */
export async function remindListingOwners(now: Date): Promise<{ reminded: string[]; failed: number }> {
  const reminded: string[] = [];
  let failed = 0;
  const until = new Date(now.getTime() + Math.max(...LISTING_REMINDER_DAYS) * DAY_MS).toISOString();
  for await (const page of listingsRepository.expiringBetween(now.toISOString(), until)) {
    for (const record of page) {
      const expiresAt = record.expiresAt!;
      const days = reminderDue(expiresAt, now, LISTING_REMINDER_DAYS);
      if (days === null) continue;
      // The activity is the expiry date: a renewal sets a new one, whose reminders come afresh.
      const result = await remindOnce(
        {
          target: { kind: 'listing', id: record.listingId },
          ownerId: record.userId,
          title: record.title,
          expiresAt,
          activity: expiresAt,
          days,
          itemUrl: listingDetailUrl(record.listingId),
        },
        now,
      );
      if (result === 'sent') reminded.push(record.listingId);
      if (result === 'failed') failed++;
    }
  }
  return { reminded, failed };
}
