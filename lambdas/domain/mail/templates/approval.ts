import { env } from '../../../core/env';
import { escapeHtml, layout, textLayout } from '../layout';
import type { OutgoingMail } from '../send';

export const approvalSubject = 'Your BISN account is approved';

/** Sent once, when an operator approves an account: a transactional mail, so no unsubscribe link. */
export function approvalMail(user: { email: string; firstName: string }): OutgoingMail {
  const signInUrl = `${env().SITE_URL}/login?email=${encodeURIComponent(user.email)}`;
  const greeting = user.firstName ? `Hi ${user.firstName},` : 'Hello,';
  const title = 'Your account is approved';
  const html = layout({
    title,
    preheader: 'You can now share requirements and publish listings on BISN.',
    bodyHtml: `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px;font-size:15px;line-height:1.5">Our team has reviewed your BISN account and approved it. You can now share requirements, publish listings and receive the broker broadcasts for your market.</p>
<p style="margin:24px 0"><a href="${escapeHtml(signInUrl)}" style="display:inline-block;background:#0f3d56;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">Sign in to BISN</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#475569">Or open this address in your browser: ${escapeHtml(signInUrl)}</p>`,
  });
  const text = textLayout({
    title,
    bodyText: `${greeting}\n\nOur team has reviewed your BISN account and approved it. You can now share requirements, publish listings and receive the broker broadcasts for your market.\n\nSign in: ${signInUrl}`,
  });
  return { to: user.email, subject: approvalSubject, html, text };
}
