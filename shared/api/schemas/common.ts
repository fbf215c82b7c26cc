import * as z from 'zod';
import { ID_MAX_LENGTH, ID_PATTERN } from '../ids';

/** Error body of every 4xx/5xx answer. */
export const errorResponse = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const PAGE_SIZE = 25;

/** Opaque cursor for the next page; absent on the last page. */
export const cursor = z.string().min(1).max(2048);

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  cursor: cursor.optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const countResponse = z.object({ count: z.number().int().nonnegative() });
export type CountResponse = z.infer<typeof countResponse>;

export const idParam = z.string().min(1).max(ID_MAX_LENGTH).regex(ID_PATTERN, 'Invalid id');

/** Trimmed text with an upper bound, so no field can carry megabytes into the table. */
export const text = (max = 500) => z.string().trim().max(max, `Must be at most ${max} characters`);

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Please enter a valid email address'));

/** Variants of a stored image: relative S3 keys resolved against the asset base URL. */
export const imageVariants = z.record(z.string(), z.string());
export type ImageVariants = z.infer<typeof imageVariants>;
