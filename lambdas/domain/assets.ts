import { env } from '../core/env';

/** Stored image paths are relative keys; the API answers with absolute URLs on the asset host. */
export function assetUrl(key: string): string {
  if (/^https?:\/\//.test(key)) return key;
  return `${env().ASSET_BASE_URL}/${key.replace(/^\/+/, '')}`;
}

/** Spec 01 §3: a legacy broker logo's stored path names a file in the asset host's broker-images folder. */
export function legacyLogoKey(logoSrc: string): string {
  if (/^https?:\/\//.test(logoSrc)) return logoSrc;
  return `broker-images/${logoSrc.replace(/^\/+/, '')}`;
}

export function assetUrls<T extends Record<string, string>>(variants: T | null): T | null {
  if (!variants) return null;
  return Object.fromEntries(Object.entries(variants).map(([k, v]) => [k, assetUrl(v)])) as T;
}
