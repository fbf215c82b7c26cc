import { Link, Section, Text } from './components';
import { renderMail } from '../render';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';
import { button, MailLayout, paragraph, small } from './layout';

export const unsubscribeConfirmationSubject = 'Confirm how you want to hear from BISN';

export function UnsubscribeConfirmationMail({ pageUrl }: { pageUrl: string }) {
  return (
    <MailLayout title="Unsubscribe from BISN e-mails" preheader="Someone asked to stop BISN e-mails to this address.">
      <Text style={paragraph}>
        Someone, probably you, asked on the BISN site to stop the e-mails to this address. Nothing has changed yet: open the link to
        see your subscriptions and choose what to stop.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Link href={pageUrl} style={button}>
          Choose what to unsubscribe from
        </Link>
      </Section>
      <Text style={small}>If you did not ask for this, ignore this e-mail and you keep receiving BISN e-mails as before.</Text>
    </MailLayout>
  );
}

/** The public form's answer to an address that has an account: a signed link to the unsubscribe page. */
export async function unsubscribeConfirmationMail(user: { email: string }): Promise<OutgoingMail> {
  const { pageUrl, oneClickUrl } = await unsubscribeLinks(user.email, 'all');
  const { html, text } = await renderMail(<UnsubscribeConfirmationMail pageUrl={pageUrl} />);
  return { to: user.email, subject: unsubscribeConfirmationSubject, html, text, oneClickUnsubscribeUrl: oneClickUrl };
}
