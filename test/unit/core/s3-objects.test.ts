import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localCredentials } from '../../../lib/local/aws';
import { startS3, type S3Emulator } from '../../../lib/local/s3';
import { resetEnvCache } from '../../../lambdas/core/env';
import { deleteObjects, getObject, listKeys, presignPost, putObject } from '../../../lambdas/core/s3-objects';

/**
 * lambdas/core/s3-objects.ts: every operation against s3rver checking signatures (its own SigV4 code, as
 * S3 would), the requests it makes in the cloud and its retries (fetch stubbed), and presigned POSTs equal
 * to what `createPresignedPost` of `@aws-sdk/s3-presigned-post` made for the same inputs.
 */

/** The environment every function has, plus S3's part. */
function useEnv(s3: Record<string, string | undefined>): void {
  const vars = {
    TABLE_NAME: 'unused',
    ASSET_BASE_URL: 'http://localhost:4569/images',
    SITE_URL: 'http://localhost:5173',
    API_URL: 'http://localhost:3001',
    MAIL_FROM: 'BISN <no-reply@bisn.example>',
    USER_POOL_ID: 'local',
    UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    AWS_ENDPOINT_URL_S3: undefined,
    S3_FORCE_PATH_STYLE: undefined,
    AWS_SESSION_TOKEN: undefined,
    ...s3,
  };
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetEnvCache();
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetEnvCache();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('against s3rver verifying every signature', () => {
  const BUCKET = 'images-signed';
  let emulator: S3Emulator;
  let directory: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'bisn-s3-objects-'));
    emulator = await startS3({ port: 0, directory, bucket: BUCKET, webOrigin: 'http://localhost:5173', verifySignatures: true });
  });

  afterAll(async () => {
    await emulator?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  beforeEach(() =>
    useEnv({
      IMAGES_BUCKET: BUCKET,
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_S3: emulator.url,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      // Signed like any x-amz- header (s3rver does not check its value).
      AWS_SESSION_TOKEN: 'session-token',
    }),
  );

  it('puts, gets, lists and deletes keys whose characters need escaping', async () => {
    // No XML specials in listed keys: s3rver escapes them twice in a listing (the stubbed S3 below has them).
    const keys = ['odd/a b+c=d (1) ü %,;$@!*.txt', 'odd/plain.jpg'];
    await putObject(keys[0]!, bytes('first'), { contentType: 'text/plain', cacheControl: 'public, max-age=60' });
    await putObject(keys[1]!, bytes('second'), { contentType: 'image/jpeg' });

    expect(await getObject(keys[0]!)).toEqual({ bytes: bytes('first'), contentType: 'text/plain', size: 5 });
    const served = await fetch(`${emulator.url}/${BUCKET}/${keys[0]!.split('/').map(encodeURIComponent).join('/')}`);
    expect(served.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await listKeys('odd/')).sort()).toEqual([...keys].sort());
    expect(await listKeys('none/')).toEqual([]);
    expect(await getObject('odd/missing')).toBeNull();

    const xmlSpecial = `odd/&<'q'>".txt`;
    await putObject(xmlSpecial, bytes('third'), { contentType: 'text/plain' });
    expect((await getObject(xmlSpecial))?.bytes).toEqual(bytes('third'));
    await deleteObjects([...keys, xmlSpecial, 'odd/never-stored']);
    expect(await getObject(xmlSpecial)).toBeNull();
    expect(await listKeys('odd/')).toEqual([]);
  });

  // s3rver cannot page a listing here (its continuation token uses DES, which OpenSSL 3 refuses): paging is
  // tested against the stubbed S3 below.
  it('deletes 1000 keys a request', async () => {
    const keys = Array.from({ length: 1001 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => putObject(key, bytes(key), { contentType: 'text/plain' })));
    }
    const requests = vi.spyOn(globalThis, 'fetch');

    await deleteObjects(keys);

    expect(requests.mock.calls.map(([url]) => String(url)).filter((url) => url.endsWith('?delete='))).toHaveLength(2);
    expect(await listKeys('many/')).toEqual([]);
  });

  it('fails at once on a signature S3 refuses, with its code and status', async () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'not-the-secret');
    const requests = vi.spyOn(globalThis, 'fetch');
    await expect(putObject('odd/x', bytes('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      status: 403,
    });
    expect(requests).toHaveBeenCalledTimes(1);
  });
});

describe('in the cloud (fetch stubbed)', () => {
  beforeEach(() =>
    useEnv({
      IMAGES_BUCKET: 'bisn-images',
      AWS_REGION: 'us-west-2',
      AWS_ACCESS_KEY_ID: 'AKID',
      AWS_SECRET_ACCESS_KEY: 'SECRET',
      AWS_SESSION_TOKEN: 'TOKEN',
    }),
  );

  /** Answers the requests in turn (a thrown error is a network failure) and records them. */
  function answers(...replies: (Response | Error)[]) {
    const requests: { url: string; init: RequestInit & { headers: Record<string, string> } }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit & { headers: Record<string, string> }) => {
      requests.push({ url, init });
      const reply = replies.shift() ?? new Response('');
      if (reply instanceof Error) throw reply;
      return reply;
    });
    return requests;
  }

  const s3Error = (code: string, status: number) =>
    new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>injected</Message><RequestId>r</RequestId></Error>`, { status });

  it('signs a PUT to the virtual-hosted regional endpoint, the payload hashed', async () => {
    const requests = answers();
    const body = bytes('jpeg bytes');
    await putObject('listings/a b/c+d.jpg', body, { contentType: 'image/jpeg', cacheControl: 'public, max-age=60' });

    const [{ url, init }] = requests as [(typeof requests)[number]];
    expect(url).toBe('https://bisn-images.s3.us-west-2.amazonaws.com/listings/a%20b/c%2Bd.jpg');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(body);
    expect(init.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=60',
      'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
      'x-amz-security-token': 'TOKEN',
      'x-amz-date': expect.stringMatching(/^\d{8}T\d{6}Z$/),
      authorization: expect.stringMatching(
        /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/us-west-2\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
      ),
    });
    expect(init.headers).not.toHaveProperty('host');
  });

  it('lists page after page, query escaped as signed, keys decoded from XML', async () => {
    const requests = answers(
      new Response(
        '<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a b/&amp; &lt;c&gt; &#x27;d&#39; &quot;e&quot;</Key><Size>1</Size></Contents><NextContinuationToken>1/2+3=</NextContinuationToken></ListBucketResult>',
      ),
      new Response('<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>a b/z</Key></Contents></ListBucketResult>'),
    );
    expect(await listKeys('a b/')).toEqual([`a b/& <c> 'd' "e"`, 'a b/z']);
    expect(requests.map((r) => r.url)).toEqual([
      'https://bisn-images.s3.us-west-2.amazonaws.com/?list-type=2&prefix=a%20b%2F',
      'https://bisn-images.s3.us-west-2.amazonaws.com/?list-type=2&prefix=a%20b%2F&continuation-token=1%2F2%2B3%3D',
    ]);
  });

  it('deletes with Content-MD5 and Quiet, and throws on the keys S3 could not delete', async () => {
    const requests = answers(
      new Response('<DeleteResult><Error><Key>b&amp;c</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error></DeleteResult>'),
    );
    await expect(deleteObjects(['a', 'b&c'])).rejects.toThrow('Could not delete 1 object(s): b&c AccessDenied');
    const [{ url, init }] = requests as [(typeof requests)[number]];
    expect(url).toBe('https://bisn-images.s3.us-west-2.amazonaws.com/?delete=');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(
      '<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet><Object><Key>a</Key></Object><Object><Key>b&amp;c</Key></Object></Delete>',
    );
    expect(init.headers['content-md5']).toBe(createHash('md5').update(init.body as string).digest('base64'));
    await deleteObjects([]);
    expect(requests).toHaveLength(1);
  });

  it('retries throttling, 5xx and network failures up to three attempts, and no other 4xx', async () => {
    const put = () => putObject('k', bytes('x'), { contentType: 'text/plain' });

    let requests = answers(s3Error('SlowDown', 503), new Response(''));
    await put();
    expect(requests).toHaveLength(2);

    requests = answers(new TypeError('fetch failed'), s3Error('ServiceUnavailable', 503), new Response(''));
    await put();
    expect(requests).toHaveLength(3);

    requests = answers(s3Error('InternalError', 500), s3Error('InternalError', 500), s3Error('InternalError', 500), new Response(''));
    await expect(put()).rejects.toMatchObject({ name: 'InternalError', status: 500, message: 'S3 PUT /k: InternalError (500) injected' });
    expect(requests).toHaveLength(3);

    requests = answers(s3Error('AccessDenied', 403));
    await expect(put()).rejects.toMatchObject({ name: 'AccessDenied', status: 403 });
    expect(requests).toHaveLength(1);

    requests = answers(s3Error('NoSuchKey', 404));
    expect(await getObject('missing')).toBeNull();
    expect(requests).toHaveLength(1);
  });
});

describe('presignPost', () => {
  const upload = {
    key: 'users/u1/profile/uploads/0c6f6f2e-4a1b-4c8e-9d3f-2b7a5e1c9d00',
    options: {
      conditions: [
        ['content-length-range', 1, 5242880],
        ['eq', '$Content-Type', 'image/jpeg'],
      ],
      fields: { 'Content-Type': 'image/jpeg' },
      expiresInSeconds: 300,
    },
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05.678Z'));
  });

  // Both answers are what @aws-sdk/s3-presigned-post 3.1162 gave for these inputs, field order included.
  it('in the cloud: the bucket subdomain of the regional endpoint', async () => {
    useEnv({
      IMAGES_BUCKET: 'bisn-images',
      AWS_REGION: 'us-west-2',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
    expect(JSON.stringify(await presignPost(upload.key, upload.options))).toBe(
      JSON.stringify({
        url: 'https://bisn-images.s3.us-west-2.amazonaws.com/',
        fields: {
          'Content-Type': 'image/jpeg',
          bucket: 'bisn-images',
          'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
          'X-Amz-Credential': 'AKIDEXAMPLE/20260102/us-west-2/s3/aws4_request',
          'X-Amz-Date': '20260102T030405Z',
          key: 'users/u1/profile/uploads/0c6f6f2e-4a1b-4c8e-9d3f-2b7a5e1c9d00',
          Policy:
            'eyJleHBpcmF0aW9uIjoiMjAyNi0wMS0wMlQwMzowOTowNVoiLCJjb25kaXRpb25zIjpbWyJjb250ZW50LWxlbmd0aC1yYW5nZSIsMSw1MjQyODgwXSxbImVxIiwiJENvbnRlbnQtVHlwZSIsImltYWdlL2pwZWciXSx7IkNvbnRlbnQtVHlwZSI6ImltYWdlL2pwZWcifSx7ImJ1Y2tldCI6ImJpc24taW1hZ2VzIn0seyJYLUFtei1BbGdvcml0aG0iOiJBV1M0LUhNQUMtU0hBMjU2In0seyJYLUFtei1DcmVkZW50aWFsIjoiQUtJREVYQU1QTEUvMjAyNjAxMDIvdXMtd2VzdC0yL3MzL2F3czRfcmVxdWVzdCJ9LHsiWC1BbXotRGF0ZSI6IjIwMjYwMTAyVDAzMDQwNVoifSx7ImtleSI6InVzZXJzL3UxL3Byb2ZpbGUvdXBsb2Fkcy8wYzZmNmYyZS00YTFiLTRjOGUtOWQzZi0yYjdhNWUxYzlkMDAifV19',
          'X-Amz-Signature': '2b435b9af52e122004cbe523f4694adf72e2f5b6c14940e77405883e136518e0',
        },
      }),
    );
  });

  it('locally: path style on the emulator, with a session token', async () => {
    useEnv({
      IMAGES_BUCKET: 'bisn-images',
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_S3: 'http://localhost:4569',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'session/token+=',
    });
    expect(JSON.stringify(await presignPost(upload.key, upload.options))).toBe(
      JSON.stringify({
        url: 'http://localhost:4569/bisn-images',
        fields: {
          'Content-Type': 'image/jpeg',
          bucket: 'bisn-images',
          'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
          'X-Amz-Credential': 'ASIAEXAMPLE/20260102/us-east-1/s3/aws4_request',
          'X-Amz-Date': '20260102T030405Z',
          'X-Amz-Security-Token': 'session/token+=',
          key: 'users/u1/profile/uploads/0c6f6f2e-4a1b-4c8e-9d3f-2b7a5e1c9d00',
          Policy:
            'eyJleHBpcmF0aW9uIjoiMjAyNi0wMS0wMlQwMzowOTowNVoiLCJjb25kaXRpb25zIjpbWyJjb250ZW50LWxlbmd0aC1yYW5nZSIsMSw1MjQyODgwXSxbImVxIiwiJENvbnRlbnQtVHlwZSIsImltYWdlL2pwZWciXSx7IkNvbnRlbnQtVHlwZSI6ImltYWdlL2pwZWcifSx7ImJ1Y2tldCI6ImJpc24taW1hZ2VzIn0seyJYLUFtei1BbGdvcml0aG0iOiJBV1M0LUhNQUMtU0hBMjU2In0seyJYLUFtei1DcmVkZW50aWFsIjoiQVNJQUVYQU1QTEUvMjAyNjAxMDIvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LHsiWC1BbXotRGF0ZSI6IjIwMjYwMTAyVDAzMDQwNVoifSx7IlgtQW16LVNlY3VyaXR5LVRva2VuIjoic2Vzc2lvbi90b2tlbis9In0seyJrZXkiOiJ1c2Vycy91MS9wcm9maWxlL3VwbG9hZHMvMGM2ZjZmMmUtNGExYi00YzhlLTlkM2YtMmI3YTVlMWM5ZDAwIn1dfQ==',
          'X-Amz-Signature': '66b14fff0b5adebd6553af3751ba1d3880dcebec7d036699146451cdb2ec7cf9',
        },
      }),
    );
  });
});
