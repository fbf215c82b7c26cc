import { listingDraft, type Requirement } from '../../shared/api';
import type { ListingRecord } from '../../lambdas/data/listings';
import { newUserRecord, type UserRecord } from '../../lambdas/data/users';

/**
 * Sample data for the mail previews (`npm run mail:preview`) and the mail size checks: realistic lengths,
 * so the largest blast measured here is what brokers would get.
 */
export function sampleOwner(): UserRecord {
  return {
    ...newUserRecord({ userId: 'sample-owner', email: 'dana.reyes@example.com', firstName: 'Dana', lastName: 'Reyes', acceptedTermsAndConditions: true }),
    status: 'active',
    phone: '9165550142',
    title: 'Senior Associate',
    license: '01234567',
    brokerInfo: { name: 'Capitol Commercial Partners', address1: '1500 Capitol Mall', address2: 'Sacramento, CA 95814' },
  };
}

export function sampleListing(i: number): ListingRecord {
  const now = new Date().toISOString();
  return {
    ...listingDraft.parse({
      title: `Renovated two-storey office near the light rail, suite ${100 + i}`,
      listingTypeId: 'for-sale-or-lease',
      propertyTypeId: 'office',
      marketId: 'sac-midtown',
      sqft: 12500 + i,
      price: 1850000.5,
      leasePrice: 1.5,
      leaseFrequencyId: 'monthly',
    }),
    listingId: `sample-listing-${String(i).padStart(4, '0')}-0a1b2c3d4e5f`,
    userId: 'sample-owner',
    status: 'processing',
    images: [{ _id: `img${i}`, thumbnail: `listings/sample-${i}/img${i}/thumbnail.webp`, medium: '', large: '' }],
    location: null,
    geocodedAddress: null,
    createdAt: now,
    updatedAt: now,
    publishedOn: null,
    expiresAt: null,
  };
}

export function sampleRequirement(): Requirement {
  const owner = sampleOwner();
  return {
    requirementId: 'sample-requirement',
    title: 'Creative office near Midtown for a 40-person design studio',
    status: 'sent',
    sqftMin: 6000,
    sqftMax: 9000,
    timing: 'Q3 2027',
    description: 'Open floor plan preferred.\nParking for 30 cars; close to light rail.',
    userId: owner.userId,
    type: { requirementTypeId: 'for-lease', name: 'For Lease' },
    propertyType: { propertyTypeId: 'office', name: 'Office' },
    highlights: ['Natural light', 'Bike storage', 'Signage'],
    maxPrice: null,
    maxLeaseRate: 2.75,
    maxLeaseFrequencyId: 'monthly',
    markets: [
      { marketId: 'sac-midtown', name: 'Midtown' },
      { marketId: 'sac-downtown', name: 'Downtown' },
    ],
    createdAt: new Date().toISOString(),
    sentAt: new Date().toISOString(),
    expiresAt: null,
    closedAt: null,
    outcome: null,
    version: 0,
    user: {
      _id: owner.userId,
      firstName: owner.firstName,
      lastName: owner.lastName,
      title: owner.title,
      phone: owner.phone,
      email: owner.email,
      license: owner.license,
      profileImage: null,
      brokerImage: null,
      brokerInfo: owner.brokerInfo,
    },
  };
}
