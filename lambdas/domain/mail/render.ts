import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { env } from '../../core/env';

/** Headings keep the case the broker typed (html-to-text would capitalise them). */
export const plainTextOptions = {
  selectors: ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
};

/** One template rendered to both parts: inline-styled HTML and the plain text html-to-text makes of it. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: plainTextOptions })]);
  return { html, text };
}

/** The sender's postal address, required in every mail about listings or requirements (CAN-SPAM). */
export function postalAddress(): string {
  const address = env().POSTAL_ADDRESS;
  if (!address) throw new Error('POSTAL_ADDRESS is required to send mail about listings or requirements');
  return address;
}

/** Stands for the recipient's own unsubscribe link while a mail shared by many recipients is rendered. */
const RECIPIENT_LINK = 'https://recipient.invalid/unsubscribe';
const SAFE_URL = /^https?:\/\/[\w.:/?=%~-]+$/;

/**
 * Renders a mail shared by many recipients once, and gives each their own unsubscribe link by
 * substitution (a render per recipient would cost a blast seconds per thousand brokers). The link is
 * checked to hold only characters that need no escaping in HTML or text.
 */
export async function renderForRecipients(
  element: (unsubscribeUrl: string) => ReactElement,
): Promise<(unsubscribeUrl: string) => { html: string; text: string }> {
  const { html, text } = await renderMail(element(RECIPIENT_LINK));
  return (unsubscribeUrl) => {
    if (!SAFE_URL.test(unsubscribeUrl)) throw new Error(`unsubscribe link with unexpected characters: ${unsubscribeUrl}`);
    return { html: html.replaceAll(RECIPIENT_LINK, unsubscribeUrl), text: text.replaceAll(RECIPIENT_LINK, unsubscribeUrl) };
  };
}
