import { deleteObjects, listKeys } from '../core/images-bucket';

/**
 * Stored image objects, without the image library: deleting a listing or running the blast and the
 * expiry job must not load (or, in the cloud, ship) sharp, which only the finalise step needs.
 */

/** The upload's uuid, which also names its variants (and is the listing image's `_id`). */
export function imageIdOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
}

/** Deletes stored objects (variants, raw uploads); keys that do not exist are fine. */
export async function deleteImageKeys(keys: readonly string[]): Promise<void> {
  await deleteObjects([...new Set(keys.filter(Boolean))]);
}

/** Deletes every object under `prefix` (ending with "/"): all images of a listing, finished or not. */
export async function deleteImagePrefix(prefix: string): Promise<void> {
  if (!prefix.endsWith('/') || prefix === '/') throw new Error(`refusing to delete under "${prefix}"`);
  await deleteImageKeys(await listKeys(prefix));
}
