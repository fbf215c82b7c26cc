import * as z from 'zod';

const schema = z
  .object({
    TABLE_NAME: z.string().min(1),
    IMAGES_BUCKET: z.string().min(1),
    ASSET_BASE_URL: z.url(),
    SITE_URL: z.url(),
    API_URL: z.url(),
    MAIL_FROM: z.string().min(3),
    USER_POOL_ID: z.string().min(1),
    UNSUBSCRIBE_SECRET: z.string().min(16).optional(),
    UNSUBSCRIBE_SECRET_ARN: z.string().min(1).optional(),
    GEOCODER: z.enum(['zip-centroids', 'amazon-location']).default('zip-centroids'),
    PLACE_INDEX_NAME: z.string().optional(),
    AWS_REGION: z.string().default('us-east-1'),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine((e) => e.UNSUBSCRIBE_SECRET || e.UNSUBSCRIBE_SECRET_ARN, {
    message: 'UNSUBSCRIBE_SECRET or UNSUBSCRIBE_SECRET_ARN is required',
  })
  .refine((e) => e.GEOCODER !== 'amazon-location' || e.PLACE_INDEX_NAME, {
    message: 'PLACE_INDEX_NAME is required with GEOCODER=amazon-location',
  });

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
