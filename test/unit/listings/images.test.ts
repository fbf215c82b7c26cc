import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageReadFailed, wrongImageType, type AcceptedImageType } from '../../../shared/api';
import { startS3, type S3Emulator } from '../../../lib/local/s3';
import { resetEnvCache } from '../../../lambdas/core/env';
import { listKeys } from '../../../lambdas/core/images-bucket';
import { deleteImageKeys } from '../../../lambdas/domain/image-store';
import { finaliseImageUpload, presignImageUpload, sniffImageType } from '../../../lambdas/domain/images';

const BUCKET = 'images-test';
let emulator: S3Emulator;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'bisn-s3-'));
  emulator = await startS3({ port: 0, directory, bucket: BUCKET, webOrigin: 'http://localhost:5173' });
  Object.assign(process.env, {
    TABLE_NAME: 'unused',
    IMAGES_BUCKET: BUCKET,
    ASSET_BASE_URL: `${emulator.url}/${BUCKET}`,
    SITE_URL: 'http://localhost:5173',
    API_URL: 'http://localhost:3000',
    MAIL_FROM: 'BISN <no-reply@bisn.example>',
    USER_POOL_ID: 'local',
    UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER', // the only key pair s3rver knows
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_S3: emulator.url,
    S3_FORCE_PATH_STYLE: 'true',
  });
  resetEnvCache();
});

afterAll(async () => {
  await emulator?.stop();
  rmSync(directory, { recursive: true, force: true });
});

const photo = (format: 'jpeg' | 'png' | 'webp', width = 2000, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** What the browser does with a presigned POST: the policy fields, then the file. */
async function upload(prefix: string, bytes: Uint8Array, contentType: AcceptedImageType, kind: 'listing' | 'profile' | 'logo' = 'listing') {
  const presigned = await presignImageUpload(kind, prefix, { contentType, size: bytes.byteLength });
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
  form.append('file', new Blob([Uint8Array.from(bytes)], { type: contentType }));
  const res = await fetch(presigned.url, { method: 'POST', body: form });
  expect(res.status).toBeLessThan(300);
  return presigned.key;
}

const keysUnder = async (prefix: string) => (await listKeys(prefix)).sort();

describe('sniffImageType', () => {
  it('reads the type from the bytes', async () => {
    expect(sniffImageType(await photo('jpeg', 10, 10))).toBe('image/jpeg');
    expect(sniffImageType(await photo('png', 10, 10))).toBe('image/png');
    expect(sniffImageType(await photo('webp', 10, 10))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('presignImageUpload', () => {
  it('binds the key, the size range and the declared type', async () => {
    const p = await presignImageUpload('listing', 'listings/abc', { contentType: 'image/png', size: 1000 });
    expect(p.key).toMatch(/^listings\/abc\/uploads\/[0-9a-f-]{36}$/);
    expect(p.fields['Content-Type']).toBe('image/png');
    const policy = JSON.parse(Buffer.from(p.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
    expect(new Date(p.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it('refuses a declared size over the cap with the kind message', async () => {
    await expect(
      presignImageUpload('profile', 'users/u', { contentType: 'image/jpeg', size: 3 * 1024 * 1024 + 1 }),
    ).rejects.toMatchObject({ statusCode: 413, message: 'Image size must be less than 3MB.' });
    await expect(
      presignImageUpload('listing', 'listings/l', { contentType: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }),
    ).rejects.toMatchObject({ statusCode: 413, message: 'Image size must be less than 5MB.' });
  });
});

describe('finaliseImageUpload', () => {
  it('makes the listing variants as JPEG and deletes the raw upload', async () => {
    const key = await upload('listings/l1', await photo('png'), 'image/png');
    const variants = await finaliseImageUpload('listing', key, 'listings/l1');
    expect(Object.keys(variants).sort()).toEqual(['large', 'medium', 'thumbnail']);
    const id = key.split('/').pop();
    expect(variants.thumbnail).toBe(`listings/l1/thumbnail/${id}.jpg`);
    for (const [name, width] of [['thumbnail', 320], ['medium', 800], ['large', 1600]] as const) {
      const res = await fetch(`${emulator.url}/${BUCKET}/${variants[name]}`);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(width);
    }
    expect(await keysUnder('listings/l1/uploads/')).toEqual([]);
  });

  it('makes square profile variants and keeps small logos at their size', async () => {
    const key = await upload('users/u1/profile', await photo('webp', 900, 600), 'image/webp', 'profile');
    const variants = await finaliseImageUpload('profile', key, 'users/u1/profile');
    const meta = await sharp(Buffer.from(await (await fetch(`${emulator.url}/${BUCKET}/${variants.profile}`)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);

    const logoKey = await upload('users/u1/logo', await photo('png', 300, 100), 'image/png', 'logo');
    const logo = await finaliseImageUpload('logo', logoKey, 'users/u1/logo');
    expect(Object.keys(logo).sort()).toEqual(['medium', 'original', 'thumbnail']);
    const medium = await sharp(Buffer.from(await (await fetch(`${emulator.url}/${BUCKET}/${logo.medium}`)).arrayBuffer())).metadata();
    expect(medium.width).toBe(300);
  });

  it('refuses a PNG declared as JPEG, and an SVG declared as PNG, storing nothing', async () => {
    const pngAsJpeg = await upload('listings/l2', await photo('png', 50, 50), 'image/jpeg');
    await expect(finaliseImageUpload('listing', pngAsJpeg, 'listings/l2')).rejects.toMatchObject({
      statusCode: 400,
      message: wrongImageType,
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgKey = await upload('listings/l2', svg, 'image/png');
    await expect(finaliseImageUpload('listing', svgKey, 'listings/l2')).rejects.toMatchObject({ message: wrongImageType });
    expect(await keysUnder('listings/l2/')).toEqual([]);
  });

  it('refuses bytes that start like a JPEG but do not decode', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const key = await upload('listings/l3', broken, 'image/jpeg');
    await expect(finaliseImageUpload('listing', key, 'listings/l3')).rejects.toMatchObject({
      statusCode: 400,
      message: imageReadFailed,
    });
    expect(await keysUnder('listings/l3/')).toEqual([]);
  });

  it('refuses an upload over the cap even though the emulator took it', async () => {
    // s3rver enforces no policy: presign a small size, then send a big body.
    const big = await sharp({ create: { width: 1800, height: 1800, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const presigned = await presignImageUpload('listing', 'listings/l4', { contentType: 'image/png', size: 100 });
    const form = new FormData();
    for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
    form.append('file', new Blob([Uint8Array.from(big)], { type: 'image/png' }));
    await fetch(presigned.url, { method: 'POST', body: form });
    await expect(finaliseImageUpload('listing', presigned.key, 'listings/l4')).rejects.toMatchObject({
      statusCode: 413,
      message: 'Image size must be less than 5MB.',
    });
    expect(await keysUnder('listings/l4/')).toEqual([]);
  });

  it('refuses a key under someone else\'s prefix and leaves their upload alone', async () => {
    const key = await upload('listings/theirs', await photo('jpeg', 40, 40), 'image/jpeg');
    await expect(finaliseImageUpload('listing', key, 'listings/mine')).rejects.toMatchObject({ statusCode: 403 });
    expect(await keysUnder('listings/theirs/')).toEqual([key]);
    await expect(finaliseImageUpload('listing', 'listings/mine/uploads/../../theirs/uploads/x', 'listings/mine')).rejects.toMatchObject({
      statusCode: 400,
    });
    await deleteImageKeys([key]);
    expect(await keysUnder('listings/theirs/')).toEqual([]);
  });

  it('answers "Upload not found" for a key that was never uploaded', async () => {
    await expect(
      finaliseImageUpload('listing', 'listings/l5/uploads/00000000-0000-4000-8000-000000000000', 'listings/l5'),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Upload not found' });
  });
});
