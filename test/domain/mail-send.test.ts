import { randomUUID } from 'node:crypto';
import { GetSuppressedDestinationCommand, PutSuppressedDestinationCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ses } from '../../lambdas/core/aws';
import { env } from '../../lambdas/core/env';
import { sendMail, sendMails, type OutgoingMail } from '../../lambdas/domain/mail';
import { liftSuppression } from '../../lambdas/domain/mail/suppression';
import { intercept, logsDuring, sesRefusing } from './blast-support';
import { mailsTo } from './support';

// Sending through SES (the emulator): the sender, both parts, and the RFC 8058 one-click headers every
// broadcast carries (PRODUCT.md "Subscriptions"); a batch reports its failures instead of throwing; resuming a
// broker's mail lifts SES's suppression of the address.

const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const mail = (to: string, fields: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to,
  subject: `Subject for ${to}`,
  html: `<p>Hello ${to}</p>`,
  text: `Hello ${to}`,
  ...fields,
});
const senderOf = async (to: string) => {
  const { emails } = (await (await fetch(`${inject('localStack').urls.ses}/store`)).json()) as { emails: { from: string; destination: { to: string[] } }[] };
  return emails.filter((e) => e.destination.to.includes(to)).map((e) => e.from);
};

describe('sending mail (domain)', () => {
  it('sends from the configured sender with both parts, and one-click unsubscribe headers when asked', async () => {
    const to = address('broadcast');
    await sendMail(mail(to, { oneClickUnsubscribeUrl: 'http://api.test/unsubscribe/one-click?token=abc' }));
    const [sent] = await mailsTo(to);
    expect(sent).toMatchObject({ to: [to], subject: `Subject for ${to}`, html: `<p>Hello ${to}</p>`, text: `Hello ${to}` });
    expect(sent!.headers).toEqual([
      { name: 'List-Unsubscribe', value: '<http://api.test/unsubscribe/one-click?token=abc>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(await senderOf(to)).toEqual([env().MAIL_FROM]);
  });

  it('sends a transactional mail without unsubscribe headers', async () => {
    const to = address('transactional');
    await sendMail(mail(to));
    const [sent] = await mailsTo(to);
    expect(sent!.headers.filter((h) => h.name.toLowerCase().startsWith('list-'))).toEqual([]);
  });

  it('sends every mail of a batch and reports who got one, in order when one at a time', async () => {
    const recipients = [address('a'), address('b'), address('c')];
    expect(await sendMails(recipients.map((to) => mail(to)), { concurrency: 1 })).toEqual({ sent: recipients, failed: [] });
    const many = [address('d'), address('e'), address('f')];
    const report = await sendMails(many.map((to) => mail(to)));
    expect([...report.sent].sort()).toEqual([...many].sort());
    expect(report.failed).toEqual([]);
    for (const to of [...recipients, ...many]) expect(await mailsTo(to)).toHaveLength(1);
    expect(await sendMails([])).toEqual({ sent: [], failed: [] });
  });

  it('reports a refused mail, logs it, and still sends the others', async () => {
    const [ok, refused, later] = [address('ok'), address('refused'), address('later')];
    const { result } = await sesRefusing([refused], () => logsDuring(() => sendMails([mail(ok), mail(refused), mail(later)], { concurrency: 2 })));
    expect(result.result.sent.sort()).toEqual([ok, later].sort());
    expect(result.result.failed).toEqual([{ to: refused, error: expect.objectContaining({ message: 'Daily sending quota exceeded' }) }]);
    expect(result.logs.filter((line) => line.level === 'WARN')).toMatchObject([{ message: 'mail send failed', to: refused }]);
    expect(await mailsTo(refused)).toEqual([]);
    expect(await mailsTo(later)).toHaveLength(1);
  });
});

describe('lifting SES suppression (domain)', () => {
  it('takes a suppressed address off the list once, and says when it was not on it', async () => {
    const to = address('bounced');
    await ses().send(new PutSuppressedDestinationCommand({ EmailAddress: to, Reason: 'BOUNCE' }));
    expect(await liftSuppression(to)).toBe(true);
    await expect(ses().send(new GetSuppressedDestinationCommand({ EmailAddress: to }))).rejects.toMatchObject({ name: 'NotFoundException' });
    expect(await liftSuppression(to)).toBe(false);
  });

  it('passes on any other failure', async () => {
    const restore = intercept(ses(), () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    });
    try {
      await expect(liftSuppression(address('throttled'))).rejects.toThrow('Rate exceeded');
    } finally {
      restore();
    }
  });
});
