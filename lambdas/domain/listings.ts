import { randomUUID } from 'node:crypto';
import {
  listingDraft,
  type ListingDraft,
  type ListListingsQuery,
  type Listing,
  type ListingPage,
  type ListingSummary,
  type SaveListingRequest,
} from '../../shared/api';
import { byId, counties, listingTypes, markets, propertyTypes } from '../../shared/catalog';
import { listingCompleteness, listingCompletenessLabels } from '../../shared/rules';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../core/errors';
import { logger } from '../core/logger';
import { countMetric } from '../core/metrics';
import type { Principal } from '../core/principal';
import {
  draftOf,
  listingsRepository,
  type ListingIndexRow,
  onMarketSinceOf,
  type ListingRecord,
  type StoredListingImage,
  versionOf,
} from '../data/listings';
import { nowIso } from '../data/table';
import { usersRepository, type UserRecord } from '../data/users';
import { assetUrl } from './assets';
import { giveBackCreation } from './creation-limits';
import { addressKey, geocodeAddress, isGeocodable } from './geocode';
import { deleteImageKeys, deleteImagePrefix } from './image-store';
import { contactCardFor, contactViewerOf, type ContactViewer } from './contacts';
import { createdHistory, historyOf, noteChange } from './authorship';
import { searchReadOf } from './search';

/** "Recent listings" on the dashboard: published in the last 7 days. */
export const RECENT_LISTING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const listingNotFound = 'Listing not found';
export const onlyDraftsEditable = 'Only drafts can be edited.';
export const onlyDraftsPublishable = 'Only drafts can be published.';
export const notYourListing = 'You can only change your own listings.';

const listingTypeById = byId(listingTypes);
const propertyTypeById = byId(propertyTypes);
const marketById = byId(markets);
const countyById = byId(counties);

/** Where a listing's images live in the bucket; finalise accepts only uploads under this prefix. */
export const listingImagePrefix = (listingId: string) => `listings/${listingId}`;

/** The stored objects of one photo. */
export const variantKeysOf = (image: StoredListingImage) => [image.thumbnail, image.medium, image.large];

type CatalogRefs = Pick<ListingRecord, 'listingTypeId' | 'propertyTypeId' | 'marketId'>;

function catalogNames(record: CatalogRefs): Pick<Listing, 'type' | 'propertyType' | 'market'> {
  const market = record.marketId ? marketById.get(record.marketId) : undefined;
  return {
    type: record.listingTypeId
      ? { listingTypeId: record.listingTypeId, name: listingTypeById.get(record.listingTypeId)?.name ?? record.listingTypeId }
      : null,
    propertyType: record.propertyTypeId
      ? { propertyTypeId: record.propertyTypeId, name: propertyTypeById.get(record.propertyTypeId)?.name ?? record.propertyTypeId }
      : null,
    market:
      record.marketId && market
        ? { marketId: record.marketId, name: market.name, countyName: countyById.get(market.countyId)?.name ?? '' }
        : null,
  };
}

export function listingImagesDto(record: Pick<ListingRecord, 'images'>): Listing['images'] {
  return record.images.map((image) => ({
    _id: image._id,
    thumbnail: assetUrl(image.thumbnail),
    medium: assetUrl(image.medium),
    large: assetUrl(image.large),
  }));
}

/**
 * The API's listing: catalogue names resolved, image URLs absolute, the owner's contact card as `viewer` sees it.
 * Assigned onto the draft's fresh (fast) object; spreading a dictionary-mode draft into a literal made
 * this 8× slower, and JSON.stringify of the result twice as slow.
 */
export function toListingDto(record: ListingRecord, owner: UserRecord | null, viewer: ContactViewer): Listing {
  return Object.assign(draftOf(record), catalogNames(record), {
    listingId: record.listingId,
    status: record.status,
    userId: record.userId,
    images: listingImagesDto(record),
    brochureFile: record.brochureFile ? assetUrl(record.brochureFile) : null,
    location: record.location,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    publishedOn: record.publishedOn,
    expiresAt: record.expiresAt,
    closedAt: record.closedAt ?? null,
    closedOn: record.closedOn ?? null,
    onMarketSince: record.publishedOn ? onMarketSinceOf({ ...record, publishedOn: record.publishedOn }) : null,
    priceHistory: record.priceHistory ?? [],
    user: owner ? contactCardFor(owner, viewer, 'item') : null,
    version: versionOf(record),
    history: historyOf(record),
  });
}

/** Records who did `action` on the listing just written. */
export const noteListingChange = (record: ListingRecord, principal: Principal, action: string) =>
  noteChange(record, principal, action, (history) => listingsRepository.setHistory(record.listingId, history));

/** A card (browser) or table row (My listings). */
export function toListingSummary(row: ListingRecord | ListingIndexRow): ListingSummary {
  const thumbnail = 'images' in row ? (row.images[0]?.thumbnail ?? null) : row.thumbnail;
  const { type, propertyType, market } = catalogNames(row);
  return {
    listingId: row.listingId,
    title: row.title,
    status: 'status' in row ? row.status : 'published',
    type,
    propertyType,
    market,
    sqft: row.sqft,
    minSqft: row.minSqft,
    maxSqft: row.maxSqft,
    price: row.price,
    leasePrice: row.leasePrice,
    leaseFrequencyId: row.leaseFrequencyId,
    publishedOn: row.publishedOn,
    onMarketSince: row.publishedOn ? onMarketSinceOf({ ...row, publishedOn: row.publishedOn }) : null,
    createdAt: row.createdAt,
    thumbnail: thumbnail ? assetUrl(thumbnail) : null,
  };
}

async function withOwner(record: ListingRecord): Promise<Listing> {
  return toListingDto(record, await usersRepository.get(record.userId), 'self');
}

/**
 * The listing `principal` wants to change. Someone else's listing answers 404 while it is private
 * (draft, queued, processing: the caller may not know it exists) and 403 once it is published.
 */
export async function ownListing(principal: Principal, listingId: string): Promise<ListingRecord> {
  const record = await listingsRepository.get(listingId);
  if (!record) throw notFound(listingNotFound);
  if (record.userId !== principal.sub) {
    throw record.status === 'published' ? forbidden(notYourListing) : notFound(listingNotFound);
  }
  return record;
}

/** Editing is limited to drafts (spec 02 §6); anything later answers 409. */
export function requireDraft(record: ListingRecord, message = onlyDraftsEditable): void {
  if (record.status !== 'draft') throw conflict(message);
}

/** Create makes an empty draft owned by the caller (an approved broker: route auth), or by the broker a delegate acts for. */
export async function createListing(owner: UserRecord, delegate?: Principal['delegate']): Promise<{ listingId: string; listing: Listing }> {
  const now = nowIso();
  const record = await listingsRepository.create({
    ...listingDraft.parse({}),
    listingId: randomUUID(),
    userId: owner.userId,
    status: 'draft',
    images: [],
    location: null,
    geocodedAddress: null,
    createdAt: now,
    updatedAt: now,
    publishedOn: null,
    expiresAt: null,
    ...createdHistory(delegate, now),
  });
  countMetric('ListingCreated');
  return { listingId: record.listingId, listing: toListingDto(record, owner, 'self') };
}

/**
 * Geocodes the draft's address when it differs from the one the stored location came from (PRODUCT.md
 * "Maps": once, on save). A geocoder outage must not lose the edit: the draft is saved without a new
 * location and the next save tries again.
 */
async function geocodeIfChanged(record: ListingRecord, draft: ListingDraft) {
  const key = addressKey(draft);
  if (key === record.geocodedAddress) return undefined;
  if (!isGeocodable(draft)) return { location: null, geocodedAddress: key };
  try {
    return { location: await geocodeAddress(draft), geocodedAddress: key };
  } catch (error) {
    logger.warn('geocoding failed; saved without a location', { listingId: record.listingId, error: error as Error });
    return undefined;
  }
}

export const listingChangedElsewhere =
  'This listing was changed elsewhere (in another tab or by someone else) since you opened it. Reload it to see those changes, or overwrite them with yours.';
export const listingChangedWhilePublishing = 'The listing changed while it was being published. Check it and publish again.';

/**
 * Saves the whole draft (every field of the editor) over the version it was based on. Owner only, drafts
 * only; a save based on an older version is refused with the current one, so no edit is lost silently.
 */
export const photosToOrderMessage = 'Name each photo of the listing once to order them.';

export async function updateListing(principal: Principal, listingId: string, { version, imageOrder, ...draft }: SaveListingRequest): Promise<Listing> {
  const record = await ownListing(principal, listingId);
  requireDraft(record);
  if (version !== versionOf(record)) throw staleVersion(listingChangedElsewhere, versionOf(record));
  const images = imageOrder && imagesInOrder(record, imageOrder);
  const saved = await listingsRepository.saveDraft(listingId, principal.sub, draft, version, { ...(await geocodeIfChanged(record, draft)), ...(images && { images }) });
  if (!saved) {
    // Published, deleted or saved by someone else between the read and the write.
    const current = await ownListing(principal, listingId);
    requireDraft(current);
    throw staleVersion(listingChangedElsewhere, versionOf(current));
  }
  return withOwner(await noteListingChange(saved, principal, 'edited'));
}

/** The draft's photos in the order named (the cover first); 400 unless it names each of them once. */
function imagesInOrder(record: ListingRecord, imageOrder: readonly string[]): ListingRecord['images'] {
  const byId = new Map(record.images.map((image) => [image._id, image]));
  if (imageOrder.length !== byId.size || imageOrder.some((id) => !byId.has(id))) throw badRequest(photosToOrderMessage);
  return imageOrder.map((id) => byId.get(id)!);
}

/**
 * draft → queued, only when all seven completeness flags hold; the next weekday blast sends it. The
 * queueing write is conditional on the version whose completeness was checked, so a save racing the
 * publish can never queue content nobody checked.
 */
export async function publishListing(principal: Principal, listingId: string): Promise<Listing> {
  const record = await ownListing(principal, listingId);
  requireDraft(record, onlyDraftsPublishable);
  const flags = listingCompleteness(record);
  const missing = listingCompletenessLabels.filter(({ key }) => !flags[key]);
  if (missing.length > 0) {
    throw badRequest(
      `Complete the listing before publishing. Missing: ${missing.map((m) => m.label).join(', ')}.`,
      Object.fromEntries(missing.map(({ key, label }) => [key, [`${label} is required.`]])),
    );
  }
  const queued = await listingsRepository.queue(listingId, versionOf(record));
  if (!queued) {
    const current = await ownListing(principal, listingId);
    requireDraft(current, onlyDraftsPublishable);
    throw staleVersion(listingChangedWhilePublishing, versionOf(current));
  }
  return withOwner(await noteListingChange(queued, principal, 'published'));
}

/**
 * Removes a listing in any status and its images; its index items, matches and market contribution go with
 * it (projections of the delete). A queued listing removed here is not in the next blast: the blast claims
 * only listings that still exist. The photos' variants go first (they
 * need only s3:DeleteObject); the sweep of the listing's prefix then removes uploads never finalised, and
 * as a clean-up of orphans its failure is logged, not the caller's problem.
 */
export async function removeListing(listingId: string): Promise<ListingRecord | null> {
  const removed = await listingsRepository.delete(listingId);
  if (removed) await deleteImageKeys(removed.images.flatMap(variantKeysOf));
  await deleteImagePrefix(`${listingImagePrefix(listingId)}/`).catch((error: unknown) =>
    logger.warn('listing image prefix not swept', { listingId, error: error as Error }),
  );
  return removed;
}

/** The owner's delete; a draft deleted the day it was created gives its count of the daily limit back. */
export async function deleteListing(principal: Principal, listingId: string): Promise<void> {
  await ownListing(principal, listingId);
  const removed = await removeListing(listingId);
  if (removed?.status === 'draft') await giveBackCreation(removed.userId, 'listing', removed.createdAt);
}

/** Operators remove any listing (PRODUCT.md "Accounts and approval"). */
export async function adminDeleteListing(listingId: string): Promise<void> {
  const removed = await removeListing(listingId);
  if (!removed) throw notFound(listingNotFound);
  logger.info('listing removed by an operator', { listingId, owner: removed.userId });
}

/**
 * Published listings for everyone; the owner (and operators) see their own in every status. A caller not
 * yet approved sees the owner's card without contact details.
 */
export async function getListing(principal: Principal, listingId: string, callerApproved: boolean): Promise<Listing> {
  const record = await listingsRepository.get(listingId);
  const visible = record && (record.status === 'published' || record.userId === principal.sub || principal.isOperator);
  if (!visible) throw notFound(listingNotFound);
  const own = record.userId === principal.sub;
  const listing = toListingDto(record, await usersRepository.getForContactCard(record.userId), contactViewerOf(own, callerApproved));
  if (!own) delete listing.history;
  return listing;
}

/** The listings browser: its search's index partitions, merged (README "Browse indexes"); the first page counts the results. */
export async function listListings(query: ListListingsQuery, now = new Date()): Promise<ListingPage> {
  const { limit, cursor, sort, ...filters } = query;
  const page = await listingsRepository.searchPublished(searchReadOf('listings', filters, now, sort), limit, cursor);
  return { items: page.items.map(toListingSummary), nextCursor: page.nextCursor, ...(page.total ? { total: page.total } : {}) };
}

/** My listings: every status, newest first. */
export async function listMyListings(userId: string): Promise<{ items: ListingSummary[] }> {
  const records = await listingsRepository.allByOwner(userId);
  return { items: records.map((record) => ({ ...toListingSummary(record), createdBy: record.createdBy ?? null, lastChangedBy: record.lastChangedBy ?? null })) };
}

export async function countRecentListings(now = new Date()): Promise<{ count: number }> {
  const since = new Date(now.getTime() - RECENT_LISTING_DAYS * DAY_MS).toISOString();
  return { count: await listingsRepository.countPublishedSince(since) };
}
