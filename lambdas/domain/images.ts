import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  acceptedImageTypes,
  imageKinds,
  imageReadFailed,
  wrongImageType,
  type AcceptedImageType,
  type ImageKind,
  type PresignRequest,
  type PresignResponse,
} from '../../shared/api';
import { badRequest, forbidden, payloadTooLarge } from '../core/errors';
import { logger } from '../core/logger';
import { getObject, presignPost, putObject } from '../core/images-bucket';
import { deleteImageKeys } from './image-store';

/**
 * The image pipeline of every upload (listing photos, profile images, broker logos), PRODUCT.md "Images":
 * 1. presign: the browser gets a short-lived presigned POST for `<prefix>/uploads/<uuid>`, whose policy binds
 *    the size (1 byte .. the kind's cap) and the Content-Type the browser declared;
 * 2. the browser POSTs the file straight to S3;
 * 3. finalise: the server reads the object, checks size and type again (the local S3 emulator enforces no
 *    policy, and a policy cannot look inside the bytes), makes the kind's variants with sharp, writes them
 *    under `<prefix>/<variant>/<uuid>.jpg` and deletes the raw upload.
 *
 * The type is decided by the bytes (magic numbers), and must equal the Content-Type the policy bound: a PNG
 * uploaded as image/jpeg, or an SVG/HTML file uploaded as image/png, is refused with `wrongImageType`.
 *
 * Variants are JPEG (mozjpeg, quality 80, progressive, EXIF stripped, auto-oriented, transparency flattened
 * onto white): listing thumbnails go into the blast e-mail, and desktop Outlook does not render WebP.
 */

export const PRESIGN_EXPIRES_SECONDS = 5 * 60;
/** Decompression-bomb guard: a 5 MB PNG can claim 30,000 × 30,000 pixels. 64 MP covers any phone camera. */
const MAX_INPUT_PIXELS = 64_000_000;
const VARIANT_EXTENSION = 'jpg';
const VARIANT_CONTENT_TYPE = 'image/jpeg';
/** Variant keys embed a fresh uuid, so an object never changes: cache it for a year. */
const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A width (aspect kept, never enlarged), a square crop, or the original size re-encoded. */
type Resize = { readonly width: number; readonly square?: boolean } | { readonly original: true };

type VariantName<K extends ImageKind> = (typeof imageKinds)[K]['variants'][number];

/** How each variant of each kind is made; the names come from the shared `imageKinds`. */
const variantSpecs: { readonly [K in ImageKind]: Readonly<Record<VariantName<K>, Resize>> } = {
  listing: { thumbnail: { width: 320 }, medium: { width: 800 }, large: { width: 1600 } },
  profile: { profile: { width: 256, square: true }, medium: { width: 512, square: true } },
  logo: { thumbnail: { width: 160 }, medium: { width: 400 }, original: { original: true } },
};

const uploadKeyOf = (prefix: string, id: string) => `${prefix}/uploads/${id}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Step 1: a presigned POST for one upload of `kind` under `keyPrefix` (e.g. `listings/<listingId>`).
 * A declared size over the cap is refused here already with the kind's message (413).
 */
export async function presignImageUpload(
  kind: ImageKind,
  keyPrefix: string,
  req: PresignRequest,
): Promise<PresignResponse> {
  const { maxBytes, tooLarge } = imageKinds[kind];
  if (!(acceptedImageTypes as readonly string[]).includes(req.contentType)) throw badRequest(wrongImageType);
  if (req.size > maxBytes) throw payloadTooLarge(tooLarge);
  if (req.size < 1) throw badRequest(imageReadFailed);

  const key = uploadKeyOf(keyPrefix, randomUUID());
  const { url, fields } = await presignPost(key, {
    conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', req.contentType],
    ],
    fields: { 'Content-Type': req.contentType },
    expiresInSeconds: PRESIGN_EXPIRES_SECONDS,
  });
  return { url, fields, key, expiresAt: new Date(Date.now() + PRESIGN_EXPIRES_SECONDS * 1000).toISOString() };
}

/** The type the bytes say, whatever the name or the declared Content-Type say. */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

async function render(bytes: Uint8Array, resize: Resize): Promise<Buffer> {
  let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  if ('width' in resize) {
    image = resize.square
      ? image.resize(resize.width, resize.width, { fit: 'cover' })
      : image.resize({ width: resize.width, withoutEnlargement: true });
  }
  return image
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, progressive: true, mozjpeg: true })
    .toBuffer();
}

/** All variants in memory first: a file sharp cannot decode stores nothing. */
async function renderVariants(kind: ImageKind, bytes: Uint8Array): Promise<[string, Buffer][] | null> {
  try {
    const specs = Object.entries(variantSpecs[kind]) as [string, Resize][];
    const out: [string, Buffer][] = [];
    // One at a time: memory stays at one decoded image, not three.
    for (const [name, resize] of specs) out.push([name, await render(bytes, resize)]);
    return out;
  } catch (error) {
    logger.info('image decode failed', { kind, error: (error as Error).message });
    return null;
  }
}

/**
 * Step 3: validates the upload at `key` (it must lie under `expectedPrefix/uploads/`), makes the variants
 * of `kind`, stores them and deletes the raw upload. Answers variant name → stored relative key.
 * Refusals (400/403/413) store nothing and delete the raw upload (except someone else's, which is left
 * alone). On an unexpected S3 failure the variants written so far are removed and the error propagates.
 */
export async function finaliseImageUpload(
  kind: ImageKind,
  key: string,
  expectedPrefix: string,
): Promise<Record<string, string>> {
  const uploadsPrefix = `${expectedPrefix}/uploads/`;
  if (!key.startsWith(uploadsPrefix)) throw forbidden('This upload does not belong here.');
  const id = key.slice(uploadsPrefix.length);
  if (!UUID.test(id)) throw badRequest('Upload not found');

  const upload = await getObject(key);
  if (!upload) throw badRequest('Upload not found');

  const refuse = async (error: Error): Promise<never> => {
    await deleteImageKeys([key]);
    throw error;
  };
  const { maxBytes, tooLarge } = imageKinds[kind];
  if (upload.size > maxBytes || upload.bytes.byteLength > maxBytes) return refuse(payloadTooLarge(tooLarge));
  const type = sniffImageType(upload.bytes);
  if (!type || type !== upload.contentType) return refuse(badRequest(wrongImageType));

  const rendered = await renderVariants(kind, upload.bytes);
  if (!rendered) return refuse(badRequest(imageReadFailed));

  const stored: Record<string, string> = {};
  try {
    for (const [name, body] of rendered) {
      const variantKey = `${expectedPrefix}/${name}/${id}.${VARIANT_EXTENSION}`;
      await putObject(variantKey, body, { contentType: VARIANT_CONTENT_TYPE, cacheControl: VARIANT_CACHE_CONTROL });
      stored[name] = variantKey;
    }
  } catch (error) {
    await deleteImageKeys(Object.values(stored)).catch(() => undefined);
    throw error;
  }
  await deleteImageKeys([key]);
  return stored;
}
