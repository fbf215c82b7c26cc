import { Heading, Link, Section, Text } from './components';
import type { MatchReason } from '../../../../shared/rules';
import { verdictSymbol } from '../../../../shared/rules';
import { env } from '../../../core/env';
import { postalAddress, profilePageUrl, renderMail } from '../render';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';
import { listingDetailUrl } from './digest-entry';
import { brand, button, link, MailLayout, paragraph, small } from './layout';
import { requirementDetailUrl } from './requirement-broadcast';

/** One match as its notice shows it: whose side it is, the other item's title and link, the score and reasons. */
export interface MatchNoticeEntry {
  side: 'requirement' | 'listing';
  requirementId: string;
  listingId: string;
  requirementTitle: string;
  listingTitle: string;
  score: number;
  reasons: readonly MatchReason[];
}

export const matchesPageUrl = () => `${env().SITE_URL}/consumer/matches`;
export const matchNoticeSubject = (count: number) =>
  count === 1 ? 'A new match on BISN' : `${count} new matches on BISN`;

function Entry({ entry }: { entry: MatchNoticeEntry }) {
  const mine = entry.side === 'requirement' ? entry.requirementTitle : entry.listingTitle;
  const theirs = entry.side === 'requirement' ? entry.listingTitle : entry.requirementTitle;
  const url = entry.side === 'requirement' ? listingDetailUrl(entry.listingId) : requirementDetailUrl(entry.requirementId);
  const what = entry.side === 'requirement' ? 'A listing fits your requirement' : 'A requirement fits your listing';
  return (
    <Section style={{ borderTop: `1px solid ${brand.line}`, padding: '12px 0' }}>
      <Text style={{ ...small, margin: '0 0 4px' }}>
        {what} “{mine}” · score {entry.score}
      </Text>
      <Heading as="h2" style={{ margin: '0 0 8px', fontSize: '16px', lineHeight: '1.3' }}>
        <Link href={url} style={link}>
          {theirs}
        </Link>
      </Heading>
      {entry.reasons.map((reason) => (
        <Text key={reason.criterion} style={{ margin: '0 0 2px', fontSize: '14px', lineHeight: '1.4' }}>
          {verdictSymbol[reason.verdict]} {reason.text}
        </Text>
      ))}
    </Section>
  );
}

export interface MatchNoticeProps {
  firstName: string;
  entries: readonly MatchNoticeEntry[];
  matchesUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

/** A broker's private notice of their new strong matches: only the two brokers of a match are told. */
export function MatchNoticeMail({ firstName, entries, matchesUrl, profileUrl, unsubscribeUrl, postalAddress }: MatchNoticeProps) {
  const intro =
    entries.length === 1
      ? 'One of your requirements or listings has a new strong match on BISN.'
      : `Your requirements and listings have ${entries.length} new strong matches on BISN.`;
  return (
    <MailLayout title={matchNoticeSubject(entries.length)} preheader={intro} unsubscribeUrl={unsubscribeUrl} postalAddress={postalAddress}>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      <Text style={paragraph}>{intro} Only you and the other broker of each match are told.</Text>
      {entries.map((entry) => (
        <Entry key={`${entry.side}${entry.requirementId}${entry.listingId}`} entry={entry} />
      ))}
      <Section style={{ margin: '24px 0' }}>
        <Link href={matchesUrl} style={button}>
          See all your matches
        </Link>
      </Section>
      <Text style={small}>
        You receive this because match notices are on in your profile's subscriptions. Turn them off there:{' '}
        <Link href={profileUrl} style={link}>
          {profileUrl}
        </Link>
      </Text>
    </MailLayout>
  );
}

/** One broker's notice, with the unsubscribe headers of every broadcast (one click stops all BISN mail, this included). */
export async function matchNoticeMail(recipient: { email: string; firstName: string }, entries: readonly MatchNoticeEntry[]): Promise<OutgoingMail> {
  const links = await unsubscribeLinks(recipient.email, 'all');
  const { html, text } = await renderMail(
    <MatchNoticeMail
      firstName={recipient.firstName}
      entries={entries}
      matchesUrl={matchesPageUrl()}
      profileUrl={profilePageUrl()}
      unsubscribeUrl={links.pageUrl}
      postalAddress={postalAddress()}
    />,
  );
  return { to: recipient.email, subject: matchNoticeSubject(entries.length), html, text, oneClickUnsubscribeUrl: links.oneClickUrl };
}
