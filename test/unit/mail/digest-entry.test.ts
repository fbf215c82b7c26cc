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
