import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../../lambdas/core/env';
import { draftOf, partitionFor, partitionsOf, type ListingRecord } from '../../../lambdas/data/listings';
import { addressKey, geocodeAddress, isGeocodable } from '../../../lambdas/domain/geocode';
import { jobClock } from '../../../lambdas/core/job-clock';
import { toListingDto, toListingSummary } from '../../../lambdas/domain/listings';
import { expiresAtFor } from '../../../shared/rules';
import { digestEntry } from '../../../lambdas/domain/mail/templates/digest-entry';
import { closeListingRequest, listing as listingSchema, listingDraft, listingSummary } from '../../../shared/api';

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    IMAGES_BUCKET: 'b',
    ASSET_BASE_URL: 'https://img.bisn.example',
    SITE_URL: 'https://bisn.example',
    API_URL: 'https://api.bisn.example',
    MAIL_FROM: 'BISN <no-reply@bisn.example>',
    USER_POOL_ID: 'pool',
    UNSUBSCRIBE_SECRET: 'unit-test-secret-0123456789',
    GEOCODER: 'zip-centroids',
    POSTAL_ADDRESS: 'BISN, 1 Test Street, Sacramento, CA 95814',
  });
  resetEnvCache();
});

const record = (overrides: Partial<ListingRecord> = {}): ListingRecord => ({
  ...listingDraft.parse({
    title: 'Warehouse <script>',
    listingTypeId: 'for-sale-or-lease',
    propertyTypeId: 'industrial',
    marketId: 'placer-rocklin',
    sqft: 40000,
    price: 5250000.5,
    leasePrice: 0.95,
    leaseFrequencyId: 'monthly',
    address1: '1 Industrial Way',
    city: 'Rocklin',
    state: 'CA',
    zipCode: '95765',
  }),
  listingId: 'l-1',
  userId: 'u-1',
  status: 'published',
  images: [{ _id: 'i-1', thumbnail: 'listings/l-1/thumbnail/i-1.jpg', medium: 'listings/l-1/medium/i-1.jpg', large: 'listings/l-1/large/i-1.jpg' }],
  location: { lat: 38.8, lng: -121.2 },
  geocodedAddress: '1 industrial way|rocklin|ca|95765',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  publishedOn: '2025-01-06T14:00:00.000Z',
  expiresAt: '2025-05-06T14:00:00.000Z',
  runId: 'run-1',
  ...overrides,
});

describe('browse index partitions', () => {
  it('puts a published listing in the 8 partitions of its filter combinations', () => {
    const partitions = partitionsOf(record());
    expect(partitions).toHaveLength(8);
    expect(partitions).toContain('LSTIDX#for-sale-or-lease#industrial#placer-rocklin');
    expect(partitions).toContain('LSTIDX#*#*#*');
    expect(partitions).toContain('LSTIDX#*#industrial#*');
  });

  it('reads exactly one partition per filter; ALL and absent mean the wildcard', () => {
    expect(partitionFor({})).toBe('LSTIDX#*#*#*');
    expect(partitionFor({ listingTypeId: 'ALL', propertyTypeId: 'office' })).toBe('LSTIDX#*#office#*');
    for (const filter of [{}, { marketId: 'placer-rocklin' }, { listingTypeId: 'for-sale-or-lease', propertyTypeId: 'industrial' }]) {
      expect(partitionsOf(record())).toContain(partitionFor(filter));
    }
  });
});

describe('listing answers', () => {
  it('resolve catalogue names and absolute image URLs, and match the contract', () => {
    const dto = toListingDto(record(), null, 'self');
    expect(listingSchema.parse(dto)).toEqual(dto);
    expect(dto).toMatchObject({
      type: { listingTypeId: 'for-sale-or-lease', name: 'For Sale or Lease' },
      propertyType: { propertyTypeId: 'industrial', name: 'Industrial' },
      market: { marketId: 'placer-rocklin', name: 'Rocklin', countyName: 'Placer' },
      images: [{ _id: 'i-1', thumbnail: 'https://img.bisn.example/listings/l-1/thumbnail/i-1.jpg' }],
    });
    expect(dto).not.toHaveProperty('runId');
    expect(dto).not.toHaveProperty('geocodedAddress');
    const summary = toListingSummary(record());
    expect(listingSummary.parse(summary)).toEqual(summary);
    expect(summary.thumbnail).toBe('https://img.bisn.example/listings/l-1/thumbnail/i-1.jpg');
    expect(Object.keys(draftOf(record())).sort()).toEqual(Object.keys(listingDraft.shape).sort());
  });

  it('expire 120 days after publishedOn', () => {
    expect(expiresAtFor('2025-01-06T14:00:00.000Z')).toBe('2025-05-06T14:00:00.000Z');
  });
});

describe('geocoding', () => {
  it('locates a ZIP at its centroid offline, and knows no unknown ZIP', async () => {
    const base = { address1: '', city: '', state: 'CA' };
    const point = await geocodeAddress({ ...base, zipCode: '95814' });
    expect(point!.lat).toBeCloseTo(38.58, 1);
    expect(point!.lng).toBeCloseTo(-121.49, 1);
    expect(await geocodeAddress({ ...base, zipCode: '00001' })).toBeNull();
    expect(isGeocodable({ ...base, zipCode: '' })).toBe(false);
    expect(isGeocodable({ ...base, address1: '1 Main St', city: 'Davis', zipCode: '' })).toBe(true);
  });

  it('keys an address case- and space-insensitively, so only a real change geocodes again', () => {
    const a = { address1: ' 1500 J Street', city: 'Sacramento', state: 'CA', zipCode: '95814' };
    expect(addressKey(a)).toBe(addressKey({ ...a, address1: '1500 j street ', city: 'SACRAMENTO' }));
    expect(addressKey(a)).not.toBe(addressKey({ ...a, zipCode: '95816' }));
  });
});

describe('job clock', () => {
  it('takes `now`, else the schedule `time`, else the real clock', () => {
    expect(jobClock({ now: '2025-05-07T00:00:00Z', time: '2025-01-01T00:00:00Z' }).toISOString()).toBe('2025-05-07T00:00:00.000Z');
    expect(jobClock({ time: '2025-01-01T00:00:00Z' }).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    const before = Date.now();
    expect(jobClock({ now: 'not a date' }).getTime()).toBeGreaterThanOrEqual(before);
    expect(jobClock(undefined).getTime()).toBeGreaterThanOrEqual(before);
  });
});

describe('a listing in the mails', () => {
  it('shows photo, title, types, whole-dollar price and lease rate, size, submarket, broker and link', () => {
    const entry = digestEntry(record(), null);
    expect(entry).toMatchObject({
      title: 'Warehouse <script>',
      kind: 'For Sale or Lease · Industrial',
      facts: ['Price: $5,250,000', 'Lease rate: $0.95 per sqft / Monthly', '40,000 sqft', 'Rocklin'],
      thumbnailUrl: 'https://img.bisn.example/listings/l-1/thumbnail/i-1.jpg',
      url: 'https://bisn.example/consumer/listing/l-1',
      broker: [],
    });
  });

  it('shows only the price a listing type asks for; "Negotiable" when empty', () => {
    const sale = digestEntry(record({ listingTypeId: 'for-sale-user', price: null }), null);
    expect(sale.facts).toContain('Price: Negotiable');
    expect(sale.facts.join()).not.toContain('Lease rate');
    const lease = digestEntry(record({ listingTypeId: 'for-lease', images: [] }), null);
    expect(lease.facts.join()).not.toContain('Price:');
    expect(lease.thumbnailUrl).toBeNull();
  });
});

describe('closing a listing', () => {
  it('takes a real calendar date only', () => {
    for (const closedOn of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(closeListingRequest.safeParse({ outcome: 'sold', closedOn }).success, closedOn).toBe(true);
    for (const closedOn of ['2026-02-31', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-5']) {
      const result = closeListingRequest.safeParse({ outcome: 'leased', closedOn });
      expect(result.success, closedOn).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Use a real date like 2026-11-02.');
    }
  });
});
