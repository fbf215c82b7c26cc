import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import { createElement, Fragment, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { env } from '../../core/env';

/** Headings keep the case the broker typed (html-to-text would capitalise them). */
export const plainTextOptions = {
  selectors: [
    ...['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
    // A phone reads as itself: its tel: link would only repeat the number in brackets.
    { selector: 'a[href^="tel:"]', format: 'inline' },
  ],
};

/**
 * react-email's `toPlainText` (its options, its selectors, ours after them), compiled once: `toPlainText`
 * compiles html-to-text's selectors again for every mail, a third of the text's cost in a blast.
 */
const toPlainText = compile({ wordwrap: false, selectors: [...plainTextSelectors, ...plainTextOptions.selectors] });

/**
 * One template rendered to both parts: inline-styled HTML and the plain text html-to-text makes of it (from
 * the same render: react-email's `plainText` option would render the template a second time).
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}

/** The plain text of a mail's HTML, as renderMail makes it. */
export const plainTextOf = (html: string): string => toPlainText(html);

/** The sender's postal address, required in every mail about listings or requirements (CAN-SPAM). */
/** The site's pages the mails link to (each mail's own deep links live with its template). */
export const profilePageUrl = () => `${env().SITE_URL}/consumer/profile`;
export const savedSearchesPageUrl = () => `${env().SITE_URL}/consumer/saved-searches`;

export function postalAddress(): string {
  const address = env().POSTAL_ADDRESS;
  if (!address) throw new Error('POSTAL_ADDRESS is required to send mail about listings or requirements');
  return address;
}

/** Stand for the recipient's own unsubscribe link and first name while a mail shared by many recipients is rendered. */
const RECIPIENT_LINK = 'https://recipient.invalid/unsubscribe';
const RECIPIENT_NAME = 'Recipientfirstname';
const SAFE_URL = /^https?:\/\/[\w.:/?=%~-]+$/;

/** What a shared render is personalised with. */
export interface MailRecipient {
  unsubscribeUrl: string;
  firstName?: string;
}

/**
 * Renders a mail shared by many recipients once, and gives each their own unsubscribe link and first name by
 * substitution (a render per recipient would cost a blast seconds per thousand brokers). The link is checked
 * to hold only characters that need no escaping in HTML or text; the name is escaped for the HTML as React
 * escapes text.
 */
export async function renderForRecipients(
  element: (recipient: Required<MailRecipient>) => ReactElement,
): Promise<(recipient: MailRecipient) => { html: string; text: string }> {
  const { html, text } = await renderMail(element({ unsubscribeUrl: RECIPIENT_LINK, firstName: RECIPIENT_NAME }));
  return ({ unsubscribeUrl, firstName = '' }) => {
    if (!SAFE_URL.test(unsubscribeUrl)) throw new Error(`unsubscribe link with unexpected characters: ${unsubscribeUrl}`);
    return {
      html: html.replaceAll(RECIPIENT_LINK, unsubscribeUrl).replaceAll(RECIPIENT_NAME, renderToStaticMarkup(createElement(Fragment, null, firstName))),
      text: text.replaceAll(RECIPIENT_LINK, unsubscribeUrl).replaceAll(RECIPIENT_NAME, firstName),
    };
  };
}
