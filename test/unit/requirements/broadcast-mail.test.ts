import { beforeAll, describe, expect, it } from 'vitest';
import type { Requirement } from '../../../shared/api';

const requirement: Requirement = {
  requirementId: 'r-1',
  title: 'Office <b>near</b> Midtown',
  status: 'processing',
  sqftMin: 2500,
  sqftMax: 10000,
  timing: 'Next 6 months',
  description: 'Needs parking.\nGround floor preferred.',
  userId: 'u-1',
  type: { requirementTypeId: 'for-lease', name: 'For Lease' },
  propertyType: { propertyTypeId: 'office', name: 'Office' },
  highlights: ['Close to light rail', '', '  ', 'Signage', ''],
  maxPrice: null,
  maxLeaseRate: 2.5,
  maxLeaseFrequencyId: 'monthly',
  markets: [
    { marketId: 'sac-midtown', name: 'Midtown' },
    { marketId: 'sutter-county', name: 'Sutter County' },
  ],
  createdAt: '2025-01-01T00:00:00.000Z',
  sentAt: null,
  expiresAt: null,
  closedAt: null,
  outcome: null,
  version: 0,
  user: {
    _id: 'u-1',
    firstName: 'Ada',
    lastName: 'Broker',
    title: 'Principal',
    phone: '9165550100',
    email: 'ada@example.com',
    license: 'DRE 0123',
    profileImage: null,
    brokerImage: null,
    brokerInfo: { name: 'Capitol CRE', address1: '1 Capitol Mall', address2: 'Sacramento, CA 95814' },
  },
};

describe('requirement broadcast mail', () => {
  beforeAll(() => {
    Object.assign(process.env, {
      TABLE_NAME: 't',
      IMAGES_BUCKET: 'b',
      ASSET_BASE_URL: 'http://assets.test',
      SITE_URL: 'http://site.test',
      API_URL: 'http://api.test',
      MAIL_FROM: 'BISN <no-reply@bisn.test>',
      USER_POOL_ID: 'pool',
      UNSUBSCRIBE_SECRET: 'unit-test-secret-0123456789',
      POSTAL_ADDRESS: 'BISN, 1 Test Street, Sacramento, CA 95814',
    });
  });

  const render = async (value = requirement) => {
    const { requirementBroadcastMails } = await import('../../../lambdas/domain/mail/templates/requirement-broadcast');
    return (await requirementBroadcastMails(value))('reader@example.com');
  };

  it('names the property type and title in the subject and asks for one-click unsubscribe headers', async () => {
    const mail = await render();
    expect(mail.to).toBe('reader@example.com');
    expect(mail.subject).toBe('New Office requirement: Office <b>near</b> Midtown');
    const { unsubscribeLinks } = await import('../../../lambdas/domain/mail/unsubscribe');
    expect(mail.oneClickUnsubscribeUrl).toBe((await unsubscribeLinks('reader@example.com', 'office-requirements')).oneClickUrl);
  });

  it('holds the details, non-empty highlights, author contact, broker and the detail link in both parts', async () => {
    const mail = await render();
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('For Lease');
      expect(part).toContain('2,500 - 10,000 sqft');
      expect(part).toContain('Up to $2.50 per sqft / Monthly');
      expect(part).toContain('Next 6 months');
      expect(part).toContain('Midtown, Sutter County');
      expect(part).toContain('Close to light rail');
      expect(part).toContain('(916) 555-0100');
      expect(part).toContain('ada@example.com');
      expect(part).toContain('DRE 0123');
      expect(part).toContain('Capitol CRE');
      expect(part).toContain('Sacramento, CA 95814');
      expect(part).toContain('http://site.test/consumer/requirement/r-1');
      expect(part).toContain('Office Requirements');
      expect(part).toMatch(/http:\/\/site\.test\/unsubscribe\?token=/);
    }
    expect(mail.html.match(/<li /g)).toHaveLength(2);
    expect(mail.html).toContain('href="mailto:ada@example.com"');
    expect(mail.html).toContain('Needs parking.<br/>Ground floor preferred.');
    expect(mail.text).toContain('Needs parking.\nGround floor preferred.');
  });

  it('escapes what the author typed', async () => {
    const mail = await render();
    expect(mail.html).not.toContain('<b>near</b>');
    expect(mail.html).toContain('Office &lt;b&gt;near&lt;/b&gt; Midtown');
  });

  it('leaves out Broker Information when the author has no broker name', async () => {
    const mail = await render({ ...requirement, user: { ...requirement.user!, brokerInfo: { name: '', address1: 'x', address2: '' } } });
    expect(mail.html).not.toContain('Broker Information');
    expect(mail.text).not.toContain('Broker Information');
  });
});
