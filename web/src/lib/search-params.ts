/**
 * Validators for URL search params (TanStack Router's `validateSearch`), without zod: route definitions
 * are part of the entry chunk every page loads first, the landing page included, where zod would cost
 * about 30 KB gzip. Each keeps a well-formed value and drops anything else (undefined), never throws.
 */
import { isId } from '@shared/api/ids';

export { isId };

/**
 * An id-shaped string (a catalogue id, a UUID), else undefined. Route validators check the shape only:
 * which catalogue ids exist is checked where the page uses them, so the route table, in front of every
 * page, loads no catalogue.
 */
export function idParam(value: unknown): string | undefined {
  return isId(value) ? value : undefined;
}

/** The value when it is one of `allowed` (a catalogue's ids), else undefined. */
export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A string of at most `max` characters (after trimming, unless `trim` is false), else undefined. */
export function textParam(value: unknown, max: number, { trim = true } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = trim ? value.trim() : value;
  return text.length <= max ? text : undefined;
}

/** The raw search object TanStack Router hands to `validateSearch`. */
export type RawSearch = Record<string, unknown>;
