import { renderToStaticMarkup } from 'react-dom/server';
import { Section, Text } from './components';
import { brand, MailLayout, paragraph, small } from './layout';

/**
 * Why Cognito mails a code: confirming a sign-up, resetting a password, a temporary password (an account
 * an operator made), or `code`, the one message a deployed pool keeps for the first two.
 */
export type CodePurpose = 'verification' | 'reset' | 'temporary' | 'code';

const wording: Record<CodePurpose, { subject: string; title: string; lead: string }> = {
  verification: { subject: 'Your BISN verification code', title: 'Confirm your e-mail address', lead: 'Enter this code on the BISN sign-up page to confirm your e-mail address:' },
  reset: { subject: 'Your BISN password reset code', title: 'Reset your password', lead: 'Enter this code on the BISN page where you asked to reset your password:' },
  temporary: { subject: 'Your BISN temporary password', title: 'Your BISN account is ready', lead: 'Sign in to BISN with this address and the temporary password below, then choose your own:' },
  code: { subject: 'Your BISN verification code', title: 'Your BISN code', lead: 'Enter this code on the BISN page that asked for it, to confirm your e-mail address or to set a new password:' },
};

const codeStyle = { margin: '8px 0 20px', fontSize: '28px', fontWeight: 700, letterSpacing: '6px', color: brand.navy } as const;

function CodeMail({ purpose, code, username }: { purpose: CodePurpose; code: string; username?: string }) {
  const { title, lead } = wording[purpose];
  return (
    <MailLayout title={title} preheader={`${title}: your code is inside.`}>
      <Text style={paragraph}>{lead}</Text>
      {username && <Text style={paragraph}>{username}</Text>}
      <Section>
        <Text style={codeStyle}>{code}</Text>
      </Section>
      <Text style={small}>If you did not ask for this, ignore this e-mail: nothing changes without the code.</Text>
    </MailLayout>
  );
}

/**
 * A code mail in the frame of every BISN mail. Rendered synchronously: the deployed pool's messages are
 * rendered at synth with Cognito's placeholders (`{####}`, `{username}`), and the local stack renders the
 * same mail with the real code.
 */
export function codeMail(purpose: CodePurpose, code: string, username?: string): { subject: string; html: string } {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<CodeMail purpose={purpose} code={code} {...(username ? { username } : {})} />)}`;
  return { subject: wording[purpose].subject, html };
}
