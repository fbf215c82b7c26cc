import { beforeAll, describe, expect, it } from 'vitest';
import { sampleListing, sampleOwner } from '../../../lib/local/mail-samples';
import type { ListingRecord } from '../../../lambdas/data/listings';
import { useMailEnv, withoutYear } from './mail-env';

// The weekday digest (PRODUCT.md "Listing lifecycle", "Subscriptions"): one mail per broker with the day's
// listings of their categories, each with its facts and its broker's contact, then the opt-out.

beforeAll(() => useMailEnv());

const digest = () => import('../../../lambdas/domain/mail/templates/blast-digest');
const listing = (fields: Partial<ListingRecord> = {}): ListingRecord => ({ ...sampleListing(1), listingId: 'l-1', title: 'Office tower', ...fields });

describe('a digest entry', () => {
  it('shows a sale-or-lease listing with both prices, its size, submarket, timing, thumbnail and broker card', async () => {
    const { digestEntry } = await digest();
    expect(digestEntry(listing({ timing: 'In 60 days' }), sampleOwner())).toEqual({
      listingId: 'l-1',
      ownerId: 'sample-owner',
      title: 'Office tower',
      url: 'http://site.test/consumer/listing/l-1',
      kind: 'For Sale or Lease · Office',
      facts: ['Price: $1,850,000', 'Lease rate: $1.50 per sqft / Monthly', '12,501 sqft', 'Midtown', 'Available: In 60 days'],
      broker: ['Dana Reyes', 'Capitol Commercial Partners', '(916) 555-0142'],
      thumbnailUrl: 'http://assets.test/listings/sample-1/img1/thumbnail.webp',
    });
  });

  it('marks a price reduced since the last listing first, and shows a sale listing without a lease rate', async () => {
    const { digestEntry } = await digest();
    const entry = digestEntry(listing({ listingTypeId: 'for-sale-user', timing: '' }), sampleOwner(), 12);
    expect(entry.kind).toBe('For Sale - User · Office');
    expect(entry.facts).toEqual(['Price reduced 12 % since its last listing', 'Price: $1,850,000', '12,501 sqft', 'Midtown']);
  });

  it('shows a lease listing with its size range, and leaves out what is missing', async () => {
    const { digestEntry } = await digest();
    const entry = digestEntry(
      listing({ listingTypeId: 'for-lease', propertyTypeId: null, sqft: null, minSqft: 1200, maxSqft: 4800, marketId: null, images: [], timing: '' }),
      { ...sampleOwner(), firstName: '', lastName: 'Reyes', brokerInfo: null, phone: '' },
      0,
    );
    expect(entry).toMatchObject({
      kind: 'For Lease',
      facts: ['Lease rate: $1.50 per sqft / Monthly', '1,200 - 4,800 sqft'],
      broker: ['Reyes'],
      thumbnailUrl: null,
    });
    expect(digestEntry(listing({ listingTypeId: null, propertyTypeId: 'retail' }), null).kind).toBe('Retail');
    expect(digestEntry(listing({ listingTypeId: null, propertyTypeId: 'retail' }), null).broker).toEqual([]);
    expect(digestEntry(listing({ marketId: 'no-such-market', timing: '' }), null).facts).toEqual([
      'Price: $1,850,000',
      'Lease rate: $1.50 per sqft / Monthly',
      '12,501 sqft',
    ]);
  });
});

describe('the digest mail', () => {
  it('names the count and the New York date in the subject', async () => {
    const { blastDigestSubject } = await digest();
    expect(blastDigestSubject(1, new Date('2025-03-10T13:00:00Z'))).toBe('1 new listing on BISN · 03/10/2025');
    expect(blastDigestSubject(2, new Date('2025-03-11T03:00:00Z'))).toBe('2 new listings on BISN · 03/10/2025');
  });

  it('gives each recipient the shared digest with their own opt-out link and one-click headers', async () => {
    const { blastDigestMails, digestEntry } = await digest();
    const { unsubscribeLinks } = await import('../../../lambdas/domain/mail');
    const entries = [
      digestEntry(listing({ listingId: 'l 1', title: 'Tower <one>', timing: 'Now' }), sampleOwner()),
      digestEntry(listing({ listingId: 'l-2', title: 'Pad two', images: [] }), null),
    ];
    const mailTo = await blastDigestMails(entries, new Date('2025-03-10T13:00:00Z'));
    const ana = await mailTo('ana@example.com');
    const bo = await mailTo('bo@example.com');
    const anaLinks = await unsubscribeLinks('ana@example.com', 'listings');
    expect(ana).toMatchObject({ to: 'ana@example.com', subject: '2 new listings on BISN · 03/10/2025', oneClickUnsubscribeUrl: anaLinks.oneClickUrl });
    expect(bo.oneClickUnsubscribeUrl).toBe((await unsubscribeLinks('bo@example.com', 'listings')).oneClickUrl);
    expect(ana.html).toContain(`href="${anaLinks.pageUrl}"`);
    expect(bo.html).not.toContain(anaLinks.pageUrl);
    expect(ana.text).toContain('2 listings were broadcast to the community today in the categories you follow.');
    expect(ana.text).toContain('Broker: Dana Reyes · Capitol Commercial Partners · (916) 555-0142');
    expect(ana.text).toContain('You receive this because of your listing subscriptions. You can change them in your profile: http://site.test/consumer/profile');
    expect(ana.text).toContain('BISN, 1 Test Street, Sacramento, CA 95814');
    expect(ana.html).toContain('href="http://site.test/consumer/listing/l%201"');
    expect(ana.html).toContain('Tower &lt;one&gt;');
    expect(ana.html).not.toContain('more on BISN');
    expect(withoutYear(ana.html)).toMatchSnapshot('html');
    expect(withoutYear(ana.text)).toMatchSnapshot('text');
  });

  it('holds at most 80 entries and links to the rest on BISN', async () => {
    const { blastDigestMails, digestEntry, MAX_DIGEST_ENTRIES } = await digest();
    expect(MAX_DIGEST_ENTRIES).toBe(80);
    const entries = (n: number) => Array.from({ length: n }, (_, i) => digestEntry(sampleListing(i), null));
    const full = await (await blastDigestMails(entries(80), new Date('2025-03-10T13:00:00Z')))('ana@example.com');
    expect(full.html.match(/\/consumer\/listing\//g)).toHaveLength(160);
    expect(full.text).not.toContain('more on BISN');
    const over = await (await blastDigestMails(entries(81), new Date('2025-03-10T13:00:00Z')))('ana@example.com');
    expect(over.subject).toBe('81 new listings on BISN · 03/10/2025');
    expect(over.html.match(/\/consumer\/listing\//g)).toHaveLength(160);
    expect(over.text).toContain('81 listings were broadcast');
    expect(over.text).toContain('1 more on BISN http://site.test/consumer/listings');
    expect(over.html).toContain('href="http://site.test/consumer/listings"');
  });

  it('says one listing in the singular', async () => {
    const { blastDigestMails, digestEntry } = await digest();
    const one = await (await blastDigestMails([digestEntry(listing(), null)], new Date('2025-03-10T13:00:00Z')))('ana@example.com');
    expect(one.text).toContain('One listing was broadcast to the community today in the categories you follow.');
    expect(one.text).not.toContain('Broker:');
  });
});
