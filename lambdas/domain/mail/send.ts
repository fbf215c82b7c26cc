import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../../core/aws';
import { env } from '../../core/env';
import { logger } from '../../core/logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Broadcasts set this (unsubscribeLinks): the mail then carries RFC 8058 one-click unsubscribe headers.
   * A URL, not the address, so sending needs no link key (an approval e-mail's function has none).
   */
  oneClickUnsubscribeUrl?: string;
  /**
   * SES message tags (names and values of letters, digits, `_`, `-`, `.`, `@`): they come back on the
   * configuration set's open and click events (lambdas/events/mail-feedback.ts), which is how a saved
   * search's mails are known to be read.
   */
  tags?: Readonly<Record<string, string>>;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const headers = mail.oneClickUnsubscribeUrl
    ? [
        { Name: 'List-Unsubscribe', Value: `<${mail.oneClickUnsubscribeUrl}>` },
        { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
      ]
    : undefined;
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: env().MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
          Headers: headers,
        },
      },
      EmailTags: mail.tags ? Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })) : undefined,
    }),
  );
}

export interface SendReport {
  sent: string[];
  failed: { to: string; error: Error }[];
}

export interface SendOptions {
  concurrency?: number;
  /** Awaited before each send: a pacer (lambdas/domain/delivery/pacing.ts) keeps to SES's send rate. */
  pace?: () => Promise<void>;
}

/**
 * Sends many mails with bounded concurrency (SES accounts have a per-second send rate; the SDK retries
 * throttling). A failure is reported, not thrown, so the caller can release that recipient's claim.
 */
export async function sendMails(mails: readonly OutgoingMail[], { concurrency = 10, pace }: SendOptions = {}): Promise<SendReport> {
  const report: SendReport = { sent: [], failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < mails.length) {
      const mail = mails[next++]!;
      try {
        await pace?.();
        await sendMail(mail);
        report.sent.push(mail.to);
      } catch (error) {
        logger.warn('mail send failed', { to: mail.to, error: error as Error });
        report.failed.push({ to: mail.to, error: error as Error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, mails.length) }, worker));
  return report;
}
