import * as z from '../../zod';
import { imageVariants } from './common';

export const MB = 1024 * 1024;
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];

/** Per kind of upload: the size cap, the spec's message and the variants the server makes (PRODUCT.md). */
export const imageKinds = {
  profile: { maxBytes: 3 * MB, tooLarge: 'Image size must be less than 3MB.', variants: ['profile', 'medium'] },
  logo: { maxBytes: 3 * MB, tooLarge: 'Image size must be less than 3MB.', variants: ['thumbnail', 'medium', 'original'] },
  listing: { maxBytes: 5 * MB, tooLarge: 'Image size must be less than 5MB.', variants: ['thumbnail', 'medium', 'large'] },
} as const;
export type ImageKind = keyof typeof imageKinds;

/** A listing carries at most this many photos; the first is its cover. */
export const MAX_LISTING_IMAGES = 20;

/** A listing's brochure: a PDF of at most this size, uploaded as photos are (presigned POST, then the server checks it). */
export const BROCHURE_MAX_BYTES = 20 * MB;
export const brochureTooLarge = 'A brochure must be at most 20 MB.';
export const notAPdf = 'Please choose a PDF file.';
export const presignBrochureRequest = z.object({
  size: z.number().check(z.int(), z.positive()),
  fileName: z.optional(z.string().check(z.maxLength(255))),
});
export type PresignBrochureRequest = z.infer<typeof presignBrochureRequest>;
/** The uploaded brochure's key to attach it to the draft, or null to take it off. */
export const setBrochureRequest = z.strictObject({ key: z.nullable(z.string().check(z.minLength(1), z.maxLength(512))) });
export type SetBrochureRequest = z.infer<typeof setBrochureRequest>;

export const wrongImageType = 'Please choose a JPEG, PNG or WebP image.';
export const uploadFailed = 'Failed to upload image. Please try again.';
export const imageReadFailed = 'Error processing image. Please try again.';

export const presignRequest = z.object({
  contentType: z.enum(acceptedImageTypes, { error: wrongImageType }),
  size: z.number().check(z.int(), z.positive()),
  fileName: z.optional(z.string().check(z.maxLength(255))),
});
export type PresignRequest = z.infer<typeof presignRequest>;

/** A presigned POST: the browser sends `fields` + the file to `url`, then finalises with `key`. */
export const presignResponse = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  expiresAt: z.string(),
});
export type PresignResponse = z.infer<typeof presignResponse>;

export const finaliseRequest = z.object({ key: z.string().check(z.minLength(1), z.maxLength(512)) });
export type FinaliseRequest = z.infer<typeof finaliseRequest>;

export const listingImage = z.object({
  _id: z.string(),
  thumbnail: z.string(),
  medium: z.string(),
  large: z.string(),
});
export type ListingImage = z.infer<typeof listingImage>;

export const imageVariantsResponse = z.object({ image: imageVariants });
