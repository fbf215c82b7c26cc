import { MAX_LISTING_IMAGES, type Listing, type PresignRequest, type PresignResponse } from '../../shared/api';
import { badRequest, notFound } from '../core/errors';
import { logger } from '../core/logger';
import type { Principal } from '../core/principal';
import { listingsRepository, versionOf, type ListingRecord, type StoredListingImage } from '../data/listings';
import { deleteImageKeys, imageIdOf } from './image-store';
import { finaliseImageUpload, presignImageUpload } from './images';
import { listingImagePrefix, listingImagesDto, listingNotFound, noteListingChange, ownListing, requireDraft, variantKeysOf } from './listings';

export const tooManyImages = `A listing can have at most ${MAX_LISTING_IMAGES} photos.`;

/** Photos are added to drafts only, by their owner, under the listing's own key prefix. */
export async function presignListingImage(principal: Principal, listingId: string, req: PresignRequest): Promise<PresignResponse> {
  const record = await ownListing(principal, listingId);
  requireDraft(record);
  if (record.images.length >= MAX_LISTING_IMAGES) throw badRequest(tooManyImages);
  return presignImageUpload('listing', listingImagePrefix(listingId), req);
}

/**
 * Makes the variants of an upload and attaches them to the draft. The variants are written first and
 * attached with one conditional update (still a draft, still room, not attached yet); if that fails they
 * are removed, so an interrupted finalise never leaves a listing pointing at missing images. The same
 * upload finalised twice (a retry, a double click) attaches once and answers the same: its files are
 * the same files, so they are never deleted on its account.
 */
export async function finaliseListingImage(
  principal: Principal,
  listingId: string,
  key: string,
): Promise<{ images: Listing['images']; version: number }> {
  const record = await ownListing(principal, listingId);
  const imageId = imageIdOf(key);
  const attachedAlready = (listing: ListingRecord) => listing.images.some((image) => image._id === imageId);
  if (attachedAlready(record)) return imagesAnswer(record);
  requireDraft(record);
  if (record.images.length >= MAX_LISTING_IMAGES) throw badRequest(tooManyImages);

  const variants = await finaliseImageUpload('listing', key, listingImagePrefix(listingId));
  const image: StoredListingImage = {
    _id: imageId,
    thumbnail: variants.thumbnail!,
    medium: variants.medium!,
    large: variants.large!,
  };
  let attached;
  try {
    attached = await listingsRepository.addImage(listingId, image, MAX_LISTING_IMAGES);
  } catch (error) {
    await deleteImageKeys(Object.values(variants)).catch(() => undefined);
    throw error;
  }
  if (attached) return imagesAnswer(await noteListingChange(attached, principal, 'photo added'));
  // Why the attach failed: the same upload was attached meanwhile, or deleted, no longer a draft, or full.
  const current = await listingsRepository.get(listingId);
  if (current && attachedAlready(current)) return imagesAnswer(current);
  await deleteImageKeys(Object.values(variants));
  if (!current) throw notFound(listingNotFound);
  requireDraft(current);
  throw badRequest(tooManyImages);
}

const imagesAnswer = (record: ListingRecord) => ({ images: listingImagesDto(record), version: versionOf(record) });

/** Removes one photo from a draft, then its stored variants. */
export async function deleteListingImage(
  principal: Principal,
  listingId: string,
  imageId: string,
): Promise<{ images: Listing['images']; version: number }> {
  const record = await ownListing(principal, listingId);
  requireDraft(record);
  const position = record.images.findIndex((image) => image._id === imageId);
  if (position < 0) throw notFound('Image not found');
  const updated = await listingsRepository.removeImage(listingId, position, imageId);
  if (!updated) {
    const current = await ownListing(principal, listingId);
    requireDraft(current);
    throw notFound('Image not found');
  }
  await deleteImageKeys(variantKeysOf(record.images[position]!)).catch((error: unknown) =>
    logger.warn('listing image variants not deleted', { listingId, imageId, error: error as Error }),
  );
  return imagesAnswer(await noteListingChange(updated, principal, 'photo removed'));
}
