import type { ListingDraft } from '../api/schemas/listings';

/** The listingDraft fields the flags read (Pick fails to compile if the schema renames one). */
type DraftField = keyof Pick<
  ListingDraft,
  'title' | 'listingTypeId' | 'propertyTypeId' | 'marketId' | 'address1' | 'city' | 'state' | 'zipCode' | 'description'
>;

/**
 * A saved listing or the editor's form state: any field may still be missing or empty while editing
 * (a select may hold "" before a choice), so every field is a plain optional string here.
 */
export type ListingCompletenessInput = { readonly [K in DraftField]?: string | null } & {
  readonly images?: readonly unknown[] | null;
};

/** The seven indicators of the listing editor, in the spec's order. */
export const listingCompletenessLabels = [
  { key: 'title', label: 'Title' },
  { key: 'propertyType', label: 'Property Type' },
  { key: 'listingType', label: 'Listing Type' },
  { key: 'market', label: 'Market' },
  { key: 'address', label: 'Address' },
  { key: 'image', label: 'Listing Image' },
  { key: 'description', label: 'Description' },
] as const;

export type ListingCompletenessKey = (typeof listingCompletenessLabels)[number]['key'];
export type ListingCompleteness = Record<ListingCompletenessKey, boolean>;

const filled = (value: string | null | undefined): boolean => !!value && value.trim().length > 0;

/** Spec 02 §4 "Completeness flags". Whitespace-only text counts as empty. */
export function listingCompleteness(listing: ListingCompletenessInput): ListingCompleteness {
  return {
    title: filled(listing.title),
    propertyType: filled(listing.propertyTypeId),
    listingType: filled(listing.listingTypeId),
    market: filled(listing.marketId),
    address: [listing.address1, listing.city, listing.state, listing.zipCode].every(filled),
    image: (listing.images?.length ?? 0) > 0,
    description: filled(listing.description),
  };
}

/** Publish is allowed only when all seven flags hold. */
export function isListingComplete(listing: ListingCompletenessInput): boolean {
  return Object.values(listingCompleteness(listing)).every(Boolean);
}
