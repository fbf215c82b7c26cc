import type { Listing, PresignRequest, PresignResponse } from '../../shared/api';
import { badRequest, notFound } from '../core/errors';
import { logger } from '../core/logger';
import type { Principal } from '../core/principal';
import { listingsRepository, versionOf, type StoredListingImage } from '../data/listings';
import { deleteImageKeys, imageIdOf } from './image-store';
import { finaliseImageUpload, presignImageUpload } from './images';
import { listingImagePrefix, listingImagesDto, listingNotFound, ownListing, requireDraft, variantKeysOf } from './listings';

/** A listing carries at most this many photos. */
export const MAX_LISTING_IMAGES = 10;
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
 * attached with one conditional update (still a draft, still room); if that fails they are removed, so an
 * interrupted finalise never leaves a listing pointing at missing images.
 */
export async function finaliseListingImage(
  principal: Principal,
  listingId: string,
  key: string,
): Promise<{ images: Listing['images']; version: number }> {
  const record = await ownListing(principal, listingId);
  requireDraft(record);
  if (record.images.length >= MAX_LISTING_IMAGES) throw badRequest(tooManyImages);

  const variants = await finaliseImageUpload('listing', key, listingImagePrefix(listingId));
  const image: StoredListingImage = {
    _id: imageIdOf(key),
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
  if (!attached) {
    await deleteImageKeys(Object.values(variants));
    // Why the attach failed: deleted, no longer a draft, or full meanwhile.
    const current = await listingsRepository.get(listingId);
    if (!current) throw notFound(listingNotFound);
    requireDraft(current);
    throw badRequest(tooManyImages);
  }
  return { images: listingImagesDto(attached), version: versionOf(attached) };
}

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
  return { images: listingImagesDto(updated), version: versionOf(updated) };
}
