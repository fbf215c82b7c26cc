import { createHash } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { env } from './env';

/**
 * The objects of the images bucket (IMAGES_BUCKET), through signed `fetch` requests: the five things the
 * functions do with S3. Not `@aws-sdk/client-s3`: its endpoint rules, REST-XML protocol, checksums and S3
 * middleware were ~107 KB of every bundle that touched an image, over the 300 KB budget. The SigV4 signer,
 * its SHA-256 and the environment credentials are the ones every bundle already carries for DynamoDB
 * (docs/DECISIONS.md, "S3 without the SDK client").
 *
 * The endpoint is the SDK's: AWS_ENDPOINT_URL_S3 when set (the local stack's s3rver), else S3's regional
 * one; the bucket is in the path with S3_FORCE_PATH_STYLE, else its subdomain. Bodies are held in memory:
 * no streaming, no multipart. Failures are retried as in the SDK's standard mode.
 */

const MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 100;
/** Retried besides any 5xx and 429: S3's throttling and its "socket not read in time" (a 400). */
const RETRYABLE_CODES = new Set(['SlowDown', 'RequestTimeout']);

/** An error answer of S3: `name` is its `<Code>` (NoSuchKey, SlowDown, AccessDenied…). */
class S3RequestError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

export interface StoredObject {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** The stored object's Content-Length. */
  readonly size: number;
}

/** The object at `key`, or null when there is none. */
export async function getObject(key: string): Promise<StoredObject | null> {
  try {
    const response = await send('GET', key);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const length = response.headers.get('content-length');
    return { bytes, contentType: response.headers.get('content-type') ?? '', size: length === null ? bytes.byteLength : Number(length) };
  } catch (error) {
    if (error instanceof S3RequestError && error.code === 'NoSuchKey') return null;
    throw error;
  }
}

export async function putObject(key: string, body: Uint8Array, meta: { contentType: string; cacheControl?: string }): Promise<void> {
  const headers: Record<string, string> = { 'content-type': meta.contentType };
  if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
  await (await send('PUT', key, { headers, body })).arrayBuffer();
}

/** Deletes the objects (DeleteObjects, 1000 keys a request); keys that do not exist are fine. */
export async function deleteObjects(keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const objects = keys.slice(i, i + 1000).map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`);
    const body = `<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet>${objects.join('')}</Delete>`;
    // S3 requires an integrity header on DeleteObjects.
    const headers = { 'content-type': 'application/xml', 'content-md5': createHash('md5').update(body).digest('base64') };
    const result = await (await send('POST', '', { query: { delete: '' }, headers, body })).text();
    // Quiet: the answer lists only the keys that failed.
    const failed = [...result.matchAll(/<Error>([\s\S]*?)<\/Error>/g)].map(([, error]) => `${xmlText(error!, 'Key')} ${xmlText(error!, 'Code')}`);
    if (failed.length) throw new Error(`Could not delete ${failed.length} object(s): ${failed[0]}`);
  }
}

/** Every key under `prefix` (ListObjectsV2, page after page). */
export async function listKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const query: Record<string, string> = { 'list-type': '2', prefix };
    if (token) query['continuation-token'] = token;
    const page = await (await send('GET', '', { query })).text();
    keys.push(...[...page.matchAll(/<Key>([^<]*)<\/Key>/g)].map(([, key]) => decodeXml(key!)));
    token = xmlText(page, 'IsTruncated') === 'true' ? xmlText(page, 'NextContinuationToken') : undefined;
  } while (token);
  return keys;
}

/**
 * A presigned POST for `key`, as `createPresignedPost` of `@aws-sdk/s3-presigned-post` makes it: the form
 * `fields` (the given ones, the bucket, the SigV4 ones, key, Policy, X-Amz-Signature) and the bucket's
 * `url`. The policy holds `conditions`, then each field as an exact match.
 */
export async function presignPost(
  key: string,
  options: { conditions: readonly unknown[]; fields: Readonly<Record<string, string>>; expiresInSeconds: number },
): Promise<{ url: string; fields: Record<string, string> }> {
  const now = new Date();
  const longDate = amzDate(now);
  const { AWS_REGION: region, IMAGES_BUCKET: bucket } = env();
  const { accessKeyId, sessionToken } = await credentials();
  const fields: Record<string, string> = {
    ...options.fields,
    bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${accessKeyId}/${longDate.slice(0, 8)}/${region}/s3/aws4_request`,
    'X-Amz-Date': longDate,
  };
  if (sessionToken) fields['X-Amz-Security-Token'] = sessionToken;
  const policy = {
    expiration: isoSeconds(new Date(now.getTime() + options.expiresInSeconds * 1000)),
    conditions: [...options.conditions, ...Object.entries(fields).map(([name, value]) => ({ [name]: value })), { key }],
  };
  const encodedPolicy = Buffer.from(JSON.stringify(policy)).toString('base64');
  // The signature of a POST policy is the SigV4 signing key's HMAC of the encoded policy.
  const signature = await signer().sign(encodedPolicy, { signingDate: now });
  return { url: bucketUrl(), fields: { ...fields, key, Policy: encodedPolicy, 'X-Amz-Signature': signature } };
}

const credentials = fromEnv();

let regionalSigner: { region: string; signer: SignatureV4 } | undefined;

/** One signer per region, kept: it caches the day's signing key, which takes four HMACs to derive. */
function signer(): SignatureV4 {
  const region = env().AWS_REGION;
  if (regionalSigner?.region !== region) {
    // S3 signs the path as sent (each key segment encoded once), not encoded again as other services do.
    regionalSigner = { region, signer: new SignatureV4({ service: 's3', region, credentials, sha256: Sha256, uriEscapePath: false }) };
  }
  return regionalSigner.signer;
}

/** The bucket's URL: `<endpoint>/<bucket>` in path style, else `<scheme>://<bucket>.<endpoint host>/`. */
function bucketUrl(): string {
  const { AWS_ENDPOINT_URL_S3, AWS_REGION, S3_FORCE_PATH_STYLE, IMAGES_BUCKET: bucket } = env();
  const endpoint = new URL(AWS_ENDPOINT_URL_S3 ?? `https://s3.${AWS_REGION}.amazonaws.com`);
  return S3_FORCE_PATH_STYLE ? `${endpoint.origin}/${bucket}` : `${endpoint.protocol}//${bucket}.${endpoint.host}/`;
}

/** RFC 3986 encoding, as SigV4 canonicalises: everything but letters, digits and `-._~`. */
const uriEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * One request to the bucket (`key` '' for the bucket itself), signed anew for each attempt; answers the
 * 2xx response, or throws S3's error (S3RequestError) or the network's once retrying is over.
 */
async function send(
  method: string,
  key: string,
  request: { query?: Record<string, string>; headers?: Record<string, string>; body?: Uint8Array | string } = {},
): Promise<Response> {
  const { query = {}, headers = {}, body } = request;
  const bucket = bucketUrl();
  const url = new URL(key ? `${bucket.replace(/\/$/, '')}/${key.split('/').map(uriEncode).join('/')}` : bucket);
  // The query string is written as it is signed, so a space is %20 and a plus %2B on both sides.
  const search = Object.entries(query).map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`).join('&');
  for (let attempt = 1; ; attempt++) {
    let failure: Error;
    try {
      const signed = await signer().sign({
        method,
        protocol: url.protocol,
        hostname: url.hostname,
        path: url.pathname,
        query,
        // fetch sends this same Host; the signer also adds x-amz-date, x-amz-content-sha256 (of the body) and the token.
        headers: { ...headers, host: url.host },
        body,
      });
      const { host: _host, ...sent } = signed.headers;
      // (fetch's types refuse a Uint8Array that may sit on a SharedArrayBuffer, as a Buffer's type may.)
      const response = await fetch(search ? `${url.href}?${search}` : url.href, { method, headers: sent, body: body as RequestInit['body'] });
      if (response.ok) return response;
      failure = await s3Error(response, `${method} ${url.pathname}`);
    } catch (error) {
      // fetch's own failures (refused, reset, DNS) are worth another attempt; anything else is not.
      if (!(error instanceof TypeError)) throw error;
      failure = new Error(`S3 ${method} ${url.pathname}: ${error.message}`, { cause: error });
    }
    const retryable = !(failure instanceof S3RequestError) || failure.status >= 500 || failure.status === 429 || RETRYABLE_CODES.has(failure.code);
    if (!retryable || attempt >= MAX_ATTEMPTS) throw failure;
    // Exponential backoff with full jitter.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_BASE_MS * 2 ** attempt));
  }
}

async function s3Error(response: Response, what: string): Promise<S3RequestError> {
  const body = await response.text();
  const code = xmlText(body, 'Code') ?? `Http${response.status}`;
  const message = xmlText(body, 'Message');
  return new S3RequestError(code, response.status, `S3 ${what}: ${code} (${response.status})${message ? ` ${message}` : ''}`);
}

/** The text of the first `<tag>` in `xml`, entities decoded. */
function xmlText(xml: string, tag: string): string | undefined {
  const inner = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
  return inner === undefined ? undefined : decodeXml(inner);
}

const xmlEntities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decodeXml = (text: string) =>
  text.replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g, (_, hex: string | undefined, decimal: string | undefined, name: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : xmlEntities[name!]!,
  );

/** Element text needs only these three; named, since s3rver's parser decodes no numeric reference. */
const xmlEscapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

const escapeXml = (text: string) => text.replace(/[&<>]/g, (c) => xmlEscapes[c]!);

/** 2026-01-02T03:04:05Z: ISO 8601 without milliseconds. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** 20260102T030405Z, SigV4's date. */
const amzDate = (date: Date) => isoSeconds(date).replace(/[-:]/g, '');
