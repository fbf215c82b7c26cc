import { Link, Section, Text } from './components';
import { env } from '../../../core/env';
import { renderMail } from '../render';
import type { OutgoingMail } from '../send';
import { button, MailLayout, paragraph, small } from './layout';

export const approvalSubject = 'Your BISN account is approved';

/** "Ben Carter", "Ben Carter and Dana Lee", "Ben Carter, Dana Lee and Marco Ruiz". */
const namesInWords = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** A broker's approval, or a delegate's: `assisting` names the brokers the delegate now works for. */
export function ApprovalMail({ firstName, signInUrl, assisting = [] }: { firstName: string; signInUrl: string; assisting?: readonly string[] }) {
  const brokers = namesInWords(assisting);
  return (
    <MailLayout
      title="Your account is approved"
      preheader={assisting.length > 0 ? `You can now work for ${brokers} on BISN.` : 'You can now share requirements and publish listings on BISN.'}
    >
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hello,'}</Text>
      {assisting.length > 0 ? (
        <Text style={paragraph}>
          Our team has reviewed your BISN account and approved it as {brokers}&apos;s delegate. Sign in and pick {assisting.length === 1 ? brokers : 'a broker'} under
          &quot;Working for&quot; to create, edit and renew their listings and requirements; they see each change you make.
        </Text>
      ) : (
        <Text style={paragraph}>
          Our team has reviewed your BISN account and approved it. You can now share requirements, publish listings and receive the
          broker broadcasts for your market.
        </Text>
      )}
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
export async function approvalMail(user: { email: string; firstName: string }, { assisting = [] }: { assisting?: readonly string[] } = {}): Promise<OutgoingMail> {
  const signInUrl = `${env().SITE_URL}/login?email=${encodeURIComponent(user.email)}`;
  const { html, text } = await renderMail(<ApprovalMail firstName={user.firstName} signInUrl={signInUrl} assisting={assisting} />);
  return { to: user.email, subject: approvalSubject, html, text };
}
