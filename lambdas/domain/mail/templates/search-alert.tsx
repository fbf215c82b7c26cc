import { Link, Section, Text } from './components';
import { savedSearchStream } from '../../../../shared/catalog';
import type { SavedSearchRecord } from '../../../data/saved-searches';
import { postalAddress, renderMail, savedSearchesPageUrl } from '../render';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';
import { DigestEntryRow, type DigestEntryView } from './digest-entry';
import { button, link, MailLayout, paragraph, small } from './layout';
import { savedSearchTags } from './personal-digest';

const noun = (kind: SavedSearchRecord['kind'], count: number) => (kind === 'listings' ? (count === 1 ? 'listing' : 'listings') : count === 1 ? 'requirement' : 'requirements');

export const searchAlertSubject = (search: Pick<SavedSearchRecord, 'name' | 'kind'>, count: number) =>
  `${count} new ${noun(search.kind, count)} for “${search.name}” on BISN`;

export interface SearchAlertProps {
  firstName: string;
  searchName: string;
  intro: string;
  entries: readonly (DigestEntryView & { key: string })[];
  browseUrl: string;
  savedSearchesUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

/** A short mail: the new items that fit one instant saved search, a link to its browser, and how to stop it. */
export function SearchAlertMail({ firstName, searchName, intro, entries, browseUrl, savedSearchesUrl, unsubscribeUrl, postalAddress }: SearchAlertProps) {
  return (
    <MailLayout title={`New for “${searchName}”`} preheader={intro} unsubscribeUrl={unsubscribeUrl} postalAddress={postalAddress}>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      <Text style={paragraph}>{intro}</Text>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {entries.map((entry) => (
            <DigestEntryRow key={entry.key} entry={entry} />
          ))}
        </tbody>
      </table>
      <Section style={{ margin: '24px 0' }}>
        <Link href={browseUrl} style={button}>
          Open the search on BISN
        </Link>
      </Section>
      <Text style={small}>
        You receive this because “{searchName}” is one of your saved searches, set to e-mail you at once (at most once an hour). Change or
        stop it on your saved searches:{' '}
        <Link href={savedSearchesUrl} style={link}>
          {savedSearchesUrl}
        </Link>
      </Text>
    </MailLayout>
  );
}

/** The instant alert of one saved search: its own unsubscribe stream (one click turns this search off) and SES tags. */
export async function searchAlertMail(
  recipient: { email: string; firstName: string },
  search: SavedSearchRecord,
  entries: readonly (DigestEntryView & { key: string })[],
  browseUrl: string,
): Promise<OutgoingMail> {
  const links = await unsubscribeLinks(recipient.email, savedSearchStream(search.savedSearchId));
  const intro = `${entries.length === 1 ? `A new ${noun(search.kind, 1)} fits` : `${entries.length} new ${noun(search.kind, entries.length)} fit`} your saved search “${search.name}”.`;
  const { html, text } = await renderMail(
    <SearchAlertMail
      firstName={recipient.firstName}
      searchName={search.name}
      intro={intro}
      entries={entries}
      browseUrl={browseUrl}
      savedSearchesUrl={savedSearchesPageUrl()}
      unsubscribeUrl={links.pageUrl}
      postalAddress={postalAddress()}
    />,
  );
  return {
    to: recipient.email,
    subject: searchAlertSubject(search, entries.length),
    html,
    text,
    oneClickUnsubscribeUrl: links.oneClickUrl,
    tags: savedSearchTags(search.ownerId, [search.savedSearchId]),
  };
}
