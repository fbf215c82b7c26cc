import { beforeAll, describe, expect, it } from 'vitest';
import { sampleListing, sampleOwner } from '../../../lib/local/mail-samples';
import type { ListingRecord } from '../../../lambdas/data/listings';
import { useMailEnv } from './mail-env';

// A listing as the mails show it (the personal digest, instant alerts, match notices): its facts and its
// broker's contact (PRODUCT.md "Listing lifecycle", "Subscriptions").

beforeAll(() => useMailEnv());

const digest = () => import('../../../lambdas/domain/mail/templates/digest-entry');
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
      broker: ['Dana Reyes', 'Capitol Commercial Partners'],
      phone: sampleOwner().phone,
      thumbnailUrl: 'http://assets.test/listings/sample-1/img1/thumbnail.webp',
    });
  });

  it('says “Available” once when the timing says it itself', async () => {
    const { digestEntry } = await digest();
    expect(digestEntry(listing({ timing: 'Available February 2027' }), null).facts.at(-1)).toBe('Available February 2027');
    expect(digestEntry(listing({ timing: 'available now' }), null).facts.at(-1)).toBe('available now');
    expect(digestEntry(listing({ timing: 'Spring 2027' }), null).facts.at(-1)).toBe('Available: Spring 2027');
  });

  it('shows the broker’s phone as a tel: link, in the text as the number alone', async () => {
    const { digestEntry, DigestEntryRow } = await digest();
    const { renderMail } = await import('../../../lambdas/domain/mail/render');
    const { createElement } = await import('react');
    const table = (phone: string) => createElement('table', null, createElement('tbody', null, createElement(DigestEntryRow, { entry: digestEntry(listing(), { ...sampleOwner(), phone }) })));
    const { html, text } = await renderMail(table('9165550142'));
    expect(html).toContain('<a href="tel:+19165550142" style="color:#0f3d56;white-space:nowrap">(916) 555-0142</a>');
    expect(text).toContain('Capitol Commercial Partners · (916) 555-0142');
    expect(text).not.toContain('tel:');
    expect((await renderMail(table('916.555.0142 x12'))).html).toContain('<a href="tel:+19165550142;ext=12"');
    const free = await renderMail(table('ask the front desk'));
    expect(free.html).not.toContain('tel:');
    expect(free.text).toContain('· ask the front desk');
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
