import * as z from '../../zod';
import { idsOf, marketAreas } from '../../catalog';
import { allOr, pageOf, pageQuery, text } from './common';
import { listingSummary } from './listings';
import { propertyTypeId, requirementSummary, requirementTypeId } from './requirements';

/**
 * The broker directory (issue 15): approved brokers who have not opted out, with what they work on. Its
 * market filter takes a submarket or a whole county (the shared market tree).
 */
export const directoryAreaId = z.enum(idsOf(marketAreas), { error: 'Unknown market.' });

export const directorySorts = ['activity', 'name'] as const;
export const directoryQuery = z.extend(pageQuery, {
  dealTypeId: allOr(requirementTypeId),
  propertyTypeId: allOr(propertyTypeId),
  marketId: allOr(directoryAreaId),
  /** "active in the last 90 days": a listing published or renewed, or a requirement sent or renewed. */
  recent: z._default(z.pipe(z.enum(['true', 'false']), z.transform((v) => v === 'true')), false),
  q: z.optional(text(100)),
  sort: z._default(z.enum(directorySorts), 'activity'),
});
export type DirectoryQuery = z.infer<typeof directoryQuery>;

const named = z.object({ id: z.string(), name: z.string() });

export const directoryBroker = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  /** Empty when the broker chose not to show it. */
  phone: z.string(),
  email: z.string(),
  photoUrl: z.nullable(z.string()),
  firm: z.nullable(z.object({ name: z.string(), logoUrl: z.nullable(z.string()) })),
  propertyTypes: z.array(named),
  markets: z.array(named),
  dealTypes: z.array(named),
  activeListings: z.number(),
  activeRequirements: z.number(),
  /** The last publication, send or renewal of one of their items; null for a broker with none. */
  lastActiveAt: z.nullable(z.string()),
});
export type DirectoryBroker = z.infer<typeof directoryBroker>;
export const directoryPage = pageOf(directoryBroker);
export type DirectoryPage = z.infer<typeof directoryPage>;

export const brokerPage = z.object({
  broker: directoryBroker,
  listings: z.array(listingSummary),
  requirements: z.array(requirementSummary),
});
export type BrokerPage = z.infer<typeof brokerPage>;
