import { Link, Section, Text } from './components';
import { env } from '../../../core/env';
import { renderMail } from '../render';
import type { OutgoingMail } from '../send';
import { button, MailLayout, paragraph, small } from './layout';

export const approvalSubject = 'Your BISN account is approved';

export function ApprovalMail({ firstName, signInUrl }: { firstName: string; signInUrl: string }) {
  return (
    <MailLayout title="Your account is approved" preheader="You can now share requirements and publish listings on BISN.">
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      <Text style={paragraph}>
        Our team has reviewed your BISN account and approved it. You can now share requirements, publish listings and receive the
        broker broadcasts for your market.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Link href={signInUrl} style={button}>
          Sign in to BISN
        </Link>
      </Section>
      <Text style={small}>Or open this address in your browser: {signInUrl}</Text>
    </MailLayout>
  );
}

/** Sent once, when an operator approves an account: a transactional mail, so no unsubscribe link. */
export async function approvalMail(user: { email: string; firstName: string }): Promise<OutgoingMail> {
  const signInUrl = `${env().SITE_URL}/login?email=${encodeURIComponent(user.email)}`;
  const { html, text } = await renderMail(<ApprovalMail firstName={user.firstName} signInUrl={signInUrl} />);
  return { to: user.email, subject: approvalSubject, html, text };
}
