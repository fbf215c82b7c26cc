import { TZDate } from '@date-fns/tz';
import type { NotificationPreferences } from '../api/schemas/users';
import { BLAST_HOUR, BLAST_TIME_ZONE } from './blast';

/**
 * The personal digest: one mail per broker per digest day, its sections in this
 * order: new matches, hits of saved searches, new listings of the broker's categories, then the requirements
 * they chose to receive in the digest. Pure: the domain gathers the candidates (lambdas/domain/digest).
 */

export type DigestSection = 'matches' | 'saved-searches' | 'listings' | 'requirements';
export const digestSections: readonly DigestSection[] = ['matches', 'saved-searches', 'listings', 'requirements'];

/** What the rule needs of an entry: a key naming the item (a listing or a requirement), the same in every section. */
export interface DigestItem {
  readonly key: string;
}

/** One group of candidates: a section's part with its own "N more on BISN" link (a saved search, a category). */
export interface DigestCandidateGroup<T extends DigestItem> {
  readonly section: DigestSection;
  readonly title: string;
  /** The pre-filtered browser holding every entry of the group (the search's own filters, the category's). */
  readonly moreUrl: string;
  readonly entries: readonly T[];
}

export interface DigestGroup<T extends DigestItem> extends DigestCandidateGroup<T> {
  /** Entries of the group (not shown in an earlier group) left out by the cap. */
  readonly more: number;
}

export interface Digest<T extends DigestItem> {
  readonly groups: readonly DigestGroup<T>[];
  /** Entries shown (at most the broker's digest limit). */
  readonly shown: number;
}

/** A saved search as the digest reads it: how often it mails, and the new items that fit it. */
export interface DigestSearchCandidates<T extends DigestItem> {
  readonly title: string;
  readonly frequency: 'instant' | 'daily' | 'weekly' | 'off';
  readonly moreUrl: string;
  readonly hits: readonly T[];
}

export interface DigestCandidates<T extends DigestItem> {
  /** New matches of the broker's requirements and listings, one group. */
  readonly matches: Omit<DigestCandidateGroup<T>, 'section'> | null;
  readonly savedSearches: readonly DigestSearchCandidates<T>[];
  /** New listings, one group per category the broker follows. */
  readonly listings: readonly Omit<DigestCandidateGroup<T>, 'section'>[];
  /** New requirements, one group per requirements category the broker follows. */
  readonly requirements: readonly Omit<DigestCandidateGroup<T>, 'section'>[];
}

const MONDAY = 1;
const SUNDAY = 0;

const easternDay = (day: Date) => new TZDate(day.getTime(), BLAST_TIME_ZONE);
const digestTimeOn = (local: TZDate, daysBack: number) =>
  new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - daysBack, BLAST_HOUR, 0, 0, 0, BLAST_TIME_ZONE).getTime());
const startOfDay = (local: TZDate, daysBack: number) =>
  new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - daysBack, 0, 0, 0, 0, BLAST_TIME_ZONE).getTime());

/** Monday in America/New_York: the weekly digest's day (and the weekly saved searches'). */
export const isMonday = (day: Date) => easternDay(day).getDay() === MONDAY;

/** Whether a broker with this digest frequency receives a digest on `day`: every run day, or Mondays (Eastern) only. */
export function isDigestDay(frequency: NotificationPreferences['digestFrequency'], day: Date): boolean {
  return frequency === 'weekdays' || isMonday(day);
}

/** Which new items a digest covers: the week's (a weekly digest) or the day's. */
export type DigestSpan = 'day' | 'week';

export interface DigestWindow {
  /** Requirements sent and matches made in (from, to]: from the previous digest's time to this one's (09:00 Eastern). */
  readonly from: Date;
  readonly to: Date;
  /**
   * Listings already published that the span still owes: those published on the Eastern days
   * [publishedFrom, publishedTo) (a week's Tuesday to Sunday; none for a day, whose listings are the run's).
   */
  readonly publishedFrom: Date;
  readonly publishedTo: Date;
}

/**
 * The window of a digest on `day`. A day's runs from the previous weekday's 09:00 (a Monday's from Friday's);
 * a week's from the previous Monday's. Listings follow the blast: a listing goes out in the first digest after
 * it was queued (the run's listings, not yet published when the digest is built), so a day owes no published
 * listing and a week owes those published since its previous Monday's digest (Tuesday to Sunday).
 */
export function digestWindow(span: DigestSpan, day: Date): DigestWindow {
  const local = easternDay(day);
  const to = digestTimeOn(local, 0);
  if (span === 'week') return { from: digestTimeOn(local, 7), to, publishedFrom: startOfDay(local, 6), publishedTo: startOfDay(local, 0) };
  // The previous weekday: a Monday's (or a Sunday's, a run by hand) is Friday.
  const weekday = local.getDay();
  const back = weekday === MONDAY ? 3 : weekday === SUNDAY ? 2 : 1;
  return { from: digestTimeOn(local, back), to, publishedFrom: to, publishedTo: to };
}

/** A broker's span: their digest frequency's. */
export const digestSpanOf = (frequency: NotificationPreferences['digestFrequency']): DigestSpan => (frequency === 'weekly' ? 'week' : 'day');

/**
 * The span of a saved search's hits in a digest on `day`, or null when the search has no place in it:
 * a daily search's hits are the digest's own span, a weekly search's the week's, on Mondays only. Instant and
 * off searches are never in the digest (instant ones are mailed on their own).
 */
export function searchSpanOf(search: Pick<DigestSearchCandidates<DigestItem>, 'frequency'>, digestSpan: DigestSpan, day: Date): DigestSpan | null {
  if (search.frequency === 'daily') return digestSpan;
  if (search.frequency === 'weekly') return isMonday(day) ? 'week' : null;
  return null;
}

/**
 * The digest of one broker on `day`, or null when they get none: not their digest day, or nothing to show.
 * Sections in order (matches only when the broker takes them in the digest, saved searches that mail daily or
 * weekly on Mondays, the categories' listings, the requirements only when the broker holds them for the
 * digest); each entry once, in its first group; at most `digestLimit` entries shown, taken in that order,
 * each group counting the rest of its entries as "N more on BISN".
 */
export function buildDigest<T extends DigestItem>(preferences: NotificationPreferences, day: Date, candidates: DigestCandidates<T>): Digest<T> | null {
  if (!isDigestDay(preferences.digestFrequency, day)) return null;
  const span = digestSpanOf(preferences.digestFrequency);
  const groups: DigestCandidateGroup<T>[] = [
    ...(preferences.matches === 'digest' && candidates.matches ? [{ section: 'matches' as const, ...candidates.matches }] : []),
    ...candidates.savedSearches
      .filter((search) => searchSpanOf(search, span, day) !== null)
      .map((search) => ({ section: 'saved-searches' as const, title: search.title, moreUrl: search.moreUrl, entries: search.hits })),
    ...candidates.listings.map((group) => ({ section: 'listings' as const, ...group })),
    ...(preferences.requirements === 'digest' ? candidates.requirements.map((group) => ({ section: 'requirements' as const, ...group })) : []),
  ];

  const seen = new Set<string>();
  const owned = groups.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => {
      if (seen.has(entry.key)) return false;
      seen.add(entry.key);
      return true;
    }),
  }));

  let room: number = preferences.digestLimit;
  const out: DigestGroup<T>[] = [];
  for (const group of owned) {
    if (group.entries.length === 0) continue;
    const entries = group.entries.slice(0, Math.max(0, room));
    room -= entries.length;
    out.push({ ...group, entries, more: group.entries.length - entries.length });
  }
  const shown = out.reduce((sum, group) => sum + group.entries.length, 0);
  return shown === 0 ? null : { groups: out, shown };
}
