// zod/mini: the configuration is read before the first render, so its validator stays small.
import * as z from 'zod/mini';
import { flagsSchema, type FlagName, type Flags } from './flags';

/**
 * The per-stage settings the deployment writes beside the web app as /runtime-config.json
 * (ARCHITECTURE.md: no per-stage rebuild). Loaded once in main.tsx before the first render.
 */
const baseUrl = z.pipe(
  z.url(),
  z.transform((url: string) => url.replace(/\/+$/, '')),
);
const nonEmpty = () => z.string().check(z.minLength(1));

export const runtimeConfigSchema = z.object({
  /** Product API base URL, without a trailing slash. */
  apiUrl: baseUrl,
  region: nonEmpty(),
  userPoolId: nonEmpty(),
  userPoolClientId: nonEmpty(),
  /** Public base URL of stored images; image paths from the API are relative to it. */
  assetBaseUrl: baseUrl,
  /** Local Cognito emulator endpoint; absent in the cloud. */
  cognitoEndpoint: z.optional(baseUrl),
  stage: nonEmpty(),
  /** Local mail viewer, linked from local screens that say "check your e-mail". */
  mailViewerUrl: z.optional(baseUrl),
  /** Map tile URL template ({z}/{x}/{y}) for the listing map; without it the map shows no tiles. */
  mapTileUrl: z.optional(nonEmpty()),
  /** Attribution the tile provider requires, shown on the map. */
  mapTileAttribution: z.optional(z.string()),
  flags: flagsSchema,
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

let loaded: RuntimeConfig | undefined;

/** Fetches and validates /runtime-config.json; throws an Error naming what is wrong. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load ${RUNTIME_CONFIG_PATH} (HTTP ${response.status})`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Invalid ${RUNTIME_CONFIG_PATH}: ${z.prettifyError(parsed.error)}`);
  loaded = parsed.data;
  return loaded;
}

/** The loaded configuration; calling it before loadRuntimeConfig() is a programming error. */
export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('runtime configuration used before loadRuntimeConfig()');
  return loaded;
}

export function flags(): Flags {
  return runtimeConfig().flags;
}

export function isFlagOn(name: FlagName): boolean {
  return flags()[name];
}

/** Absolute URL of a stored image path from the API (spec 01 §3: asset host plus relative path). */
export function assetUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${runtimeConfig().assetBaseUrl}/${path.replace(/^\/+/, '')}`;
}
