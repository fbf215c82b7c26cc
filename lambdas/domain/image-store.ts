import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '../core/aws';
import { env } from '../core/env';

/**
 * Stored image objects, without the image library: deleting a listing or running the blast and the
 * expiry job must not load (or, in the cloud, ship) sharp, which only the finalise step needs.
 */
const bucket = () => env().IMAGES_BUCKET;

/** The upload's uuid, which also names its variants (and is the listing image's `_id`). */
export function imageIdOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
}

/** Deletes stored objects (variants, raw uploads); keys that do not exist are fine. */
export async function deleteImageKeys(keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  for (let i = 0; i < unique.length; i += 1000) {
    const batch = unique.slice(i, i + 1000);
    const out = await s3().send(
      new DeleteObjectsCommand({
        Bucket: bucket(),
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (out.Errors?.length) {
      throw new Error(`Could not delete ${out.Errors.length} image object(s): ${out.Errors[0]!.Key} ${out.Errors[0]!.Code}`);
    }
  }
}

/** Deletes every object under `prefix` (ending with "/"): all images of a listing, finished or not. */
export async function deleteImagePrefix(prefix: string): Promise<void> {
  if (!prefix.endsWith('/') || prefix === '/') throw new Error(`refusing to delete under "${prefix}"`);
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }));
    await deleteImageKeys((out.Contents ?? []).map((o) => o.Key!));
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
}
