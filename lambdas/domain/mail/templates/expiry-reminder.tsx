import { Link, Section, Text } from './components';
import { formatDate } from '../../../../shared/rules';
import { postalAddress, renderMail } from '../render';
import type { OutgoingMail } from '../send';
import { button, link, MailLayout, paragraph, small } from './layout';

export interface ExpiryReminderProps {
  kind: 'requirement' | 'listing';
  firstName: string;
  title: string;
  daysLeft: number;
  expiresAt: string;
  renewUrl: string;
  /** The item's page, where its owner marks it filled (a requirement) or sold or leased (a listing). */
  itemUrl: string;
  postalAddress: string;
}

export const expiryReminderSubject = (kind: ExpiryReminderProps['kind'], title: string, daysLeft: number) =>
  `Your ${kind} “${title}” expires in ${daysLeft === 1 ? '1 day' : `${daysLeft} days`}`;

/** The owner's reminder before their requirement or listing expires: renew in one click, or close it. */
export function ExpiryReminderMail({ kind, firstName, title, daysLeft, expiresAt, renewUrl, itemUrl, postalAddress }: ExpiryReminderProps) {
  const still = kind === 'requirement' ? 'Still looking' : 'Still available';
  const close = kind === 'requirement' ? 'Mark it filled' : 'Mark it sold or leased';
  const active = kind === 'requirement' ? '90 more days' : '120 more days';
  return (
    <MailLayout title={expiryReminderSubject(kind, title, daysLeft)} preheader={`${still}? Renew it in one click.`} postalAddress={postalAddress}>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      <Text style={paragraph}>
        Your {kind} “{title}” expires on {formatDate(expiresAt)}. After that it leaves the {kind === 'requirement' ? 'requirements' : 'listings'} brokers
        browse{kind === 'listing' ? ' and the weekday blast' : ''}, and its matches end.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Link href={renewUrl} style={button}>
          {still} — renew for {active}
        </Link>
      </Section>
      <Text style={paragraph}>
        Done with it?{' '}
        <Link href={itemUrl} style={link}>
          {close}
        </Link>{' '}
        on BISN.
      </Text>
      <Text style={small}>The renew link works once, for 14 days. You receive this because you posted this {kind} on BISN.</Text>
    </MailLayout>
  );
}

export async function expiryReminderMail(
  owner: { email: string; firstName: string },
  props: Omit<ExpiryReminderProps, 'firstName' | 'postalAddress'>,
): Promise<OutgoingMail> {
  const { html, text } = await renderMail(<ExpiryReminderMail {...props} firstName={owner.firstName} postalAddress={postalAddress()} />);
  return { to: owner.email, subject: expiryReminderSubject(props.kind, props.title, props.daysLeft), html, text };
}
