import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getObject } from '../../lambdas/core/images-bucket';
import { listingsRepository } from '../../lambdas/data/listings';
import { createListing } from '../../lambdas/domain/listings';
import { deleteListingImage, finaliseListingImage, presignListingImage } from '../../lambdas/domain/listings-images';
import type { AcceptedImageType } from '../../shared/api';
import { MAX_LISTING_IMAGES } from '../../shared/api';
import { keysUnder, postToS3, publishedListing, refusal, savedDraft, storedPhoto, testPhoto } from './listings-support';
import { broker, type Actor } from './support';

const tooMany = `A listing can have at most ${MAX_LISTING_IMAGES} photos.`;
const assetBase = () => process.env.ASSET_BASE_URL;

/** Presign and POST a photo for the listing, as the editor does; answers the upload's key. */
async function uploaded(owner: Actor, listingId: string, bytes?: Buffer, contentType: AcceptedImageType = 'image/jpeg'): Promise<string> {
  const body = bytes ?? (await testPhoto());
  const presigned = await presignListingImage(owner.principal, listingId, { contentType, size: body.byteLength });
  await postToS3(presigned, body, contentType);
  return presigned.key;
}

/** A draft with `count` photos (no image processing); their files are stored under the listing's prefix when `stored`. */
async function draftWithPhotos(owner: Actor, count: number, stored = false) {
  const { listingId } = await createListing(owner.record);
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const photo = stored ? await storedPhoto(`listings/${listingId}`) : { _id: id, thumbnail: `t/${id}`, medium: `m/${id}`, large: `l/${id}` };
    await listingsRepository.addImage(listingId, photo, MAX_LISTING_IMAGES);
  }
  return listingId;
}

const variantFolders = async (listingId: string) => [
  ...(await keysUnder(`listings/${listingId}/thumbnail/`)),
  ...(await keysUnder(`listings/${listingId}/medium/`)),
  ...(await keysUnder(`listings/${listingId}/large/`)),
];

describe('listing photos (domain): presign', () => {
  it('presigns an upload under the listing\'s own prefix for its owner\'s draft', async () => {
    const owner = await broker('presigner');
    const { listingId } = await createListing(owner.record);
    const before = Date.now();
    const presigned = await presignListingImage(owner.principal, listingId, { contentType: 'image/webp', size: 5 * 1024 * 1024 });
    expect(presigned.key).toMatch(new RegExp(`^listings/${listingId}/uploads/[0-9a-f-]{36}$`));
    expect(presigned.fields).toMatchObject({ key: presigned.key, 'Content-Type': 'image/webp' });
    const policy = JSON.parse(Buffer.from(presigned.fields.Policy!, 'base64').toString()) as { conditions: unknown[]; expiration: string };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/webp']);
    // Both 5 minutes after a moment of the call, however long it took (the policy's in whole seconds).
    const after = Date.now();
    const expires = Date.parse(presigned.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 5 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(after + 5 * 60 * 1000);
    expect(Date.parse(policy.expiration)).toBeGreaterThanOrEqual(before + 5 * 60 * 1000 - 1000);
    expect(Date.parse(policy.expiration)).toBeLessThanOrEqual(after + 5 * 60 * 1000);
  });

  it('refuses someone else\'s listing (404), a listing no longer a draft (409) and a photo past the last place (400)', async () => {
    const owner = await broker('owner');
    const other = await broker('other');
    const request = { contentType: 'image/jpeg' as const, size: 1000 };
    const { listingId } = await createListing(owner.record);
    expect(await refusal(presignListingImage(other.principal, listingId, request))).toEqual({ status: 404, message: 'Listing not found' });
    const published = await publishedListing(owner);
    expect(await refusal(presignListingImage(owner.principal, published.listingId, request))).toEqual({ status: 409, message: 'Only drafts can be edited.' });
    const nine = await draftWithPhotos(owner, MAX_LISTING_IMAGES - 1);
    expect((await presignListingImage(owner.principal, nine, request)).key).toContain(`listings/${nine}/uploads/`);
    await listingsRepository.addImage(nine, await storedPhoto(`listings/${nine}`), MAX_LISTING_IMAGES);
    expect(await refusal(presignListingImage(owner.principal, nine, request))).toEqual({ status: 400, message: tooMany });
  });
});

describe('listing photos (domain): finalise', () => {
  it('makes thumbnail, medium and large JPEGs, attaches them, raises the version and removes the raw upload', async () => {
    const owner = await broker('finaliser');
    const draft = await savedDraft(owner);
    const key = await uploaded(owner, draft.listingId, await testPhoto('png', 400, 200), 'image/png');
    const id = key.split('/').pop()!;
    const answer = await finaliseListingImage(owner.principal, draft.listingId, key);
    const stored = { _id: id, thumbnail: `listings/${draft.listingId}/thumbnail/${id}.jpg`, medium: `listings/${draft.listingId}/medium/${id}.jpg`, large: `listings/${draft.listingId}/large/${id}.jpg` };
    expect(answer).toEqual({
      images: [{ _id: id, thumbnail: `${assetBase()}/${stored.thumbnail}`, medium: `${assetBase()}/${stored.medium}`, large: `${assetBase()}/${stored.large}` }],
      version: 2,
    });
    const record = await listingsRepository.get(draft.listingId);
    expect(record?.images).toEqual([stored]);
    // The item's history says it, as the owner's change.
    expect(record?.lastChangedBy).toMatchObject({ action: 'photo added', delegate: null });
    expect(await keysUnder(`listings/${draft.listingId}/`)).toEqual([stored.large, stored.medium, stored.thumbnail].sort());
    expect((await getObject(stored.thumbnail))?.contentType).toBe('image/jpeg');

    // The same upload finalised again (a retry): the same answer, attached once.
    expect(await finaliseListingImage(owner.principal, draft.listingId, key)).toEqual(answer);
    expect((await listingsRepository.get(draft.listingId))?.images).toHaveLength(1);
  });

  it('refuses someone else\'s listing (404), an upload of another listing (403), a non-draft (409) and an 11th photo (400)', async () => {
    const owner = await broker('guarded');
    const other = await broker('intruder');
    const mine = await createListing(owner.record);
    const key = await uploaded(owner, mine.listingId);
    expect(await refusal(finaliseListingImage(other.principal, mine.listingId, key))).toEqual({ status: 404, message: 'Listing not found' });
    const theirs = await createListing(other.record);
    expect(await refusal(finaliseListingImage(other.principal, theirs.listingId, key))).toEqual({ status: 403, message: 'This upload does not belong here.' });
    expect(await keysUnder(`listings/${mine.listingId}/uploads/`)).toEqual([key]);

    const published = await publishedListing(owner);
    expect(await refusal(finaliseListingImage(owner.principal, published.listingId, `listings/${published.listingId}/uploads/x`))).toEqual({ status: 409, message: 'Only drafts can be edited.' });
    const full = await draftWithPhotos(owner, MAX_LISTING_IMAGES);
    expect(await refusal(finaliseListingImage(owner.principal, full, `listings/${full}/uploads/x`))).toEqual({ status: 400, message: tooMany });
  });

  it('of two uploads racing for the last place one is attached; the other is refused and its files removed', async () => {
    const owner = await broker('crowded');
    const listingId = await draftWithPhotos(owner, MAX_LISTING_IMAGES - 1);
    const keys = [await uploaded(owner, listingId), await uploaded(owner, listingId)];
    const answers = await Promise.allSettled(keys.map((key) => finaliseListingImage(owner.principal, listingId, key)));
    const won = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    const lost = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason as Error & { statusCode: number }] : []));
    expect(won).toHaveLength(1);
    expect(lost.map((error) => [error.statusCode, error.message])).toEqual([[400, tooMany]]);
    const record = await listingsRepository.get(listingId);
    expect(record?.images).toHaveLength(MAX_LISTING_IMAGES);
    const winner = record!.images[MAX_LISTING_IMAGES - 1]!;
    expect(won[0]!.images[MAX_LISTING_IMAGES - 1]!._id).toBe(winner._id);
    expect(await variantFolders(listingId)).toEqual(expect.arrayContaining([winner.thumbnail, winner.medium, winner.large]));
    const loserId = keys.map((key) => key.split('/').pop()!).find((id) => id !== winner._id)!;
    expect((await variantFolders(listingId)).filter((key) => key.includes(loserId))).toEqual([]);
  });

  it('the same upload finalised twice at once is attached once and both calls answer it', async () => {
    const owner = await broker('double-click');
    const { listingId } = await createListing(owner.record);
    const key = await uploaded(owner, listingId);
    const answers = await Promise.allSettled([finaliseListingImage(owner.principal, listingId, key), finaliseListingImage(owner.principal, listingId, key)]);
    const record = await listingsRepository.get(listingId);
    expect(record?.images.map((image) => image._id)).toEqual([key.split('/').pop()]);
    for (const answer of answers) {
      // The second call finds the attached photo, or (when it read the upload after the first removed it) no upload.
      if (answer.status === 'fulfilled') expect(answer.value.images.map((image) => image._id)).toEqual([key.split('/').pop()]);
      else expect(answer.reason).toMatchObject({ statusCode: 400, message: 'Upload not found' });
    }
    expect(answers.some((answer) => answer.status === 'fulfilled')).toBe(true);
    expect(await variantFolders(listingId)).toHaveLength(3);
  });

  it('a listing published or deleted while its photo is processed keeps no files of it', async () => {
    const owner = await broker('interrupted');
    const queuedMeanwhile = await savedDraft(owner);
    const key = await uploaded(owner, queuedMeanwhile.listingId);
    const finalising = refusal(finaliseListingImage(owner.principal, queuedMeanwhile.listingId, key));
    await listingsRepository.queue(queuedMeanwhile.listingId, 1);
    expect(await finalising).toEqual({ status: 409, message: 'Only drafts can be edited.' });
    expect(await variantFolders(queuedMeanwhile.listingId)).toEqual([]);
    expect((await listingsRepository.get(queuedMeanwhile.listingId))?.images).toEqual([]);

    const deletedMeanwhile = await createListing(owner.record);
    const second = await uploaded(owner, deletedMeanwhile.listingId);
    const finalisingDeleted = refusal(finaliseListingImage(owner.principal, deletedMeanwhile.listingId, second));
    await listingsRepository.delete(deletedMeanwhile.listingId);
    expect(await finalisingDeleted).toEqual({ status: 404, message: 'Listing not found' });
    expect(await variantFolders(deletedMeanwhile.listingId)).toEqual([]);
  });
});

describe('listing photos (domain): delete', () => {
  it('removes one photo and its files, keeps the others, raises the version', async () => {
    const owner = await broker('pruner');
    const listingId = await draftWithPhotos(owner, 3, true);
    const [first, second, third] = (await listingsRepository.get(listingId))!.images;
    const answer = await deleteListingImage(owner.principal, listingId, second!._id);
    expect(answer.version).toBe(4);
    expect(answer.images.map((image) => image._id)).toEqual([first!._id, third!._id]);
    expect(answer.images[1]).toEqual({ _id: third!._id, thumbnail: `${assetBase()}/${third!.thumbnail}`, medium: `${assetBase()}/${third!.medium}`, large: `${assetBase()}/${third!.large}` });
    expect(await keysUnder(`listings/${listingId}/`)).toEqual([first, third].flatMap((image) => [image!.thumbnail, image!.medium, image!.large]).sort());
    expect((await listingsRepository.get(listingId))?.images).toEqual([first, third]);
    expect((await listingsRepository.get(listingId))?.lastChangedBy).toMatchObject({ action: 'photo removed', delegate: null });
    expect(await refusal(deleteListingImage(owner.principal, listingId, second!._id))).toEqual({ status: 404, message: 'Image not found' });
  });

  it('refuses someone else (404), a listing no longer a draft (409); of two deletes of one photo, one answers 404', async () => {
    const owner = await broker('protective');
    const other = await broker('other');
    const listingId = await draftWithPhotos(owner, 2, true);
    const [photo] = (await listingsRepository.get(listingId))!.images;
    expect(await refusal(deleteListingImage(other.principal, listingId, photo!._id))).toEqual({ status: 404, message: 'Listing not found' });
    const published = await publishedListing(owner, { images: [photo!] });
    expect(await refusal(deleteListingImage(owner.principal, published.listingId, photo!._id))).toEqual({ status: 409, message: 'Only drafts can be edited.' });

    const answers = await Promise.all([refusal(deleteListingImage(owner.principal, listingId, photo!._id)), refusal(deleteListingImage(owner.principal, listingId, photo!._id))]);
    expect(answers).toContainEqual(null);
    expect(answers).toContainEqual({ status: 404, message: 'Image not found' });
    expect((await listingsRepository.get(listingId))?.images).toHaveLength(1);
  });

  it('a photo removed between the delete\'s read and its write answers 404 and leaves the listing as the other removal left it', async () => {
    const owner = await broker('overtaken');
    const listingId = await draftWithPhotos(owner, 2);
    const [first, second] = (await listingsRepository.get(listingId))!.images;
    // The other removal is sent right after this delete's read: it lands before this delete's conditional write.
    const deleting = refusal(deleteListingImage(owner.principal, listingId, first!._id));
    await listingsRepository.removeImage(listingId, 0, first!._id);
    expect(await deleting).toEqual({ status: 404, message: 'Image not found' });
    expect((await listingsRepository.get(listingId))?.images).toEqual([second]);
  });
});
