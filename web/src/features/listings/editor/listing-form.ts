import type { FieldErrors, Resolver } from 'react-hook-form';
import * as z from '@shared/zod';
import {
  HIGHLIGHT_LINES,
  leaseFrequencyId,
  leaseTypeId,
  listingAddressForm,
  listingDetailsForm,
  listingDraft,
  listingHeaderForm,
  type Listing,
  type ListingDraft,
} from '@shared/api/schemas';
import {
  counties,
  factsOfPropertyType,
  idsOf,
  listingTypeHasLease,
  listingTypeHasSale,
  listingTypes,
  markets,
  propertyTypes,
  type ListingTypeId,
  type PropertyFactId,
} from '@shared/catalog';
import { formatThousands, parseDecimalInput, parseDigitsInput } from '@shared/rules/format';
import type { AutosaveSection } from './autosave';

/**
 * The editor's form state: what the inputs show, as text. Select fields hold a catalogue id or '' (none
 * chosen yet); sqft fields hold "12,500"; prices hold what was typed ("1250000.5"). `toDraft` turns it
 * into the API's draft, which the autosave sends whole.
 */
export interface ListingFormValues {
  title: string;
  listingTypeId: string;
  propertyTypeId: string;
  sqft: string;
  price: string;
  leasePrice: string;
  leaseFrequencyId: string;
  leaseTypeId: string;
  minSqft: string;
  maxSqft: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  zip4: string;
  marketId: string;
  timing: string;
  description: string;
  highlights: string[];
  brochureUrl: string;
  /** The property facts as typed, by fact id ('' = not stated); only the property type's are sent. */
  facts: Partial<Record<PropertyFactId, string>>;
}

export type ListingFormField = keyof ListingFormValues;

/** Which autosave section each field belongs to (the image section saves through its own calls). */
export const fieldSection: Record<ListingFormField, AutosaveSection> = {
  title: 'header',
  listingTypeId: 'header',
  propertyTypeId: 'header',
  sqft: 'header',
  price: 'header',
  leasePrice: 'header',
  leaseFrequencyId: 'header',
  leaseTypeId: 'header',
  minSqft: 'header',
  maxSqft: 'header',
  address1: 'address',
  address2: 'address',
  city: 'address',
  state: 'address',
  zipCode: 'address',
  zip4: 'address',
  marketId: 'address',
  timing: 'details',
  description: 'details',
  highlights: 'details',
  brochureUrl: 'details',
  facts: 'details',
};

/** "highlights.2" → "highlights": react-hook-form names array items by path. */
export function sectionOfField(name: string): AutosaveSection | undefined {
  const field = name.split('.')[0] as ListingFormField;
  return fieldSection[field];
}

const sqftText = (value: number | null) => (value === null ? '' : formatThousands(String(value)));
const priceText = (value: number | null) => (value === null ? '' : String(value));

/** The form state of a saved listing; highlights always have their five lines. */
export function toFormValues(listing: Listing): ListingFormValues {
  return {
    title: listing.title,
    listingTypeId: listing.listingTypeId ?? '',
    propertyTypeId: listing.propertyTypeId ?? '',
    sqft: sqftText(listing.sqft),
    price: priceText(listing.price),
    leasePrice: priceText(listing.leasePrice),
    leaseFrequencyId: listing.leaseFrequencyId ?? '',
    leaseTypeId: listing.leaseTypeId ?? '',
    minSqft: sqftText(listing.minSqft),
    maxSqft: sqftText(listing.maxSqft),
    address1: listing.address1,
    address2: listing.address2,
    city: listing.city,
    state: listing.state,
    zipCode: listing.zipCode,
    zip4: listing.zip4,
    marketId: listing.marketId ?? '',
    timing: listing.timing,
    description: listing.description,
    highlights: Array.from({ length: HIGHLIGHT_LINES }, (_, i) => listing.highlights[i] ?? ''),
    brochureUrl: listing.brochureUrl,
    facts: Object.fromEntries(Object.entries(listing.facts).map(([id, value]) => [id, value === null || value === undefined ? '' : String(value)])),
  };
}

/** The facts of the form's property type that were typed, as the API takes them (numbers as numbers). */
function factsOf(values: ListingFormValues): ListingDraft['facts'] {
  const out: Record<string, string | number | null> = {};
  for (const fact of factsOfPropertyType(values.propertyTypeId)) {
    const typed = values.facts[fact.id]?.trim() ?? '';
    if (!typed) continue;
    if (fact.kind === 'text' || fact.kind === 'class') out[fact.id] = typed;
    else out[fact.id] = (fact.kind === 'measure' ? parseDecimalInput(typed) : parseDigitsInput(typed)) ?? null;
  }
  return out as ListingDraft['facts'];
}

const orNull = <T extends string>(value: string) => (value ? (value as T) : null);

/**
 * The draft the autosave sends: the whole form. The sale fields go only with a type that has Sale and
 * the lease fields only with one that has Lease, so a listing never carries a price its type hides (the
 * form keeps the hidden text while the editor is open, in case the type is switched back).
 */
export function toDraft(values: ListingFormValues): ListingDraft {
  const type = orNull<ListingTypeId>(values.listingTypeId);
  const sale = listingTypeHasSale(type);
  const lease = listingTypeHasLease(type);
  return {
    title: values.title,
    listingTypeId: type,
    propertyTypeId: orNull(values.propertyTypeId),
    marketId: orNull(values.marketId),
    sqft: sale ? parseDigitsInput(values.sqft) : null,
    price: sale ? parseDecimalInput(values.price) : null,
    leasePrice: lease ? parseDecimalInput(values.leasePrice) : null,
    leaseFrequencyId: lease ? orNull(values.leaseFrequencyId) : null,
    leaseTypeId: lease ? orNull(values.leaseTypeId) : null,
    minSqft: lease ? parseDigitsInput(values.minSqft) : null,
    maxSqft: lease ? parseDigitsInput(values.maxSqft) : null,
    address1: values.address1,
    address2: values.address2,
    city: values.city,
    state: values.state as ListingDraft['state'],
    zipCode: values.zipCode,
    zip4: values.zip4,
    timing: values.timing,
    description: values.description,
    // Empty lines are kept out of the stored list: the detail page shows only what was written.
    highlights: values.highlights.map((line) => line.trim()).filter(Boolean),
    brochureUrl: values.brochureUrl.trim(),
    facts: factsOf(values),
  };
}

/** The draft as the API would parse it, or the fields it would refuse with their messages. */
export function parseDraft(values: ListingFormValues) {
  return listingDraft.safeParse(toDraft(values));
}

/**
 * The form's messages (spec 02 §5): the three section schemas of the shared contract, the lease
 * selections when the type has Lease, and what the API's draft schema refuses (ZIP+4, "Please enter a
 * valid URL", out-of-range numbers). The first message per field is shown.
 */
const requiredMarket = z.enum(idsOf(markets), { error: 'Market is required.' });
const sectionSchema = z.extend(listingHeaderForm, {
  ...listingAddressForm.shape,
  marketId: requiredMarket,
  ...listingDetailsForm.shape,
});

export type ListingFormErrors = Partial<Record<ListingFormField, string>>;

export function validateListingForm(values: ListingFormValues): ListingFormErrors {
  const errors: ListingFormErrors = {};
  const add = (field: string, message: string) => {
    const key = field as ListingFormField;
    if (key in fieldSection && !errors[key]) errors[key] = message;
  };

  const sections = sectionSchema.safeParse(values);
  if (!sections.success) for (const issue of sections.error.issues) add(String(issue.path[0]), issue.message);

  if (listingTypeHasLease(orNull<ListingTypeId>(values.listingTypeId))) {
    const frequency = leaseFrequencyId.safeParse(values.leaseFrequencyId);
    if (!frequency.success) add('leaseFrequencyId', frequency.error.issues[0]!.message);
    const type = leaseTypeId.safeParse(values.leaseTypeId);
    if (!type.success) add('leaseTypeId', type.error.issues[0]!.message);
  }

  const draft = parseDraft(values);
  if (!draft.success) for (const issue of draft.error.issues) add(String(issue.path[0]), issue.message);
  return errors;
}

/** react-hook-form's view of validateListingForm: the messages appear under their fields. */
export const listingFormResolver: Resolver<ListingFormValues> = (values) => {
  const messages = Object.entries(validateListingForm(values));
  if (messages.length === 0) return { values, errors: {} };
  const errors: FieldErrors<ListingFormValues> = Object.fromEntries(
    messages.map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

/** Fields whose values the API's draft schema refuses: the autosave waits until they are fixed. */
export function invalidDraftFields(values: ListingFormValues): ListingFormField[] {
  const draft = parseDraft(values);
  if (draft.success) return [];
  return [...new Set(draft.error.issues.map((issue) => String(issue.path[0]) as ListingFormField))];
}

/**
 * The editor's live preview: the saved listing (photos, owner, geocoded location, dates) with the
 * form's current text over it, named from the catalogues as the API would name it.
 */
export function previewListing(saved: Listing, values: ListingFormValues): Listing {
  const draft = toDraft(values);
  const type = listingTypes.find((t) => t.id === draft.listingTypeId);
  const propertyType = propertyTypes.find((t) => t.id === draft.propertyTypeId);
  const market = markets.find((m) => m.id === draft.marketId);
  return {
    ...saved,
    ...draft,
    type: type ? { listingTypeId: type.id, name: type.name } : null,
    propertyType: propertyType ? { propertyTypeId: propertyType.id, name: propertyType.name } : null,
    market: market
      ? { marketId: market.id, name: market.name, countyName: counties.find((c) => c.id === market.countyId)!.name }
      : null,
  };
}

const emptyDraft = listingDraft.parse({});

/** A draft nothing was put into: every field as a new listing starts and no photo. Closing it keeps nothing. */
export function isUntouchedDraft(draft: ListingDraft, images: readonly unknown[]): boolean {
  return images.length === 0 && (Object.keys(emptyDraft) as (keyof ListingDraft)[]).every((key) => JSON.stringify(draft[key]) === JSON.stringify(emptyDraft[key]));
}
