import { Link, Section, Text } from './components';
import type { SavedSearchPausedReason } from '../../../../shared/api';
import { savedSearchStream } from '../../../../shared/catalog';
import type { SavedSearchRecord } from '../../../data/saved-searches';
import { postalAddress, renderMail } from '../render';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';
import { button, MailLayout, paragraph, small } from './layout';

const why: Record<SavedSearchPausedReason, string> = {
  'no-matches-90-days': 'nothing new has matched it for 90 days',
  'no-engagement-30-days': 'its e-mails have not been opened for 30 days',
};

export const searchPausedSubject = (search: Pick<SavedSearchRecord, 'name'>) => `Your saved search “${search.name}” is paused`;

export interface SearchPausedProps {
  firstName: string;
  searchName: string;
  reason: SavedSearchPausedReason;
  keepUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

/** The one mail of a pause: why, and a link that keeps the search (it resumes, its periods start again). */
export function SearchPausedMail({ firstName, searchName, reason, keepUrl, unsubscribeUrl, postalAddress }: SearchPausedProps) {
  const intro = `We paused your saved search “${searchName}”: ${why[reason]}. It sends you nothing while it is paused.`;
  return (
    <MailLayout title="Your saved search is paused" preheader={intro} unsubscribeUrl={unsubscribeUrl} postalAddress={postalAddress}>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      <Text style={paragraph}>{intro}</Text>
      <Section style={{ margin: '24px 0' }}>
        <Link href={keepUrl} style={button}>
          Keep it
        </Link>
      </Section>
      <Text style={small}>If you do nothing, it stays paused; this is the only e-mail about it.</Text>
    </MailLayout>
  );
}

/** The pause mail of one search, to its owner; its one-click header turns that search off. */
export async function searchPausedMail(recipient: { email: string; firstName: string }, search: SavedSearchRecord, keepUrl: string): Promise<OutgoingMail> {
  const links = await unsubscribeLinks(recipient.email, savedSearchStream(search.savedSearchId));
  const { html, text } = await renderMail(
    <SearchPausedMail
      firstName={recipient.firstName}
      searchName={search.name}
      reason={search.pausedReason ?? 'no-matches-90-days'}
      keepUrl={keepUrl}
      unsubscribeUrl={links.pageUrl}
      postalAddress={postalAddress()}
    />,
  );
  return { to: recipient.email, subject: searchPausedSubject(search), html, text, oneClickUnsubscribeUrl: links.oneClickUrl };
}
