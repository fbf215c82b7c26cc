import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getObject, putObject } from '../../lambdas/core/images-bucket';
import { usersRepository } from '../../lambdas/data/users';
import { assetUrl, assetUrls } from '../../lambdas/domain/assets';
import { deleteImageKeys, deleteImagePrefix, imageIdOf } from '../../lambdas/domain/image-store';
import { finaliseImageUpload, presignImageUpload, sniffImageType } from '../../lambdas/domain/images';
import { finaliseUserImage, presignUserImage, type UserImageSlot } from '../../lambdas/domain/user-images';
import { imageReadFailed, wrongImageType, type AcceptedImageType } from '../../shared/api';
import { keysUnder, postToS3, refusal, testPhoto } from './listings-support';
import { broker, principalOf, type Actor } from './support';

const MB = 1024 * 1024;
const tooLarge3 = 'Image size must be less than 3MB.';
const tooLarge5 = 'Image size must be less than 5MB.';
const assetBase = () => process.env.ASSET_BASE_URL;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A black 1-bit PNG written by hand: tiny however many pixels it claims (a decompression bomb), and
 * padded with a private ancillary chunk (which decoders skip) to exactly `totalBytes` when asked.
 */
function blackPng(width: number, height: number, totalBytes?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))];
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  if (totalBytes !== undefined) parts.splice(2, 0, chunk('prVt', Buffer.alloc(totalBytes - size - 12)));
  return Buffer.concat(parts);
}

/** An upload stored under `prefix` the way a presigned POST leaves it. */
async function uploadedTo(kind: 'listing' | 'profile' | 'logo', prefix: string, bytes: Buffer, contentType: AcceptedImageType | string = 'image/jpeg', declaredSize = bytes.byteLength) {
  const presigned = await presignImageUpload(kind, prefix, { contentType: contentType as AcceptedImageType, size: Math.min(declaredSize, 3 * MB) });
  await postToS3(presigned, bytes, contentType);
  return presigned.key;
}

const imageAt = async (key: string) => sharp((await getObject(key))!.bytes).metadata();

describe('image pipeline (domain): presign', () => {
  it('takes JPEG, PNG and WebP up to the kind\'s cap; refuses other types, oversize (413) and empty files', async () => {
    const prefix = `test/${randomUUID()}`;
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp'] as const) {
      expect((await presignImageUpload('profile', prefix, { contentType, size: 1 })).fields['Content-Type']).toBe(contentType);
    }
    const atCap = await presignImageUpload('logo', prefix, { contentType: 'image/png', size: 3 * MB });
    const policy = JSON.parse(Buffer.from(atCap.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 3 * MB]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
    expect(atCap.key).toMatch(new RegExp(`^${prefix}/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`));
    expect(await refusal(presignImageUpload('profile', prefix, { contentType: 'image/gif' as AcceptedImageType, size: 10 }))).toEqual({ status: 400, message: wrongImageType });
    expect(await refusal(presignImageUpload('profile', prefix, { contentType: 'image/jpeg', size: 3 * MB + 1 }))).toEqual({ status: 413, message: tooLarge3 });
    expect(await refusal(presignImageUpload('listing', prefix, { contentType: 'image/jpeg', size: 5 * MB + 1 }))).toEqual({ status: 413, message: tooLarge5 });
    expect(await refusal(presignImageUpload('listing', prefix, { contentType: 'image/jpeg', size: 0 }))).toEqual({ status: 400, message: imageReadFailed });
  });

  it('reads the type from the first bytes only', () => {
    const bytes = (...values: number[]) => new Uint8Array(values);
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xfe))).toBeNull();
    expect(sniffImageType(bytes(0x00, 0xff, 0xd8, 0xff))).toBeNull();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00))).toBeNull();
    const riff = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4];
    expect(sniffImageType(bytes(...riff, 0x57, 0x45, 0x42, 0x50))).toBe('image/webp');
    expect(sniffImageType(bytes(...riff, 0x57, 0x41, 0x56, 0x45))).toBeNull();
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x00, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe('image pipeline (domain): finalise', () => {
  it('makes the listing variants at their widths, never enlarged, as progressive JPEGs cached for a year', async () => {
    const prefix = `listings/${randomUUID()}`;
    const key = await uploadedTo('listing', prefix, await testPhoto('webp', 1000, 500), 'image/webp');
    const id = key.split('/').pop()!;
    const variants = await finaliseImageUpload('listing', key, prefix);
    expect(variants).toEqual({ thumbnail: `${prefix}/thumbnail/${id}.jpg`, medium: `${prefix}/medium/${id}.jpg`, large: `${prefix}/large/${id}.jpg` });
    const sizes = await Promise.all([variants.thumbnail!, variants.medium!, variants.large!].map(imageAt));
    expect(sizes.map((meta) => [meta.format, meta.width, meta.height, meta.isProgressive])).toEqual([
      ['jpeg', 320, 160, true],
      ['jpeg', 800, 400, true],
      ['jpeg', 1000, 500, true],
    ]);
    const served = await fetch(assetUrl(variants.thumbnail!), { method: 'HEAD' });
    expect([served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual(['image/jpeg', 'public, max-age=31536000, immutable']);
    expect(await keysUnder(`${prefix}/`)).toEqual(Object.values(variants).sort());
  });

  it('makes square profile variants and logo variants that keep the original, transparency on white', async () => {
    const prefix = `users/${randomUUID()}`;
    const profileKey = await uploadedTo('profile', `${prefix}/profile`, await testPhoto('jpeg', 300, 200));
    const profile = await finaliseImageUpload('profile', profileKey, `${prefix}/profile`);
    expect(Object.keys(profile).sort()).toEqual(['medium', 'profile']);
    expect((await Promise.all([profile.profile!, profile.medium!].map(imageAt))).map((meta) => [meta.width, meta.height])).toEqual([
      [256, 256],
      [512, 512],
    ]);

    const clear = await sharp({ create: { width: 500, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const logoKey = await uploadedTo('logo', `${prefix}/logo`, clear, 'image/png');
    const logo = await finaliseImageUpload('logo', logoKey, `${prefix}/logo`);
    expect(Object.keys(logo).sort()).toEqual(['medium', 'original', 'thumbnail']);
    expect((await Promise.all([logo.thumbnail!, logo.medium!, logo.original!].map(imageAt))).map((meta) => [meta.width, meta.height, meta.format])).toEqual([
      [160, 32, 'jpeg'],
      [400, 80, 'jpeg'],
      [500, 100, 'jpeg'],
    ]);
    const { data } = await sharp((await getObject(logo.original!))!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((value) => value > 250)).toBe(true);
  });

  it('takes a file of exactly the cap; refuses one byte more (413) though the emulator stored it, removing it', async () => {
    const prefix = `users/${randomUUID()}/logo`;
    const atCap = await uploadedTo('logo', prefix, blackPng(20, 10, 3 * MB), 'image/png');
    expect(Object.keys(await finaliseImageUpload('logo', atCap, prefix)).sort()).toEqual(['medium', 'original', 'thumbnail']);
    const over = await uploadedTo('logo', prefix, blackPng(20, 10, 3 * MB + 1), 'image/png', 100);
    expect(await refusal(finaliseImageUpload('logo', over, prefix))).toEqual({ status: 413, message: tooLarge3 });
    expect(await keysUnder(`${prefix}/uploads/`)).toEqual([]);
  });

  it('refuses bytes of another type than declared, files that are no image, and ones that do not decode; storing nothing', async () => {
    const prefix = `listings/${randomUUID()}`;
    const pngAsJpeg = await uploadedTo('listing', prefix, await testPhoto('png'), 'image/jpeg');
    expect(await refusal(finaliseImageUpload('listing', pngAsJpeg, prefix))).toEqual({ status: 400, message: wrongImageType });
    const svg = await uploadedTo('listing', prefix, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(await refusal(finaliseImageUpload('listing', svg, prefix))).toEqual({ status: 400, message: wrongImageType });
    const broken = await uploadedTo('listing', prefix, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]), 'image/jpeg');
    expect(await refusal(finaliseImageUpload('listing', broken, prefix))).toEqual({ status: 400, message: imageReadFailed });
    // A decompression bomb: 64,016,001 pixels in a few kilobytes is refused before it is decoded.
    const bomb = await uploadedTo('listing', prefix, blackPng(8001, 8001), 'image/png');
    expect(await refusal(finaliseImageUpload('listing', bomb, prefix))).toEqual({ status: 400, message: imageReadFailed });
    expect(await keysUnder(`${prefix}/`)).toEqual([]);
  });

  it('takes only an upload of its own prefix, named by a lower-case uuid', async () => {
    const prefix = `users/${randomUUID()}/profile`;
    const photo = await testPhoto();
    const theirs = await uploadedTo('profile', `users/${randomUUID()}/profile`, photo);
    expect(await refusal(finaliseImageUpload('profile', theirs, prefix))).toEqual({ status: 403, message: 'This upload does not belong here.' });
    expect(await refusal(finaliseImageUpload('profile', `${prefix}/${randomUUID()}`, prefix))).toEqual({ status: 403, message: 'This upload does not belong here.' });
    expect((await getObject(theirs))?.size).toBe(photo.byteLength);
    const uuid = randomUUID();
    for (const id of [`0${uuid}`, `${uuid}0`, uuid.toUpperCase(), `${uuid.slice(0, 35)}g`, uuid.replaceAll('-', '_'), 'x']) {
      await putObject(`${prefix}/uploads/${id}`, photo, { contentType: 'image/jpeg' });
      expect(await refusal(finaliseImageUpload('profile', `${prefix}/uploads/${id}`, prefix)), id).toEqual({ status: 400, message: 'Upload not found' });
    }
    expect(await refusal(finaliseImageUpload('profile', `${prefix}/uploads/${uuid}`, prefix))).toEqual({ status: 400, message: 'Upload not found' });
    expect(await keysUnder(`${prefix}/profile/`)).toEqual([]);
  });
});

describe('image store (domain)', () => {
  it('names an image by its upload\'s id, whatever folder and extension', () => {
    expect(imageIdOf('listings/l/uploads/0b6a1f3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c')).toBe('0b6a1f3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c');
    expect(imageIdOf('listings/l/thumbnail/abc.jpg')).toBe('abc');
    expect(imageIdOf('abc.jpeg')).toBe('abc');
    expect(imageIdOf('a/name.v2.jpg')).toBe('name.v2');
    expect(imageIdOf('a/name.JPG')).toBe('name.JPG');
    expect(imageIdOf('a/b/')).toBe('');
  });

  it('deletes the keys given, once each, skipping empty ones', async () => {
    const prefix = `store/${randomUUID()}`;
    const [a, b, c] = ['a', 'b', 'c'].map((name) => `${prefix}/${name}`);
    for (const key of [a!, b!, c!]) await putObject(key, new Uint8Array([1]), { contentType: 'image/jpeg' });
    await deleteImageKeys(['', a!, a!, b!, `${prefix}/never-stored`]);
    expect(await keysUnder(`${prefix}/`)).toEqual([c]);
    await deleteImageKeys([]);
    expect(await keysUnder(`${prefix}/`)).toEqual([c]);
  });

  it('deletes everything under a folder and nothing beside it; refuses a prefix that is not a folder', async () => {
    const root = `store/${randomUUID()}`;
    const keys = [`${root}/ab/1`, `${root}/ab/uploads/2`, `${root}/abc/3`];
    for (const key of keys) await putObject(key, new Uint8Array([1]), { contentType: 'image/jpeg' });
    await deleteImagePrefix(`${root}/ab/`);
    expect(await keysUnder(`${root}/`)).toEqual([`${root}/abc/3`]);
    await expect(deleteImagePrefix(`${root}/abc`)).rejects.toThrow(`refusing to delete under "${root}/abc"`);
    await expect(deleteImagePrefix('/')).rejects.toThrow('refusing to delete under "/"');
    expect(await keysUnder(`${root}/`)).toEqual([`${root}/abc/3`]);
  });
});

describe('asset URLs (domain)', () => {
  it('puts stored keys on the asset host and leaves absolute URLs alone', () => {
    expect(assetUrl('listings/x/thumbnail/a.jpg')).toBe(`${assetBase()}/listings/x/thumbnail/a.jpg`);
    expect(assetUrl('//users/u/p.jpg')).toBe(`${assetBase()}/users/u/p.jpg`);
    expect(assetUrl('a//b.jpg')).toBe(`${assetBase()}/a//b.jpg`);
    expect(assetUrl('http://legacy.example.com/a.jpg')).toBe('http://legacy.example.com/a.jpg');
    expect(assetUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(assetUrl('broker-images/https://x')).toBe(`${assetBase()}/broker-images/https://x`);
    expect(assetUrl('httpsx://x')).toBe(`${assetBase()}/httpsx://x`);
    expect(assetUrls(null)).toBeNull();
    expect(assetUrls({ medium: 'm.jpg', profile: 'https://x/p.jpg' })).toEqual({ medium: `${assetBase()}/m.jpg`, profile: 'https://x/p.jpg' });
  });
});

describe('user images (domain)', () => {
  async function upload(actor: Actor, slot: UserImageSlot, bytes: Buffer, contentType: AcceptedImageType = 'image/jpeg') {
    const presigned = await presignUserImage(slot, actor.principal, { contentType, size: bytes.byteLength });
    await postToS3(presigned, bytes, contentType);
    return presigned.key;
  }

  it('presigns under the user\'s own folder of the slot, with the 3 MB cap', async () => {
    const me = await broker('presigning');
    const profile = await presignUserImage('profile', me.principal, { contentType: 'image/png', size: 3 * MB });
    expect(profile.key).toMatch(new RegExp(`^users/${me.record.userId}/profile/uploads/[0-9a-f-]{36}$`));
    expect((await presignUserImage('logo', me.principal, { contentType: 'image/jpeg', size: 10 })).key).toMatch(new RegExp(`^users/${me.record.userId}/logo/uploads/`));
    expect(await refusal(presignUserImage('logo', me.principal, { contentType: 'image/jpeg', size: 3 * MB + 1 }))).toEqual({ status: 413, message: tooLarge3 });
  });

  it('stores the profile picture on the user, answers its URLs, and replaces it deleting the previous files after', async () => {
    const me = await broker('pictured');
    const key = await upload(me, 'profile', await testPhoto('jpeg', 64, 64));
    const id = key.split('/').pop();
    const folder = `users/${me.record.userId}/profile`;
    const user = await finaliseUserImage('profile', me.principal, me.record, key);
    expect(user.profileImage).toEqual({ profile: `${assetBase()}/${folder}/profile/${id}.jpg`, medium: `${assetBase()}/${folder}/medium/${id}.jpg` });
    expect(user).toMatchObject({ _id: me.record.userId, isOperator: false, brokerImage: null, version: 1 });
    const stored = await usersRepository.get(me.record.userId);
    expect(stored?.profileImage).toEqual({ profile: `${folder}/profile/${id}.jpg`, medium: `${folder}/medium/${id}.jpg` });
    expect(await keysUnder(`${folder}/uploads/`)).toEqual([]);

    const next = await upload(me, 'profile', await testPhoto('png', 64, 64), 'image/png');
    const nextId = next.split('/').pop();
    const replaced = await finaliseUserImage('profile', principalOf(me.record, true), stored, next);
    expect(replaced).toMatchObject({ isOperator: true, version: 2, profileImage: { profile: `${assetBase()}/${folder}/profile/${nextId}.jpg` } });
    expect(await keysUnder(`${folder}/`)).toEqual([`${folder}/medium/${nextId}.jpg`, `${folder}/profile/${nextId}.jpg`]);
  });

  it('never deletes a file the new image uses, and deletes the others of the previous one', async () => {
    const me = await broker('retried');
    const folder = `users/${me.record.userId}/profile`;
    const key = await upload(me, 'profile', await testPhoto());
    const id = key.split('/').pop();
    const old = `${folder}/old/${randomUUID()}.jpg`;
    await putObject(old, new Uint8Array([1]), { contentType: 'image/jpeg' });
    // What the record said when the same upload's files were already saved once, beside an older file.
    const current = { ...me.record, profileImage: { profile: `${folder}/profile/${id}.jpg`, medium: old } };
    await finaliseUserImage('profile', me.principal, current, key);
    expect(await keysUnder(`${folder}/`)).toEqual([`${folder}/medium/${id}.jpg`, `${folder}/profile/${id}.jpg`]);
  });

  it('stores the broker logo in its own slot with its three variants', async () => {
    const me = await broker('logoed', { profileImage: { profile: 'p.jpg', medium: 'm.jpg' } });
    const key = await upload(me, 'logo', await testPhoto('png', 300, 100), 'image/png');
    const id = key.split('/').pop();
    const folder = `users/${me.record.userId}/logo`;
    const user = await finaliseUserImage('logo', me.principal, me.record, key);
    expect(user.brokerImage).toEqual({
      thumbnail: `${assetBase()}/${folder}/thumbnail/${id}.jpg`,
      medium: `${assetBase()}/${folder}/medium/${id}.jpg`,
      original: `${assetBase()}/${folder}/original/${id}.jpg`,
    });
    expect(user.profileImage).toEqual({ profile: `${assetBase()}/p.jpg`, medium: `${assetBase()}/m.jpg` });
    expect((await usersRepository.get(me.record.userId))?.brokerImage).toEqual({ thumbnail: `${folder}/thumbnail/${id}.jpg`, medium: `${folder}/medium/${id}.jpg`, original: `${folder}/original/${id}.jpg` });
  });

  it('refuses an unknown user (404), an upload of another slot or user (403), and removes its files when the save fails', async () => {
    const me = await broker('careful');
    const other = await broker('someone');
    const key = await upload(me, 'logo', await testPhoto());
    expect(await refusal(finaliseUserImage('logo', me.principal, null, key))).toEqual({ status: 404, message: 'User not found' });
    expect(await refusal(finaliseUserImage('profile', me.principal, me.record, key))).toEqual({ status: 403, message: 'This upload does not belong here.' });
    expect(await refusal(finaliseUserImage('logo', other.principal, other.record, key))).toEqual({ status: 403, message: 'This upload does not belong here.' });
    expect((await usersRepository.get(me.record.userId))?.brokerImage).toBeNull();

    // A user whose record is gone by the time the image is saved: the update fails, its files go.
    const ghost = principalOf({ userId: randomUUID(), email: 'ghost@example.com' });
    const ghostKey = await presignUserImage('profile', ghost, { contentType: 'image/jpeg', size: 1000 });
    await postToS3(ghostKey, await testPhoto(), 'image/jpeg');
    await expect(finaliseUserImage('profile', ghost, { ...me.record, userId: ghost.sub }, ghostKey.key)).rejects.toThrow();
    expect(await keysUnder(`users/${ghost.sub}/profile/`)).toEqual([]);
  });
});
