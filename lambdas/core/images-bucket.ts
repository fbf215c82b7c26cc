import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { s3 } from './aws';
import { env } from './env';

/**
 * The objects of the images bucket (IMAGES_BUCKET): the five things the functions do with S3, through
 * `@aws-sdk/client-s3` and `@aws-sdk/s3-presigned-post`. The endpoint is the SDK's: AWS_ENDPOINT_URL_S3
 * when set (the local stack's s3rver), else S3's regional one. Images are at most 5 MB, held in memory.
 */

export interface StoredObject {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** The stored object's Content-Length. */
  readonly size: number;
}

const bucket = () => env().IMAGES_BUCKET;

/** The object at `key`, or null when there is none. */
export async function getObject(key: string): Promise<StoredObject | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    const bytes = await object.Body!.transformToByteArray();
    return { bytes, contentType: object.ContentType ?? '', size: object.ContentLength ?? bytes.byteLength };
  } catch (error) {
    if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}

export async function putObject(key: string, body: Uint8Array, meta: { contentType: string; cacheControl?: string }): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: meta.contentType, CacheControl: meta.cacheControl }));
}

/** Deletes the objects (DeleteObjects, 1000 keys a request); keys that do not exist are fine. */
export async function deleteObjects(keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const { Errors } = await s3().send(
      new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Quiet: true, Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }),
    );
    // Quiet: the answer lists only the keys that failed.
    if (Errors?.length) throw new Error(`Could not delete ${Errors.length} object(s): ${Errors[0]!.Key} ${Errors[0]!.Code}`);
  }
}

/** Every key under `prefix` (ListObjectsV2, page after page). */
export async function listKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of paginateListObjectsV2({ client: s3() }, { Bucket: bucket(), Prefix: prefix })) {
    keys.push(...(page.Contents ?? []).map((object) => object.Key!));
  }
  return keys;
}

/** A presigned POST for `key`: the bucket's URL and the form fields, its policy holding `conditions`. */
export async function presignPost(
  key: string,
  options: { conditions: NonNullable<PresignedPostOptions['Conditions']>; fields: Readonly<Record<string, string>>; expiresInSeconds: number },
): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3(), { Bucket: bucket(), Key: key, Conditions: options.conditions, Fields: { ...options.fields }, Expires: options.expiresInSeconds });
}
