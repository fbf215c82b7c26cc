import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { listKeys, putObject } from '../../lambdas/core/images-bucket';
import type { Principal } from '../../lambdas/core/principal';
import { draftOf, listingsRepository, type ListingRecord, type PublishedListing, type StoredListingImage } from '../../lambdas/data/listings';
import { createListing, updateListing } from '../../lambdas/domain/listings';
import { listingDraft, type AcceptedImageType, type ListingDraftInput, type PresignResponse } from '../../shared/api';
import { publishedFields, validDraft, type Actor } from './support';

export { refusal, type Refusal } from './support';

/**
 * Fixtures of the listing and image domain tests: drafts made through the domain, published listings written
 * straight to the table (the blast is tested elsewhere), tiny photos made with sharp and posted the way the
 * browser posts them.
 */

/** An address no other listing of the file has: listings at one address share their history. */
export const uniqueAddress = () => ({ address1: `${1000 + Math.floor(Math.random() * 8000)} ${randomUUID().slice(0, 8)} Street`, address2: '' });

/** A new draft of `owner`, saved with `draft` (a complete draft without a photo unless told otherwise). */
export async function savedDraft(owner: Actor, draft: ListingDraftInput = validDraft(uniqueAddress())): Promise<ListingRecord> {
  const { listingId } = await createListing(owner.record);
  // Saved by the repository, not updateListing: no geocoding (whose ZIP table costs a second to load).
  return (await listingsRepository.saveDraft(listingId, owner.record.userId, listingDraft.parse(draft), 0))!;
}

/** Saves `draft` over the listing's current version, as the editor does. */
export async function saveOver(principal: Principal, listingId: string, draft: ListingDraftInput) {
  const current = await listingsRepository.get(listingId);
  return updateListing(principal, listingId, { ...listingDraft.parse(draft), version: current?.version ?? 0 });
}

/** A photo record whose three variant keys are small objects stored under `prefix`. */
export async function storedPhoto(prefix: string): Promise<StoredListingImage> {
  const id = randomUUID();
  const image = { _id: id, thumbnail: `${prefix}/thumbnail/${id}.jpg`, medium: `${prefix}/medium/${id}.jpg`, large: `${prefix}/large/${id}.jpg` };
  for (const key of [image.thumbnail, image.medium, image.large]) await putObject(key, new Uint8Array([1, 2, 3]), { contentType: 'image/jpeg' });
  return image;
}

/**
 * A listing as the blast leaves it: published at `publishedOn`, expiring 120 days later, in the browser's
 * index. Written straight to the table with the fields given.
 */
export async function publishedListing(owner: Actor, fields: Partial<ListingRecord> = {}, publishedOn = new Date().toISOString()): Promise<PublishedListing> {
  const record: PublishedListing = {
    ...draftOf(listingDraft.parse(validDraft(uniqueAddress()))),
    ...publishedFields(owner.record.userId, publishedOn),
    version: 1,
    ...fields,
  } as PublishedListing;
  await listingsRepository.create(record);
  if (record.status === 'published' && record.publishedOn) await listingsRepository.writeIndex(record);
  return record;
}

/** A flat-colour test photo, small so a test stays fast. */
export const testPhoto = (format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 48, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 160 } } })
    .toFormat(format)
    .toBuffer();

/** What the browser does with a presigned POST: the policy fields, then the file. */
export async function postToS3(presigned: PresignResponse, bytes: Uint8Array, contentType: AcceptedImageType | string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`S3 POST: ${response.status} ${await response.text()}`);
}

/** Every key in the images bucket under `prefix`, sorted. */
export const keysUnder = async (prefix: string) => (await listKeys(prefix)).sort();
