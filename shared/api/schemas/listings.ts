import * as z from 'zod';
import { ALL, idsOf, leaseFrequencies, leaseTypes, listingTypes, markets, usStates } from '../../catalog';
import { cursor, idParam, pageOf, PAGE_SIZE, text } from './common';
import { listingImage } from './images';
import { marketId, propertyTypeId } from './requirements';
import { contact } from './users';

export const listingStatuses = ['draft', 'queued', 'processing', 'published'] as const;
export const listingStatus = z.enum(listingStatuses);
export type ListingStatus = z.infer<typeof listingStatus>;

export const listingTypeId = z.enum(idsOf(listingTypes), { error: 'You must select a listing type.' });
export const leaseFrequencyId = z.enum(idsOf(leaseFrequencies), { error: 'You must select a lease frequency.' });
export const leaseTypeId = z.enum(idsOf(leaseTypes), { error: 'You must select a lease type and lease frequency.' });
export const usState = z.enum(usStates, { error: 'State is required' });

const sqft = z.number().int().nonnegative().max(100_000_000).nullable();
/**
 * Dollars with at most 4 decimals: anything finer is not money, and numbers as small as 1e-130 cannot be
 * stored in DynamoDB at all (a 5e-324 price used to be a 500).
 */
const money = z
  .number()
  .nonnegative()
  .max(10_000_000_000)
  .refine((v) => Math.round(v * 10_000) / 10_000 === v, 'Use at most 4 decimal places.')
  .nullable();

/**
 * A draft save: every field may still be empty; completeness (shared/rules/completeness) decides
 * whether it can be published. Values that are present must be valid.
 */
export const listingDraft = z.object({
  title: text(200).default(''),
  listingTypeId: listingTypeId.nullable().default(null),
  propertyTypeId: propertyTypeId.nullable().default(null),
  marketId: marketId.nullable().default(null),
  sqft: sqft.default(null),
  minSqft: sqft.default(null),
  maxSqft: sqft.default(null),
  price: money.default(null),
  leasePrice: money.default(null),
  leaseFrequencyId: leaseFrequencyId.nullable().default(null),
  leaseTypeId: leaseTypeId.nullable().default(null),
  description: text(10000).default(''),
  highlights: z.array(text(300)).max(5).default([]),
  address1: text(200).default(''),
  address2: text(200).default(''),
  city: text(100).default(''),
  state: z.union([z.literal(''), usState]).default(''),
  zipCode: z.union([z.literal(''), z.string().regex(/^\d{5}$/, 'ZIP code is required')]).default(''),
  zip4: z.union([z.literal(''), z.string().regex(/^\d{4}$/, 'ZIP+4 must be 4 digits')]).default(''),
  brochureUrl: z
    .union([z.literal(''), z.string().trim().max(2000).refine(isBrochureUrl, 'Please enter a valid URL')])
    .default(''),
});
export type ListingDraft = z.infer<typeof listingDraft>;
export type ListingDraftInput = z.input<typeof listingDraft>;

/** Accepts "example.com/x.pdf" as well as full http(s) URLs: the link is shown https:// prefixed. */
export function isBrochureUrl(value: string): boolean {
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The form's own per-section messages (spec 02 §5), used by the editor; the API accepts partial drafts. */
export const listingHeaderForm = z.object({
  title: z.string().trim().min(1, 'Title cannot be empty.'),
  listingTypeId,
  propertyTypeId,
});
export const listingAddressForm = z.object({
  address1: z.string().trim().min(1, 'Street address is required.'),
  city: z.string().trim().min(1, 'City is required.'),
  state: z.string().min(2, 'State is required.'),
  zipCode: z.string().min(5, 'ZIP code is required.'),
  marketId: marketId,
});
export const listingDetailsForm = z.object({
  description: z.string().trim().min(1, 'Description is required.'),
});
export const saveDraftTitleRequired = 'Title is required.';

export const geo = z.object({ lat: z.number(), lng: z.number() });

export const listing = listingDraft.extend({
  listingId: z.string(),
  status: listingStatus,
  userId: z.string(),
  type: z.object({ listingTypeId, name: z.string() }).nullable(),
  propertyType: z.object({ propertyTypeId, name: z.string() }).nullable(),
  market: z.object({ marketId, name: z.string(), countyName: z.string() }).nullable(),
  images: z.array(listingImage),
  location: geo.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedOn: z.string().nullable(),
  expiresAt: z.string().nullable(),
  user: contact.nullable(),
});
export type Listing = z.infer<typeof listing>;

export const listingSummary = listing.pick({
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
  createdAt: true,
}).extend({ thumbnail: z.string().nullable() });
export type ListingSummary = z.infer<typeof listingSummary>;

const filter = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal(ALL), schema]).optional().transform((v) => (v === ALL ? undefined : v));

export const listListingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  cursor: cursor.optional(),
  listingTypeId: filter(listingTypeId),
  propertyTypeId: filter(propertyTypeId),
  marketId: filter(marketId),
});
export type ListListingsQuery = z.infer<typeof listListingsQuery>;

export const listingPage = pageOf(listingSummary);
export type ListingPage = z.infer<typeof listingPage>;
export const myListingsResponse = z.object({ items: z.array(listingSummary) });
export const listingResponse = z.object({ listing });
export const listingIdParams = z.object({ listingId: idParam });
export const listingImageParams = z.object({ listingId: idParam, imageId: idParam });
export const listingImagesResponse = z.object({ images: z.array(listingImage) });
export const createListingResponse = z.object({ listingId: z.string(), listing });

export { markets };
