import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localCredentials } from '../../../lib/local/aws';
import { startS3, type S3Emulator } from '../../../lib/local/s3';
import { resetEnvCache } from '../../../lambdas/core/env';
import { deleteObjects, getObject, listKeys, presignPost, putObject } from '../../../lambdas/core/images-bucket';

/**
 * lambdas/core/images-bucket.ts, the images bucket through @aws-sdk/client-s3 and s3-presigned-post, against
 * s3rver. PUT, GET and the presigned POST run against an emulator that checks every signature as S3 would
 * (a wrong secret is refused). s3rver's verifier miscomputes the canonical query of DeleteObjects and
 * ListObjectsV2 as the SDK signs them (S3 itself accepts them), so listing and deleting run against one
 * that does not check, as the local stack runs.
 */
const BUCKET = 'images-signed';
let emulator: S3Emulator;
let unverified: S3Emulator;
let directory: string;

function useEnv(overrides: Record<string, string | undefined> = {}): void {
  const vars = {
    TABLE_NAME: 'unused',
    ASSET_BASE_URL: 'http://localhost:4569/images',
    SITE_URL: 'http://localhost:5173',
    API_URL: 'http://localhost:3001',
    MAIL_FROM: 'BISN <no-reply@bisn.example>',
    USER_POOL_ID: 'local',
    UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    IMAGES_BUCKET: BUCKET,
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: emulator.url,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    // Signed like any x-amz- header (s3rver does not check its value).
    AWS_SESSION_TOKEN: 'session-token',
    ...overrides,
  };
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetEnvCache();
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'bisn-images-bucket-'));
  emulator = await startS3({ port: 0, directory, bucket: BUCKET, webOrigin: 'http://localhost:5173', verifySignatures: true });
  unverified = await startS3({ port: 0, directory: join(directory, 'unverified'), bucket: BUCKET, webOrigin: 'http://localhost:5173' });
});
afterAll(async () => {
  await emulator?.stop();
  await unverified?.stop();
  rmSync(directory, { recursive: true, force: true });
});
beforeEach(() => useEnv());
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the images bucket through the AWS SDK, signatures checked', () => {
  it('puts and gets keys whose characters need escaping; a missing key is null', async () => {
    const key = 'odd/a b+c=d (1) ü %,;$@!*.txt';
    await putObject(key, bytes('first'), { contentType: 'text/plain', cacheControl: 'public, max-age=60' });
    expect(await getObject(key)).toEqual({ bytes: bytes('first'), contentType: 'text/plain', size: 5 });
    const served = await fetch(`${emulator.url}/${BUCKET}/${key.split('/').map(encodeURIComponent).join('/')}`);
    expect(served.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await getObject('odd/missing')).toBeNull();
  });

  it('lists and deletes keys whose characters need escaping (against the emulator that does not check signatures)', async () => {
    useEnv({ AWS_ENDPOINT_URL_S3: unverified.url });
    const keys = ['odd/a b+c=d (1) ü %,;$@!*.txt', 'odd/plain.jpg'];
    await putObject(keys[0]!, bytes('first'), { contentType: 'text/plain' });
    await putObject(keys[1]!, bytes('second'), { contentType: 'image/jpeg' });
    expect((await listKeys('odd/')).sort()).toEqual([...keys].sort());
    expect(await listKeys('none/')).toEqual([]);
    expect(await getObject('odd/missing')).toBeNull();
    await deleteObjects([...keys, 'odd/never-there']);
    expect(await listKeys('odd/')).toEqual([]);
  });

  it('deletes 1,001 keys (two DeleteObjects requests)', { timeout: 120_000 }, async () => {
    useEnv({ AWS_ENDPOINT_URL_S3: unverified.url });
    const keys = Array.from({ length: 1001 }, (_, i) => `many/${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => putObject(key, bytes('x'), { contentType: 'text/plain' })));
    await deleteObjects(keys);
    for (const key of [keys[0]!, keys[999]!, keys[1000]!]) expect(await getObject(key)).toBeNull();
  });

  it('fails on a signature S3 refuses (a wrong secret), with its code', async () => {
    useEnv({ AWS_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(putObject('odd/x', bytes('x'), { contentType: 'text/plain' })).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('presigns a POST with the policy conditions (content type, size, key, short expiry) that the emulator accepts', async () => {
    const key = 'listings/l1/uploads/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
    const { url, fields } = await presignPost(key, {
      conditions: [['content-length-range', 1, 10], ['eq', '$Content-Type', 'image/png']],
      fields: { 'Content-Type': 'image/png' },
      expiresInSeconds: 300,
    });
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([['content-length-range', 1, 10], ['eq', '$Content-Type', 'image/png'], { key }]));
    const expiresIn = Date.parse(policy.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);

    const post = (contentType: string, body: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, 'Content-Type': contentType })) form.append(name, value);
      form.append('file', new Blob([body], { type: contentType }));
      return fetch(url, { method: 'POST', body: form });
    };
    // S3 enforces the conditions; s3rver stores what the form sends, so here the form reaches the key.
    expect((await post('image/png', 'tiny')).status).toBeLessThan(300);
    expect((await getObject(key))?.bytes).toEqual(bytes('tiny'));
    expect(fields).toMatchObject({ key, 'Content-Type': 'image/png', 'X-Amz-Security-Token': 'session-token', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
  });
});
