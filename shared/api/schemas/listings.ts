import * as z from '../../zod';
import { buildingClasses, idsOf, leaseTypes, listingTypes, markets, usStates } from '../../catalog';
import { isBrochureUrl, withBrochureScheme } from '../../rules/links';
import { allOr, changedBy, contentVersion, idParam, itemHistory, money, pageOf, pageQuery, text } from './common';
import { listingImage, MAX_LISTING_IMAGES } from './images';
import { browseSort, listingCriteria, rangesInOrder, searchTotal } from './search';
import { leaseFrequencyId, marketId, propertyTypeId } from './requirements';
import { contact } from './users';

/** The editor and the blast's statuses, then expired (kept 60 days, renewable), sold and leased. */
export const listingStatuses = ['draft', 'queued', 'processing', 'published', 'expired', 'sold', 'leased'] as const;
export const listingStatus = z.enum(listingStatuses);
export type ListingStatus = z.infer<typeof listingStatus>;

export const listingTypeId = z.enum(idsOf(listingTypes), { error: 'You must select a listing type.' });
export const leaseTypeId = z.enum(idsOf(leaseTypes), { error: 'You must select a lease type and lease frequency.' });
export const usState = z.enum(usStates, { error: 'State is required' });

const sqft = z.nullable(z.number().check(z.int(), z.nonnegative(), z.maximum(100_000_000)));
/**
 * A draft save: every field may still be empty; completeness (shared/rules/completeness) decides
 * whether it can be published. Values that are present must be valid.
 */
/** Spec 02 §5, with its full stop. */
export const brochureUrlMessage = 'Please enter a valid URL.';

const wholeNumber = (max: number, what: string) =>
  z.optional(z.nullable(z.number({ error: `${what} must be a number.` }).check(z.int(`${what} must be a whole number.`), z.nonnegative(`${what} cannot be negative.`), z.maximum(max, `${what} is too large.`))));
const measure = (what: string) =>
  z.optional(z.nullable(z.number({ error: `${what} must be a number.` }).check(z.nonnegative(`${what} cannot be negative.`), z.maximum(10_000_000, `${what} is too large.`), z.refine((v) => Math.round(v * 100) / 100 === v, 'Use at most 2 decimal places.'))));
const factText = z.optional(text(200));

/** The property facts a listing states (shared/catalog/property-facts.ts): each optional, only its type's shown. */
export const listingFacts = z.strictObject({
  buildingClass: z.optional(z.nullable(z.enum(buildingClasses, { error: 'The building class is A, B or C.' }))),
  floors: wholeNumber(200, 'Floors'),
  clearHeightFt: measure('Clear height'),
  dockHighDoors: wholeNumber(10_000, 'Dock-high doors'),
  gradeLevelDoors: wholeNumber(10_000, 'Grade-level doors'),
  power: factText,
  frontageFt: measure('Frontage'),
  anchor: factText,
  acres: measure('Acres'),
  zoning: factText,
  utilities: factText,
  units: wholeNumber(100_000, 'Units'),
  yearBuilt: z.optional(z.nullable(z.number({ error: 'The year built must be a number.' }).check(z.int('The year built must be a whole number.'), z.minimum(1800, 'The year built is from 1800 on.'), z.maximum(2100, 'The year built is up to 2100.')))),
  parking: factText,
  apn: factText,
});
export type ListingFacts = z.infer<typeof listingFacts>;

export const listingDraft = z.object({
  title: z._default(text(200), ''),
  listingTypeId: z._default(z.nullable(listingTypeId), null),
  propertyTypeId: z._default(z.nullable(propertyTypeId), null),
  marketId: z._default(z.nullable(marketId), null),
  sqft: z._default(sqft, null),
  minSqft: z._default(sqft, null),
  maxSqft: z._default(sqft, null),
  price: z._default(money, null),
  leasePrice: z._default(money, null),
  leaseFrequencyId: z._default(z.nullable(leaseFrequencyId), null),
  leaseTypeId: z._default(z.nullable(leaseTypeId), null),
  /** When the space is available (spec 02 listing entity); free text, as on a requirement. */
  timing: z._default(text(200), ''),
  description: z._default(text(10000), ''),
  highlights: z._default(z.array(text(300)).check(z.maxLength(5)), []),
  address1: z._default(text(200), ''),
  address2: z._default(text(200), ''),
  city: z._default(text(100), ''),
  state: z._default(z.union([z.literal(''), usState]), ''),
  zipCode: z._default(z.union([z.literal(''), z.string().check(z.regex(/^\d{5}$/, 'ZIP code is required'))]), ''),
  zip4: z._default(z.union([z.literal(''), z.string().check(z.regex(/^\d{4}$/, 'ZIP+4 must be 4 digits'))]), ''),
  brochureUrl: z._default(
    z.union([
      z.literal(''),
      z.string().check(z.trim(), z.overwrite(withBrochureScheme), z.maxLength(2000), z.refine(isBrochureUrl, brochureUrlMessage)),
    ]),
    '',
  ),
  facts: z._default(listingFacts, {}),
});
export type ListingDraft = z.infer<typeof listingDraft>;
export type ListingDraftInput = z.input<typeof listingDraft>;

type DraftShape = typeof listingDraft.shape;
/** The draft's fields without their defaults: a save names every one of them (the property facts may be left out: none). */
const requiredDraftShape = Object.fromEntries(
  Object.entries(listingDraft.shape).map(([key, field]) => [key, key === 'facts' ? field : field._zod.def.innerType]),
) as { [K in Exclude<keyof DraftShape, 'facts'>]: DraftShape[K]['_zod']['def']['innerType'] } & Pick<DraftShape, 'facts'>;

/**
 * PUT /listing/{id}: the whole draft, as the editor holds it, and the version it was based on. Every field
 * must be there and no other: an empty or misspelt body would otherwise save the defaults over a draft.
 */
export const saveListingRequest = z.strictObject({
  ...requiredDraftShape,
  version: contentVersion,
  /** The photos' ids in their new order, the cover first: the listing's photos, each once. Absent: as they are. */
  imageOrder: z.optional(z.array(idParam).check(z.maxLength(MAX_LISTING_IMAGES), z.refine((ids) => new Set(ids).size === ids.length, 'Each photo once.'))),
});
export type SaveListingRequest = z.infer<typeof saveListingRequest>;

/** The form's own per-section messages (spec 02 §5), used by the editor; the API accepts partial drafts. */
export const listingHeaderForm = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Title cannot be empty.')),
  listingTypeId,
  propertyTypeId,
});
export const listingAddressForm = z.object({
  address1: z.string().check(z.trim(), z.minLength(1, 'Street address is required.')),
  city: z.string().check(z.trim(), z.minLength(1, 'City is required.')),
  state: z.string().check(z.minLength(2, 'State is required.')),
  zipCode: z.string().check(z.minLength(5, 'ZIP code is required.')),
  marketId: marketId,
});
export const listingDetailsForm = z.object({
  description: z.string().check(z.trim(), z.minLength(1, 'Description is required.')),
});
export const saveDraftTitleRequired = 'Title is required.';

export const geo = z.object({ lat: z.number(), lng: z.number() });

export const listing = z.extend(listingDraft, {
  listingId: z.string(),
  status: listingStatus,
  userId: z.string(),
  type: z.nullable(z.object({ listingTypeId, name: z.string() })),
  propertyType: z.nullable(z.object({ propertyTypeId, name: z.string() })),
  market: z.nullable(z.object({ marketId, name: z.string(), countyName: z.string() })),
  images: z.array(listingImage),
  /** The uploaded brochure PDF's URL (beside `brochureUrl`, a link elsewhere); null when none. */
  brochureFile: z.nullable(z.string()),
  location: z.nullable(geo),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedOn: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  /** When it was marked sold or leased (or expired), and the date the owner gave for the sale or lease. */
  closedAt: z.nullable(z.string()),
  closedOn: z.nullable(z.string()),
  /** What "days on BISN" counts from: the property's earlier listings within 12 months included. */
  onMarketSince: z.nullable(z.string()),
  /** Its prices since publishing, oldest first; empty when it never changed. */
  priceHistory: z.array(z.object({ at: z.string(), price: z.nullable(z.number()), leasePrice: z.nullable(z.number()) })),
  user: z.nullable(contact),
  version: contentVersion,
  /** Who created and changed it, the owner or a delegate: its owner's answers only. */
  history: z.optional(itemHistory),
});
export type Listing = z.infer<typeof listing>;

export const listingSummary = z.extend(
  z.pick(listing, {
    listingId: true,
    title: true,
    status: true,
    type: true,
    propertyType: true,
    market: true,
    sqft: true,
    minSqft: true,
    maxSqft: true,
    price: true,
    leasePrice: true,
    leaseFrequencyId: true,
    publishedOn: true,
    onMarketSince: true,
    createdAt: true,
  }),
  {
    thumbnail: z.nullable(z.string()),
    /** My listings only: who created and who last changed it. */
    createdBy: z.optional(z.nullable(changedBy)),
    lastChangedBy: z.optional(z.nullable(changedBy)),
  },
);
export type ListingSummary = z.infer<typeof listingSummary>;

/** The Listings browser's search: the spec's three filters and the criteria beside them (shared/rules/search.ts). */
export const listingSearchShape = {
  listingTypeId: allOr(listingTypeId),
  propertyTypeId: allOr(propertyTypeId),
  marketId: allOr(marketId),
  ...listingCriteria,
};
export const listListingsQuery = z.object({ ...pageQuery.shape, ...listingSearchShape, sort: browseSort }).check(...rangesInOrder);
export type ListListingsQuery = z.infer<typeof listListingsQuery>;

/** A page of the browser; the first also counts the results (`total`). */
export const listingPage = z.extend(pageOf(listingSummary), { total: z.optional(searchTotal) });
export type ListingPage = z.infer<typeof listingPage>;
export const myListingsResponse = z.object({ items: z.array(listingSummary) });
export const listingResponse = z.object({ listing });
export const listingIdParams = z.object({ listingId: idParam });
/** PUT /listing/{id}/price: a published listing's new price or lease rate, at the version it was based on. */
export const changeListingPriceRequest = z.strictObject({
  price: money,
  leasePrice: money,
  leaseFrequencyId: z.nullable(leaseFrequencyId),
  version: contentVersion,
});
export type ChangeListingPriceRequest = z.infer<typeof changeListingPriceRequest>;

/** POST /listing/{id}/close: sold or leased, with the date if the owner gives one. */
export const closeListingRequest = z.strictObject({
  outcome: z.enum(['sold', 'leased']),
  /** A real calendar date (2026-02-31 is refused), YYYY-MM-DD. */
  closedOn: z.optional(z.iso.date({ error: 'Use a real date like 2026-11-02.' })),
});
export type CloseListingRequest = z.infer<typeof closeListingRequest>;
export const listingImageParams = z.object({ listingId: idParam, imageId: idParam });
/** A photo added or removed: the listing's photos and its new content version. */
export const listingImagesResponse = z.object({ images: z.array(listingImage), version: contentVersion });
export const createListingResponse = z.object({ listingId: z.string(), listing });

export { markets };
