import { beforeAll, describe, expect, it } from 'vitest';
import { sampleRequirement } from '../../../lib/local/mail-samples';
import type { MatchNoticeEntry } from '../../../lambdas/domain/mail/templates/match-notice';
import { useMailEnv, withoutYear } from './mail-env';

// The transactional and broadcast mails other than the digest: what each says (PRODUCT.md: approval e-mail,
// the unsubscribe form's signed link, broadcasts with one-click headers and the postal address), and their
// markup pinned as a snapshot.

beforeAll(() => useMailEnv());

const links = async (email: string, stream: Parameters<typeof import('../../../lambdas/domain/mail').unsubscribeLinks>[1]) =>
  (await import('../../../lambdas/domain/mail')).unsubscribeLinks(email, stream);

describe('the approval mail', () => {
  it('greets the broker, links to sign-in with the address filled in, and carries no unsubscribe', async () => {
    const { approvalMail, approvalSubject } = await import('../../../lambdas/domain/mail/templates/approval');
    const mail = await approvalMail({ email: 'ana+x@example.com', firstName: 'Ana' });
    expect(approvalSubject).toBe('Your BISN account is approved');
    expect(mail).toMatchObject({ to: 'ana+x@example.com', subject: 'Your BISN account is approved' });
    expect(mail.oneClickUnsubscribeUrl).toBeUndefined();
    const signIn = 'http://site.test/login?email=ana%2Bx%40example.com';
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Your account is approved');
      expect(part).toContain('Hi Ana,');
      expect(part).toContain('approved it');
      expect(part).toContain(signIn);
      expect(part).toContain('Sign in to BISN');
      expect(part).not.toContain('Unsubscribe');
      expect(part).not.toContain('1 Test Street');
    }
    expect(mail.html).toContain(`href="${signIn}"`);
    expect(mail.html).toContain('You can now share requirements and publish listings on BISN.');
    // Every mail's frame: a phone lays it out at its own width, not 980 px.
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(withoutYear(mail.html)).toMatchSnapshot('html');
    expect(withoutYear(mail.text)).toMatchSnapshot('text');
    expect(mail.text).toContain(`© ${new Date().getFullYear()} BISN`);
    expect((await approvalMail({ email: 'bo@example.com', firstName: '' })).text).toContain('Hello,');
  });
});

describe('the unsubscribe confirmation', () => {
  it('links to the unsubscribe page with a signed link and changes nothing by itself', async () => {
    const { unsubscribeConfirmationMail, unsubscribeConfirmationSubject } = await import(
      '../../../lambdas/domain/mail/templates/unsubscribe-confirmation'
    );
    const mail = await unsubscribeConfirmationMail({ email: 'ana@example.com' });
    const { pageUrl, oneClickUrl } = await links('ana@example.com', 'all');
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: unsubscribeConfirmationSubject, oneClickUnsubscribeUrl: oneClickUrl });
    expect(unsubscribeConfirmationSubject).toBe('Confirm how you want to hear from BISN');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Unsubscribe from BISN e-mails');
      expect(part).toContain('Nothing has changed yet');
      expect(part).toContain('Choose what to unsubscribe from');
    }
    expect(mail.html).toContain(`href="${pageUrl}"`);
    expect(withoutYear(mail.html)).toMatchSnapshot('html');
    expect(withoutYear(mail.text)).toMatchSnapshot('text');
  });
});

describe('the expiry reminder', () => {
  const props = {
    title: 'Office <near> Midtown',
    daysLeft: 7,
    expiresAt: '2025-07-08T13:00:00.000Z',
    renewUrl: 'http://api.test/renew?token=abc',
    itemUrl: 'http://site.test/consumer/listing/l-1',
  };

  it('offers a listing owner a 120-day renewal or to mark it sold or leased', async () => {
    const { expiryReminderMail, expiryReminderSubject } = await import('../../../lambdas/domain/mail/templates/expiry-reminder');
    const mail = await expiryReminderMail({ email: 'ana@example.com', firstName: 'Ana' }, { kind: 'listing', ...props });
    expect(mail).toEqual({ to: 'ana@example.com', subject: 'Your listing “Office <near> Midtown” expires in 7 days', html: mail.html, text: mail.text });
    expect(expiryReminderSubject('requirement', 'X', 1)).toBe('Your requirement “X” expires in 1 day');
    for (const part of [mail.text]) {
      expect(part).toContain('Hi Ana,');
      expect(part).toContain('Your listing “Office <near> Midtown” expires on 07/08/2025.');
      expect(part).toContain('After that it leaves the listings brokers browse and the weekday blast, and its matches end.');
      expect(part).toContain('Still available — renew for 120 more days');
      expect(part).toContain('Mark it sold or leased');
      expect(part).toContain('The renew link works once, for 14 days. You receive this because you posted this listing on BISN.');
      expect(part).toContain('BISN, 1 Test Street, Sacramento, CA 95814');
    }
    expect(mail.html).toContain('Still available? Renew it in one click.');
    expect(mail.html).toContain('href="http://api.test/renew?token=abc"');
    expect(mail.html).toContain('href="http://site.test/consumer/listing/l-1"');
    expect(mail.html).toContain('Office &lt;near&gt; Midtown');
    expect(withoutYear(mail.html)).toMatchSnapshot('html');
    expect(withoutYear(mail.text)).toMatchSnapshot('text');
  });

  it('offers a requirement owner a 90-day renewal or to mark it filled', async () => {
    const { expiryReminderMail } = await import('../../../lambdas/domain/mail/templates/expiry-reminder');
    const mail = await expiryReminderMail({ email: 'ana@example.com', firstName: '' }, { kind: 'requirement', ...props, daysLeft: 1 });
    expect(mail.subject).toBe('Your requirement “Office <near> Midtown” expires in 1 day');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('After that it leaves the requirements brokers browse, and its matches end.');
    expect(mail.text).toContain('Still looking — renew for 90 more days');
    expect(mail.text).toContain('Mark it filled');
    expect(mail.text).not.toContain('weekday blast');
    expect(mail.html).toContain('Still looking? Renew it in one click.');
    expect(withoutYear(mail.text)).toMatchSnapshot('text');
  });
});

describe('the match notice', () => {
  const entries: MatchNoticeEntry[] = [
    {
      side: 'requirement',
      requirementId: 'r-1',
      listingId: 'l-1',
      requirementTitle: 'My office search',
      listingTitle: 'Their office tower',
      score: 92,
      reasons: [
        { criterion: 'propertyType', verdict: 'fit', text: 'Office, as required' },
        { criterion: 'price', verdict: 'partial', text: 'Price a little over budget' },
      ],
    },
    {
      side: 'listing',
      requirementId: 'r 2',
      listingId: 'l-2',
      requirementTitle: 'Their warehouse need',
      listingTitle: 'My warehouse',
      score: 80,
      reasons: [{ criterion: 'size', verdict: 'miss', text: 'Smaller than asked' }],
    },
  ];

  it('tells each broker of a match the other side, its score and reasons, with the unsubscribe of every broadcast', async () => {
    const { matchNoticeMail, matchNoticeSubject, matchesPageUrl } = await import('../../../lambdas/domain/mail/templates/match-notice');
    const mail = await matchNoticeMail({ email: 'ana@example.com', firstName: 'Ana' }, entries);
    const { pageUrl, oneClickUrl } = await links('ana@example.com', 'all');
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: '2 new matches on BISN', oneClickUnsubscribeUrl: oneClickUrl });
    expect(matchNoticeSubject(1)).toBe('A new match on BISN');
    expect(matchesPageUrl()).toBe('http://site.test/consumer/matches');
    const text = mail.text;
    expect(text).toContain('Hi Ana,');
    expect(text).toContain('Your requirements and listings have 2 new strong matches on BISN. Only you and the other broker of each match are told.');
    expect(text).toContain('A listing fits your requirement “My office search” · score 92');
    expect(text).toContain('Their office tower');
    expect(text).toContain('✓ Office, as required');
    expect(text).toContain('~ Price a little over budget');
    expect(text).toContain('A requirement fits your listing “My warehouse” · score 80');
    expect(text).toContain('Their warehouse need');
    expect(text).toContain('✗ Smaller than asked');
    expect(text).toContain('See all your matches');
    expect(text).toContain('BISN, 1 Test Street, Sacramento, CA 95814');
    expect(mail.html).toContain('href="http://site.test/consumer/listing/l-1"');
    expect(mail.html).toContain('href="http://site.test/consumer/requirement/r%202"');
    expect(mail.html).toContain('href="http://site.test/consumer/matches"');
    expect(mail.html).toContain('href="http://site.test/consumer/profile"');
    expect(mail.html).toContain(`href="${pageUrl}"`);
    expect(withoutYear(mail.html)).toMatchSnapshot('html');
    expect(withoutYear(mail.text)).toMatchSnapshot('text');
  });

  it('speaks of one match in the singular', async () => {
    const { matchNoticeMail } = await import('../../../lambdas/domain/mail/templates/match-notice');
    const mail = await matchNoticeMail({ email: 'bo@example.com', firstName: '' }, entries.slice(1));
    expect(mail.subject).toBe('A new match on BISN');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('One of your requirements or listings has a new strong match on BISN.');
    expect(mail.html).toContain('<title>A new match on BISN</title>');
  });
});

describe('the requirement broadcast', () => {
  it('is pinned for a full requirement, and leaves out what the author left empty', async () => {
    const { requirementBroadcastMails, requirementBroadcastSubject } = await import('../../../lambdas/domain/mail/templates/requirement-broadcast');
    const requirement = sampleRequirement();
    const mail = await (await requirementBroadcastMails(requirement))('reader@example.com');
    expect(requirementBroadcastSubject(requirement)).toBe(`New Office requirement: ${requirement.title}`);
    expect(mail.text).toContain('Dana Reyes shared a new Office requirement with the community.');
    expect(mail.text).toContain('Description / Special Instructions');
    expect(mail.text).toContain('Contact Information');
    expect(mail.text).toContain('You receive this because you are subscribed to Office Requirements.');
    expect(withoutYear(mail.html).replace(/token=[^"&\s]+/g, 'token=<t>')).toMatchSnapshot('html');
    expect(withoutYear(mail.text).replace(/token=[^"&\s\]]+/g, 'token=<t>')).toMatchSnapshot('text');

    const bare = await (
      await requirementBroadcastMails({ ...requirement, description: '  ', highlights: ['', ' '], user: null as never, timing: '' })
    )('reader@example.com');
    expect(bare.text).toContain('A BISN broker shared a new Office requirement with the community.');
    for (const absent of ['Highlights', 'Description / Special Instructions', 'Contact Information', 'Broker Information', 'Timing']) {
      expect(bare.text).not.toContain(absent);
    }
    expect(bare.html).not.toContain('<ul');

    const noFirm = await (await requirementBroadcastMails({ ...requirement, user: { ...requirement.user!, brokerInfo: null } }))('reader@example.com');
    expect(noFirm.text).toContain('Contact Information');
    expect(noFirm.text).not.toContain('Broker Information');
  });
});

describe('the delegation request', () => {
  it('tells the broker who asked and what a delegate may do, links to the profile, and carries no unsubscribe', async () => {
    const { delegationRequestMail } = await import('../../../lambdas/domain/mail/templates/delegation-request');
    const mail = await delegationRequestMail({ email: 'dana@example.com', firstName: 'Dana' }, { name: 'Ari Helper', email: 'ari@example.com' });
    expect(mail).toMatchObject({ to: 'dana@example.com', subject: 'Ari Helper asked to be your delegate on BISN' });
    expect(mail.oneClickUnsubscribeUrl).toBeUndefined();
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Hi Dana,');
      expect(part).toContain('ari@example.com');
      expect(part).toContain('they export contact lists only if you allow it');
      expect(part).toContain('Confirm or decline');
      expect(part).toContain('http://site.test/consumer/profile');
      expect(part).not.toContain('Unsubscribe');
    }
    expect(mail.text).toContain('Ari Helper (ari@example.com) asked to be your delegate on BISN.');
    expect(mail.html).toContain('href="http://site.test/consumer/profile"');
    expect(withoutYear(mail.html)).toMatchSnapshot('html');
    expect(withoutYear(mail.text)).toMatchSnapshot('text');
    const unnamed = await delegationRequestMail({ email: 'bo@example.com', firstName: '' }, { name: 'Ari Helper', email: 'ari@example.com' });
    expect(unnamed.text).toContain('Hello,');
  });
});
