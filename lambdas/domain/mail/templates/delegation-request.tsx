import { Link, Section, Text } from './components';
import { profilePageUrl, renderMail } from '../render';
import type { OutgoingMail } from '../send';
import { button, MailLayout, paragraph, small } from './layout';

export const delegationRequestSubject = (delegateName: string) => `${delegateName} asked to be your delegate on BISN`;

export interface DelegationRequestProps {
  firstName: string;
  delegateName: string;
  delegateEmail: string;
  profileUrl: string;
}

/** What a delegate may do is said here, so the broker knows what confirming gives away. */
export function DelegationRequestMail({ firstName, delegateName, delegateEmail, profileUrl }: DelegationRequestProps) {
  return (
    <MailLayout title="A request to be your delegate" preheader={`${delegateName} (${delegateEmail}) asked to work for you on BISN.`}>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      <Text style={paragraph}>
        {delegateName} ({delegateEmail}) asked to be your delegate on BISN. Once you confirm and our team approves, they can post, edit,
        renew and close your listings and requirements, which go out under your name. They cannot change your profile, subscriptions or
        delegates, and they export contact lists only if you allow it.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Link href={profileUrl} style={button}>
          Confirm or decline
        </Link>
      </Section>
      <Text style={small}>Nothing changes until you confirm. If you do not know them, decline the request in your profile.</Text>
    </MailLayout>
  );
}

/** Sent to the broker when an account asks to assist them: a transactional mail, so no unsubscribe link. */
export async function delegationRequestMail(broker: { email: string; firstName: string }, delegate: { name: string; email: string }): Promise<OutgoingMail> {
  const { html, text } = await renderMail(
    <DelegationRequestMail firstName={broker.firstName} delegateName={delegate.name} delegateEmail={delegate.email} profileUrl={profilePageUrl()} />,
  );
  return { to: broker.email, subject: delegationRequestSubject(delegate.name), html, text };
}
