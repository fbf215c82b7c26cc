import { unsubscribeRequestLimits } from '../../shared/catalog/product';
import * as z from '../../shared/zod';

/** 'true' or 'false' (the default) → boolean. */
const flag = z.pipe(
  z._default(z.enum(['true', 'false']), 'false'),
  z.transform((v) => v === 'true'),
);

/** A positive whole number given as text. */
const count = (fallback: number) =>
  z.pipe(
    z._default(z.string().check(z.regex(/^[1-9]\d*$/)), String(fallback)),
    z.transform(Number),
  );

const schema = z
  .object({
    TABLE_NAME: z.string().check(z.minLength(1)),
    IMAGES_BUCKET: z.string().check(z.minLength(1)),
    ASSET_BASE_URL: z.url(),
    SITE_URL: z.url(),
    API_URL: z.url(),
    MAIL_FROM: z.string().check(z.minLength(3)),
    USER_POOL_ID: z.string().check(z.minLength(1)),
    UNSUBSCRIBE_SECRET: z.optional(z.string().check(z.minLength(16))),
    UNSUBSCRIBE_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
    /**
     * The sender's physical postal address, printed in every mail about listings or requirements (CAN-SPAM).
     * Optional here so functions that send no such mail need not carry it; the templates require it.
     */
    POSTAL_ADDRESS: z.optional(z.string().check(z.minLength(10))),
    /** Requests of the public unsubscribe form per hour, per address and per client IP (stage config). */
    UNSUBSCRIBE_LIMIT_PER_ADDRESS: count(unsubscribeRequestLimits.perAddress),
    UNSUBSCRIBE_LIMIT_PER_CLIENT: count(unsubscribeRequestLimits.perClient),
    /** The delivery queue (digests and their publishing): set on the functions that enqueue to it. */
    DELIVERY_QUEUE_URL: z.optional(z.url()),
    /** How long a delivery job with refused mails waits before its next delivery (SQS DelaySeconds: at most 900). */
    DELIVERY_RETRY_SECONDS: count(60),
    GEOCODER: z._default(z.enum(['zip-centroids', 'amazon-location']), 'zip-centroids'),
    PLACE_INDEX_NAME: z.optional(z.string()),
    AWS_REGION: z._default(z.string(), 'us-east-1'),
    /** The SDK's variable for an S3 endpoint of its own: the local stack's emulator (lambdas/core/images-bucket.ts). */
    AWS_ENDPOINT_URL_S3: z.optional(z.url()),
    S3_FORCE_PATH_STYLE: flag,
    /** Check every response against its route's schema (lambdas/core/http.ts); the local stack sets it. */
    CHECK_RESPONSES: flag,
    /** How many requirements and listings one broker may create a day (lib/config/stages.ts). */
    DAILY_REQUIREMENT_LIMIT: count(10),
    DAILY_LISTING_LIMIT: count(20),
    /**
     * Items per Query page of the jobs' full reads. Unset in the cloud (DynamoDB's own 1 MB pages); the api
     * tier sets it to a few, so every job and ledger read there runs past its first page.
     */
    QUERY_PAGE_SIZE: z.optional(z.pipe(z.string().check(z.regex(/^[1-9]\d*$/)), z.transform(Number))),
  })
  .check(
    z.refine((e) => e.UNSUBSCRIBE_SECRET || e.UNSUBSCRIBE_SECRET_ARN, {
      message: 'UNSUBSCRIBE_SECRET or UNSUBSCRIBE_SECRET_ARN is required',
    }),
    z.refine((e) => e.GEOCODER !== 'amazon-location' || e.PLACE_INDEX_NAME, {
      message: 'PLACE_INDEX_NAME is required with GEOCODER=amazon-location',
    }),
  );

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/**
 * The validated environment, read once per process. Handler modules call it at module scope so a
 * misconfigured function fails at cold start with a clear message, not on some later request.
 */
export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.') || '-'}: ${i.message}`).join('; ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests and the local stack change process.env between runs; they reset the cache. */
export function resetEnvCache(): void {
  cached = undefined;
}
