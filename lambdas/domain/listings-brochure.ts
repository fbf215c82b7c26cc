import { randomUUID } from 'node:crypto';
import { BROCHURE_MAX_BYTES, brochureTooLarge, notAPdf, type Listing, type PresignBrochureRequest, type PresignResponse } from '../../shared/api';
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from '../core/errors';
import { logger } from '../core/logger';
import type { Principal } from '../core/principal';
import { getObject, presignPost, putObject } from '../core/images-bucket';
import { listingsRepository } from '../data/listings';
import { usersRepository } from '../data/users';
import { deleteImageKeys } from './image-store';
import { PRESIGN_EXPIRES_SECONDS } from './images';
import { listingImagePrefix, listingNotFound, noteListingChange, ownListing, requireDraft, toListingDto } from './listings';

/**
 * A listing's brochure PDF beside its brochure link (docs/DECISIONS.md "Listings"): uploaded as photos are, to
 * `listings/<id>/uploads/<uuid>` through a presigned POST bound to application/pdf and at most 20 MB; then the
 * server reads it, keeps it only if its bytes are a PDF's (`%PDF-`), writes it to
 * `listings/<id>/brochure/<uuid>.pdf`, deletes the raw upload and attaches it to the draft.
 */
const PDF = 'application/pdf';
export const brochureChangedMeanwhile = 'The brochure changed meanwhile. Reload and try again.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadsPrefix = (listingId: string) => `${listingImagePrefix(listingId)}/uploads/`;
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** A presigned POST for a draft's brochure; a declared size over 20 MB is refused here already (413). */
export async function presignListingBrochure(principal: Principal, listingId: string, req: PresignBrochureRequest): Promise<PresignResponse> {
  requireDraft(await ownListing(principal, listingId));
  if (req.size > BROCHURE_MAX_BYTES) throw payloadTooLarge(brochureTooLarge);
  const key = `${uploadsPrefix(listingId)}${randomUUID()}`;
  const { url, fields } = await presignPost(key, {
    conditions: [
      ['content-length-range', 1, BROCHURE_MAX_BYTES],
      ['eq', '$Content-Type', PDF],
    ],
    fields: { 'Content-Type': PDF },
    expiresInSeconds: PRESIGN_EXPIRES_SECONDS,
  });
  return { url, fields, key, expiresAt: new Date(Date.now() + PRESIGN_EXPIRES_SECONDS * 1000).toISOString() };
}

/** The PDF of an upload, checked and stored under the listing's brochure key (the raw upload deleted). */
async function storedBrochure(listingId: string, key: string): Promise<string> {
  if (!key.startsWith(uploadsPrefix(listingId))) throw forbidden('This upload does not belong here.');
  const id = key.slice(uploadsPrefix(listingId).length);
  if (!UUID.test(id)) throw badRequest('Upload not found');
  const upload = await getObject(key);
  if (!upload) throw badRequest('Upload not found');
  await deleteImageKeys([key]);
  if (upload.size > BROCHURE_MAX_BYTES || upload.bytes.byteLength > BROCHURE_MAX_BYTES) throw payloadTooLarge(brochureTooLarge);
  if (!isPdf(upload.bytes)) throw badRequest(notAPdf);
  const stored = `${listingImagePrefix(listingId)}/brochure/${id}.pdf`;
  await putObject(stored, upload.bytes, { contentType: PDF, cacheControl: 'public, max-age=31536000, immutable' });
  return stored;
}

/**
 * Attaches an uploaded brochure to the owner's draft (`key`), or takes it off (null). The write is
 * conditional on the draft (still a draft, still the owner's, still with the brochure read) and raises its
 * version; the brochure it replaces is deleted after, and one that could not be attached at once (409).
 */
export async function setListingBrochure(principal: Principal, listingId: string, key: string | null): Promise<{ listing: Listing }> {
  const record = await ownListing(principal, listingId);
  requireDraft(record);
  const brochureFile = key === null ? null : await storedBrochure(listingId, key);
  const saved = await listingsRepository.setBrochureFile(listingId, record.userId, record.brochureFile, brochureFile);
  if (!saved) {
    if (brochureFile) await deleteImageKeys([brochureFile]);
    const current = await listingsRepository.get(listingId);
    if (!current) throw notFound(listingNotFound);
    requireDraft(current);
    throw conflict(brochureChangedMeanwhile);
  }
  if (record.brochureFile && record.brochureFile !== brochureFile) {
    await deleteImageKeys([record.brochureFile]).catch((error: unknown) => logger.warn('replaced brochure not deleted', { listingId, error: error as Error }));
  }
  const noted = await noteListingChange(saved, principal, brochureFile ? 'brochure added' : 'brochure removed');
  return { listing: toListingDto(noted, await usersRepository.get(noted.userId), 'self') };
}
