import { describe, expect, it } from 'vitest';
import { listingDraft } from '../../../shared/api/schemas/listings';
import {
  isListingComplete,
  listingCompleteness,
  listingCompletenessLabels,
  type ListingCompletenessInput,
} from '../../../shared/rules';

/** A saved draft as the API holds it: address2, zip4, prices and brochure left at their empty defaults. */
const complete = {
  ...listingDraft.parse({
    title: 'Midtown office condo',
    propertyTypeId: 'office',
    listingTypeId: 'for-sale-user',
    marketId: 'sac-midtown',
    address1: '1801 L St',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95811',
    description: 'Corner unit with parking.',
  }),
  images: [{ imageId: 'a' }],
};

describe('listingCompleteness', () => {
  it('labels the seven indicators in the spec order', () => {
    expect(listingCompletenessLabels.map((l) => l.label)).toEqual([
      'Title',
      'Property Type',
      'Listing Type',
      'Market',
      'Address',
      'Listing Image',
      'Description',
    ]);
    expect(Object.keys(listingCompleteness(complete))).toEqual(listingCompletenessLabels.map((l) => l.key));
  });

  it('is all true for a complete listing (address2, zip4, prices and brochure are not needed)', () => {
    expect(Object.values(listingCompleteness(complete))).toEqual(Array(7).fill(true));
    expect(isListingComplete(complete)).toBe(true);
  });

  it('is all false for the empty draft the API creates', () => {
    const empty = { ...listingDraft.parse({}), images: [] };
    expect(Object.values(listingCompleteness(empty))).toEqual(Array(7).fill(false));
    expect(isListingComplete(empty)).toBe(false);
  });

  it('flags each missing piece on its own', () => {
    const cases: [Partial<ListingCompletenessInput>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ propertyTypeId: null }, 'propertyType'],
      [{ listingTypeId: null }, 'listingType'],
      [{ marketId: null }, 'market'],
      [{ address1: '' }, 'address'],
      [{ city: ' ' }, 'address'],
      [{ state: '' }, 'address'],
      [{ zipCode: '' }, 'address'],
      [{ images: [] }, 'image'],
      [{ description: '\n' }, 'description'],
    ];
    for (const [change, key] of cases) {
      const flags = listingCompleteness({ ...complete, ...change });
      const failing = Object.entries(flags).filter(([, ok]) => !ok).map(([k]) => k);
      expect(failing, JSON.stringify(change)).toEqual([key]);
      expect(isListingComplete({ ...complete, ...change })).toBe(false);
    }
  });

  it('treats fields the form has not filled yet (undefined) as missing', () => {
    expect(listingCompleteness({ title: 'Only a title' })).toEqual({
      title: true,
      propertyType: false,
      listingType: false,
      market: false,
      address: false,
      image: false,
      description: false,
    });
  });
});
