import * as z from '../../zod';
import { marketPageAreas } from '../../rules/market';
import { allOr } from './common';
import { propertyTypeId, requirementTypeId } from './requirements';

/** The Market page: an area (the region, a county or a submarket), a property type and a deal type. */
export const marketAreaId = z.enum(marketPageAreas.map((a) => a.id) as [string, ...string[]], { error: 'Unknown area.' });

export const marketQuery = z.object({
  area: allOr(marketAreaId),
  propertyTypeId: allOr(propertyTypeId),
  dealTypeId: allOr(requirementTypeId),
});
export type MarketQuery = z.infer<typeof marketQuery>;

const count = z.number();
const optionalNumber = z.nullable(z.number());

/** One cell's figures (shared/rules/market.ts MarketFigures). */
export const marketFigures = z.object({
  requirements: count,
  requirementSqft: count,
  requirementAcres: count,
  requirementMedianSqft: optionalNumber,
  requirementsNew: count,
  requirementsFilled: count,
  listings: count,
  listingSqft: count,
  listingAcres: count,
  listingMedianSqft: optionalNumber,
  medianPricePerSqft: optionalNumber,
  medianLeaseRatePerSqftYear: optionalNumber,
  listingsNew: count,
  listingsSold: count,
  listingsLeased: count,
  demandSupplyRatio: optionalNumber,
  sqftDemandSupplyRatio: optionalNumber,
});

export const marketResponse = z.object({
  area: z.string(),
  propertyTypeId: z.nullable(z.string()),
  dealTypeId: z.nullable(z.string()),
  /** The current week (its Monday, Sacramento time). */
  week: z.string(),
  figures: marketFigures,
  /** Every area's counts (the map, the areas table); medians only for the selected one. */
  areas: z.array(z.object({ area: z.string(), figures: marketFigures })),
  /** The area's counts by property type and by deal type; medians only for the selected one. */
  byPropertyType: z.array(z.object({ propertyTypeId: z.nullable(z.string()), figures: marketFigures })),
  byDealType: z.array(z.object({ dealTypeId: z.nullable(z.string()), figures: marketFigures })),
  /** The last 52 weeks, oldest first; a week's figures are null when no snapshot was taken. */
  trend: z.array(z.object({ week: z.string(), figures: z.nullable(marketFigures) })),
  /** Aggregate items the answer read (bounded: never a scan of listings or requirements). */
  itemsRead: z.number(),
});
export type MarketResponse = z.infer<typeof marketResponse>;
