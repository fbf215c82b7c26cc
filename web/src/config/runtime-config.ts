
/**
 * The per-stage settings the deployment writes beside the web app as /runtime-config.json
 * (ARCHITECTURE.md: no per-stage rebuild). Loaded once at start-up (app/start.tsx) before the first
 * render, so its validator is written out by hand: even zod/mini would put about 10 KB gzip in front of
 * every page.
 */
export interface RuntimeConfig {
  /** Product API base URL, without a trailing slash. */
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Public base URL of stored images; image paths from the API are relative to it. */
  assetBaseUrl: string;
  /** Local Cognito emulator endpoint; absent in the cloud. */
  cognitoEndpoint?: string;
  stage: string;
  /** Local mail viewer, linked from local screens that say "check your e-mail". */
  mailViewerUrl?: string;
  /** Map tile URL template ({z}/{x}/{y}) for the listing map; without it the map shows no tiles. */
  mapTileUrl?: string;
  /** Attribution the tile provider requires, shown on the map. */
  mapTileAttribution?: string;
}

/**
 * How each setting is checked: a non-empty string, an absolute URL (trailing slashes trimmed), or any
 * string; `?` marks an optional one.
 */
const settings: Record<keyof RuntimeConfig, 'text' | 'url' | 'text?' | 'url?' | 'any?'> = {
  apiUrl: 'url',
  region: 'text',
  userPoolId: 'text',
  userPoolClientId: 'text',
  assetBaseUrl: 'url',
  cognitoEndpoint: 'url?',
  stage: 'text',
  mailViewerUrl: 'url?',
  mapTileUrl: 'text?',
  mapTileAttribution: 'any?',
};

const isUrl = (value: string) => {
  try {
    return !!new URL(value).hostname;
  } catch {
    return false;
  }
};

/** Reads one configuration document; every problem is named in `issues` (field: what is wrong). */
function parseRuntimeConfig(raw: unknown, issues: string[]): RuntimeConfig {
  const doc = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (doc !== raw) issues.push('expected a JSON object');
  // Optional settings that are absent stay absent (not `undefined` keys).
  const config: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(settings)) {
    const value = doc[name];
    if (value === undefined && kind.endsWith('?')) continue;
    if (typeof value !== 'string') issues.push(`${name}: expected a string`);
    else if (kind !== 'any?' && value.length === 0) issues.push(`${name}: must not be empty`);
    else if (kind.startsWith('url') && !isUrl(value)) issues.push(`${name}: expected a URL`);
    else config[name] = kind.startsWith('url') ? value.replace(/\/+$/, '') : value;
  }
  return config as unknown as RuntimeConfig;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

let loaded: RuntimeConfig | undefined;

/** Fetches and validates /runtime-config.json; throws an Error naming what is wrong. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load ${RUNTIME_CONFIG_PATH} (HTTP ${response.status})`);
  const issues: string[] = [];
  const parsed = parseRuntimeConfig(await response.json(), issues);
  if (issues.length > 0) throw new Error(`Invalid ${RUNTIME_CONFIG_PATH}: ${issues.join('; ')}`);
  loaded = parsed;
  return loaded;
}

/** The loaded configuration; calling it before loadRuntimeConfig() is a programming error. */
export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('runtime configuration used before loadRuntimeConfig()');
  return loaded;
}

/** Absolute URL of a stored image path from the API (spec 01 §3: asset host plus relative path). */
export function assetUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${runtimeConfig().assetBaseUrl}/${path.replace(/^\/+/, '')}`;
}
