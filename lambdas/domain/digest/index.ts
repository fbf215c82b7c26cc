import { subscriptionCategories } from '../../../shared/catalog';
import {
  buildDigest,
  digestSpanOf,
  fits,
  matchingRules,
  notificationPreferencesOf,
  searchSpanOf,
  type DigestCandidates,
  type DigestSearchCandidates,
} from '../../../shared/rules';
import { env } from '../../core/env';
import { matchesRepository, type MatchSide } from '../../data/matches';
import { savedSearchesRepository, type SavedSearchRecord } from '../../data/saved-searches';
import { usersRepository, type UserRecord } from '../../data/users';
import type { OutgoingMail } from '../mail';
import { matchesPageUrl } from '../mail/templates/match-notice';
import { matchDigestEntry, personalDigestMail, type PersonalDigestEntry } from '../mail/templates/personal-digest';
import { savedSearchBrowserUrl } from '../saved-searches';
import { DigestContext, type NewItems } from './new-items';

export { DigestContext } from './new-items';

/** A broker's digest mail, and the saved searches it carries (their bookkeeping is written once it is sent). */
export interface DigestMail extends OutgoingMail {
  brokerId: string;
  savedSearchIds: string[];
}

const browserUrl = (kind: 'listings' | 'requirements', propertyTypeId: string) =>
  `${env().SITE_URL}/consumer/${kind}?propertyTypeId=${encodeURIComponent(propertyTypeId)}`;

/** The broker's strong matches made in the window, newest first, each pair once. */
async function newMatches(brokerId: string, items: NewItems): Promise<MatchSide[]> {
  const out: MatchSide[] = [];
  for await (const page of matchesRepository.matchedBetween(brokerId, items.window.from.toISOString(), items.window.to.toISOString())) {
    out.push(...page.filter((side) => side.score >= matchingRules.noticeScore && side.state !== 'dismissed'));
  }
  return out.sort((a, b) => b.score - a.score || b.matchedAt.localeCompare(a.matchedAt));
}

/** A saved search's hits among the span's new items: what its browser would list on the digest day, not the broker's own. */
function hitsOf(search: SavedSearchRecord, brokerId: string, items: NewItems, day: Date): PersonalDigestEntry[] {
  if (search.kind === 'listings') {
    return items.listings.filter((l) => l.ownerId !== brokerId && fits({ kind: 'listings', filters: search.filters }, l.facets, day)).map((l) => l.entry);
  }
  return items.requirements.filter((r) => r.ownerId !== brokerId && fits({ kind: 'requirements', filters: search.filters }, r.facets, day)).map((r) => r.entry);
}

/** One group per category of `channel` the broker follows (in the catalogue's order), of the new items in it that are not theirs. */
function byCategory(items: NewItems, subscribed: ReadonlySet<string>, channel: 'listings' | 'requirements', brokerId: string) {
  return subscriptionCategories
    .filter((category) => category.channel === channel && subscribed.has(category.id))
    .map((category) => ({
      title: category.name,
      moreUrl: browserUrl(channel, category.propertyTypeId),
      entries: (items.byCategory.get(category.id) ?? []).filter((item) => item.ownerId !== brokerId).map((item) => item.entry),
    }));
}

/**
 * The seam the delivery calls per broker and digest day: the broker's digest mail, or
 * null when they get none (not active, mail stopped, not their digest day, nothing new). Reads only: the user
 * (GetItem, unless given), their saved searches (a BatchGet of those the context's mailing index lists, unless
 * given) and, when they take matches in the digest, their matches (one Query of their partition); the day's
 * new items come from `context`, shared by the brokers a worker handles. The same broker and day give the
 * same mail, so a redelivered batch re-renders what the ledger then refuses to resend.
 */
export async function digestFor(
  brokerId: string,
  digestDay: Date,
  context = new DigestContext(digestDay),
  /** What the caller read of its batch moments ago (BatchGets); else read here. */
  known: {
    /** The broker's record (null: gone). */
    user?: UserRecord | null;
    /** Their saved searches the context's `searchesOf` gave. */
    searches?: readonly SavedSearchRecord[];
  } = {},
): Promise<DigestMail | null> {
  const user = known.user === undefined ? await usersRepository.get(brokerId) : known.user;
  if (!user || user.status !== 'active' || user.mailStop) return null;
  const preferences = notificationPreferencesOf(user.notifications);
  const span = digestSpanOf(preferences.digestFrequency);
  const items = await context.newItems(span);
  const searches = (known.searches ?? (await context.searchesOf([brokerId])).get(brokerId) ?? [])
    .filter((search) => search.status === 'active' && searchSpanOf(search, span, digestDay) !== null)
    .sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt));
  const savedSearches: (DigestSearchCandidates<PersonalDigestEntry> & { savedSearchId: string })[] = [];
  for (const search of searches) {
    const searchItems = searchSpanOf(search, span, digestDay) === span ? items : await context.newItems('week');
    savedSearches.push({ savedSearchId: search.savedSearchId, title: search.name, frequency: search.frequency, moreUrl: savedSearchBrowserUrl(search), hits: hitsOf(search, brokerId, searchItems, digestDay) });
  }
  const subscribed = new Set<string>(user.subscribed);
  const candidates: DigestCandidates<PersonalDigestEntry> = {
    matches:
      preferences.matches === 'digest' && user.matchNotices !== false
        ? { title: 'New matches', moreUrl: matchesPageUrl(), entries: (await newMatches(brokerId, items)).map(matchDigestEntry) }
        : null,
    savedSearches,
    listings: byCategory(items, subscribed, 'listings', brokerId),
    requirements: byCategory(items, subscribed, 'requirements', brokerId),
  };
  const digest = buildDigest(preferences, digestDay, candidates);
  if (!digest) return null;
  const savedSearchIds = savedSearches.filter((search) => search.hits.length > 0).map((search) => search.savedSearchId);
  const mail = await personalDigestMail(user, digest, digestDay, savedSearchIds);
  return { ...mail, brokerId, savedSearchIds };
}

/**
 * After SES accepted a digest: its saved searches mailed at `at` (the 30 days without engagement start from
 * their last mail: shared/rules pauseReasonOf; the alert job records their matches). Marks only move forward,
 * so a repeated call changes nothing.
 */
export async function digestSent(mail: Pick<DigestMail, 'brokerId' | 'savedSearchIds'>, at: Date): Promise<void> {
  for (const savedSearchId of mail.savedSearchIds) await savedSearchesRepository.mark(mail.brokerId, savedSearchId, 'lastAlertAt', at.toISOString());
}
