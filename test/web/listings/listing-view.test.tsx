import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListingView } from '@/features/listings/components/listing-view';
import { startWithConfig } from '../support/fake-backend';
import { testListing } from './listing-backend';

describe('listing view', () => {
  it('shows the lease square-foot range as "min - max" under its Available Sqft label (spec 02 §5)', async () => {
    await startWithConfig();
    const listing = testListing({
      type: { listingTypeId: 'for-lease', name: 'For Lease' },
      listingTypeId: 'for-lease',
      minSqft: 1000,
      maxSqft: 5000,
    });
    render(<ListingView listing={listing} now={new Date('2026-01-06T17:00:00.000Z')} preview />);

    const label = screen.getByText('Available Sqft');
    expect(label.nextElementSibling).toHaveTextContent(/^1,000 - 5,000$/);
  });
});
