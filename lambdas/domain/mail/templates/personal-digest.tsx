import { Heading, Link, Section, Text } from './components';
import type { Requirement } from '../../../../shared/api';
import type { Digest, DigestItem, DigestSection } from '../../../../shared/rules';
import { formatBudget, formatDate, formatSqftRange, verdictSymbol } from '../../../../shared/rules';
import type { MatchSide } from '../../../data/matches';
import { postalAddress, profilePageUrl, renderForRecipients, savedSearchesPageUrl } from '../render';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';
import { DigestEntryRow, listingDetailUrl, type DigestEntry, type DigestEntryView } from './digest-entry';
import { brand, button, link, MailLayout, paragraph, small } from './layout';
import { requirementDetailUrl } from './requirement-broadcast';

/** One entry of the personal digest: what it shows, keyed by the item (`L:<listingId>`, `R:<requirementId>`). */
export type PersonalDigestEntry = DigestEntryView & DigestItem;

export const listingKey = (listingId: string) => `L:${listingId}`;
export const requirementKey = (requirementId: string) => `R:${requirementId}`;

export const listingDigestEntry = (entry: DigestEntry): PersonalDigestEntry => ({ ...entry, key: listingKey(entry.listingId) });

/** A requirement as the digest shows it: its kind, size, budget, timing, markets, and its broker's contact. */
export function requirementDigestEntry(requirement: Requirement): PersonalDigestEntry {
  const author = requirement.user;
  return {
    key: requirementKey(requirement.requirementId),
    title: requirement.title,
    url: requirementDetailUrl(requirement.requirementId),
    kind: `${requirement.type.name} · ${requirement.propertyType.name}`,
    facts: [
      formatSqftRange(requirement.sqftMin, requirement.sqftMax),
      formatBudget(requirement),
      requirement.timing && `Timing: ${requirement.timing}`,
      requirement.markets.map((m) => m.name).join(', '),
    ].filter(Boolean),
    broker: author ? [`${author.firstName} ${author.lastName}`.trim(), author.brokerInfo?.name ?? ''].filter(Boolean) : [],
    ...(author?.phone ? { phone: author.phone } : {}),
    thumbnailUrl: null,
  };
}

/** A new match as the digest shows it: the other broker's item, which of mine it fits, the score and reasons. */
export function matchDigestEntry(side: MatchSide): PersonalDigestEntry {
  const mineIsRequirement = side.side === 'requirement';
  return {
    key: mineIsRequirement ? listingKey(side.listingId) : requirementKey(side.requirementId),
    title: mineIsRequirement ? side.listingTitle : side.requirementTitle,
    url: mineIsRequirement ? listingDetailUrl(side.listingId) : requirementDetailUrl(side.requirementId),
    kind: `${mineIsRequirement ? 'Fits your requirement' : 'Fits your listing'} “${mineIsRequirement ? side.requirementTitle : side.listingTitle}” · score ${side.score}`,
    facts: side.reasons.map((reason) => `${verdictSymbol[reason.verdict]} ${reason.text}`),
    broker: [],
    thumbnailUrl: null,
  };
}

const sectionTitles: Record<DigestSection, string> = {
  matches: 'New matches',
  'saved-searches': 'Your saved searches',
  listings: 'New listings in your categories',
  requirements: 'New requirements in your categories',
};

export const personalDigestSubject = (shown: number, more: number, date: Date) =>
  `Your BISN digest: ${shown + more} new · ${formatDate(date)}`;

export interface PersonalDigestProps {
  firstName: string;
  digest: Digest<PersonalDigestEntry>;
  profileUrl: string;
  savedSearchesUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

const groupHeading = { margin: '20px 0 4px', fontSize: '15px', fontWeight: 700, lineHeight: '1.3', color: brand.navy } as const;
const sectionHeading = { margin: '28px 0 4px', fontSize: '18px', lineHeight: '1.3' } as const;

/** One broker's digest: each section's groups in order, each group's entries and its "N more on BISN". */
export function PersonalDigestMail({ firstName, digest, profileUrl, savedSearchesUrl, unsubscribeUrl, postalAddress }: PersonalDigestProps) {
  const more = digest.groups.reduce((sum, group) => sum + group.more, 0);
  const intro = `${digest.shown + more === 1 ? 'One new item' : `${digest.shown + more} new items`} for you on BISN.`;
  let previous: DigestSection | null = null;
  return (
    <MailLayout title="Your BISN digest" preheader={intro} unsubscribeUrl={unsubscribeUrl} postalAddress={postalAddress}>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      <Text style={paragraph}>{intro}</Text>
      {digest.groups.map((group, i) => {
        const opens = group.section !== previous;
        previous = group.section;
        return (
          <Section key={i}>
            {opens && (
              <Heading as="h2" style={sectionHeading}>
                {sectionTitles[group.section]}
              </Heading>
            )}
            {group.section !== 'matches' && <Text style={groupHeading}>{group.title}</Text>}
            <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
              <tbody>
                {group.entries.map((entry) => (
                  <DigestEntryRow key={entry.key} entry={entry} />
                ))}
              </tbody>
            </table>
            {group.more > 0 && (
              <Section style={{ margin: '12px 0' }}>
                <Link href={group.moreUrl} style={button}>
                  {`${group.more} more on BISN`}
                </Link>
              </Section>
            )}
          </Section>
        );
      })}
      <Text style={{ ...small, marginTop: '24px' }}>
        You receive this because of your notification settings and subscriptions, which you can change in your profile:{' '}
        <Link href={profileUrl} style={link}>
          {profileUrl}
        </Link>
        , and your saved searches:{' '}
        <Link href={savedSearchesUrl} style={link}>
          {savedSearchesUrl}
        </Link>
      </Text>
    </MailLayout>
  );
}

/**
 * SES tags of a mail that carries saved searches' hits: the owner and each search, so an open or a click of
 * the mail counts as engagement with each (lambdas/domain/saved-search-engagement.ts).
 */
export function savedSearchTags(ownerId: string, savedSearchIds: readonly string[]): Record<string, string> {
  return { owner: ownerId, ...Object.fromEntries(savedSearchIds.map((id) => [`search_${id}`, 'hit'])) };
}

/** Digests rendered lately by this container, by content: brokers whose digests hold the same entries share one render. */
const renders = new Map<string, ReturnType<typeof renderForRecipients>>();
/** Renders kept (about 60 KB each at the longest digest), oldest dropped first. */
const RENDERS_KEPT = 50;

function sharedRender(digest: Digest<PersonalDigestEntry>, named: boolean): ReturnType<typeof renderForRecipients> {
  const profileUrl = profilePageUrl();
  const savedSearchesUrl = savedSearchesPageUrl();
  const key = JSON.stringify([digest, named, profileUrl, postalAddress()]);
  let render = renders.get(key);
  if (!render) {
    render = renderForRecipients(({ unsubscribeUrl, firstName }) => (
      <PersonalDigestMail
        firstName={named ? firstName : ''}
        digest={digest}
        profileUrl={profileUrl}
        savedSearchesUrl={savedSearchesUrl}
        unsubscribeUrl={unsubscribeUrl}
        postalAddress={postalAddress()}
      />
    ));
    render.catch(() => renders.delete(key));
    renders.set(key, render);
    if (renders.size > RENDERS_KEPT) renders.delete(renders.keys().next().value!);
  }
  return render;
}

/** The digest mail of one broker, with their own unsubscribe link of the digest stream and RFC 8058 headers. */
export async function personalDigestMail(
  recipient: { userId: string; email: string; firstName: string },
  digest: Digest<PersonalDigestEntry>,
  date: Date,
  savedSearchIds: readonly string[],
): Promise<OutgoingMail> {
  const links = await unsubscribeLinks(recipient.email, 'digest');
  const personalise = await sharedRender(digest, recipient.firstName !== '');
  const { html, text } = personalise({ unsubscribeUrl: links.pageUrl, firstName: recipient.firstName });
  const more = digest.groups.reduce((sum, group) => sum + group.more, 0);
  return {
    to: recipient.email,
    subject: personalDigestSubject(digest.shown, more, date),
    html,
    text,
    oneClickUnsubscribeUrl: links.oneClickUrl,
    tags: savedSearchTags(recipient.userId, savedSearchIds),
  };
}
