import * as z from '../../zod';
import { ALL } from '../../catalog';
import { ID_MAX_LENGTH, ID_PATTERN } from '../ids';

/** Error body of every 4xx/5xx answer. */
export const errorResponse = z.object({
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  requestId: z.optional(z.string()),
  /** A 409 for a stale version: the version the record has now. */
  currentVersion: z.optional(z.number()),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A record's content `version`: raised by every change of what its owner edits, named by every save of it. */
export const contentVersion = z.number().check(z.int(), z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER));

export const PAGE_SIZE = 25;

/** Opaque cursor for the next page; absent on the last page. */
export const cursor = z.string().check(z.minLength(1), z.maxLength(2048));

export const pageQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAGE_SIZE)), PAGE_SIZE),
  cursor: z.optional(cursor),
});

export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

/** A browse filter: one catalogue id, or "ALL" (or nothing) for no filter; `error` says what anything else is. */
export const allOr = <T extends z.ZodMiniType>(schema: T, error?: string) =>
  z.pipe(z.optional(z.union([z.literal(ALL), schema], error ? { error } : undefined)), z.transform((v) => (v === ALL ? undefined : v)));

export const countResponse = z.object({ count: z.number().check(z.int(), z.nonnegative()) });
export type CountResponse = z.infer<typeof countResponse>;

export const idParam = z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH), z.regex(ID_PATTERN, 'Invalid id'));

/** Trimmed text with an upper bound, so no field can carry megabytes into the table. */
export const text = (max = 500) => z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`));

/**
 * Dollars with at most 4 decimals: anything finer is not money, and numbers as small as 1e-130 cannot be
 * stored in DynamoDB at all (a 5e-324 price would be a 500).
 */
export const money = z.nullable(
  z.number().check(
    z.nonnegative(),
    z.maximum(10_000_000_000),
    z.refine((v) => Math.round(v * 10_000) / 10_000 === v, 'Use at most 4 decimal places.'),
  ),
);

export const emailField = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
  z.email('Please enter a valid email address'),
);

/** Variants of a stored image: relative S3 keys resolved against the asset base URL. */
export const imageVariants = z.record(z.string(), z.string());
export type ImageVariants = z.infer<typeof imageVariants>;

/** One change of a listing or requirement: when, what, and by the owner (delegate null) or which delegate. */
export const changedBy = z.object({
  at: z.string(),
  delegate: z.nullable(z.object({ userId: z.string(), name: z.string() })),
  action: z.string(),
});
export type ChangedBy = z.infer<typeof changedBy>;

/** Who created and last changed an item and its recent changes, newest last: shown to its owner only. */
export const itemHistory = z.object({
  createdBy: z.nullable(changedBy),
  lastChangedBy: z.nullable(changedBy),
  changes: z.array(changedBy),
});
export type ItemHistory = z.infer<typeof itemHistory>;
