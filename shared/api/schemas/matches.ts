import * as z from '../../zod';
import { cursor, idParam, pageOf } from './common';
import { contact } from './users';

/** A broker's own decision on a match: still open, dismissed (it stays dismissed), or sent to their client. */
export const matchStates = ['open', 'dismissed', 'sentToClient'] as const;
export const matchState = z.enum(matchStates);
export type MatchState = z.infer<typeof matchState>;

export const matchSides = ['requirement', 'listing'] as const;
export const matchSide = z.enum(matchSides);

export const matchReason = z.object({
  criterion: z.enum(['deal', 'propertyType', 'market', 'size', 'price', 'keywords']),
  verdict: z.enum(['fit', 'partial', 'miss']),
  text: z.string(),
});

/**
 * One match as one of its two brokers sees it: `side` says which of theirs it is (their requirement, or
 * their listing); `counterpart` is the other broker's contact card.
 */
export const match = z.object({
  side: matchSide,
  requirementId: z.string(),
  listingId: z.string(),
  requirementTitle: z.string(),
  listingTitle: z.string(),
  score: z.number(),
  reasons: z.array(matchReason),
  state: matchState,
  matchedAt: z.string(),
  counterpart: z.nullable(contact),
});
export type Match = z.infer<typeof match>;

/** The Matches page reads a broker's matches a page at a time, grouped by their requirement or listing. */
export const MATCH_PAGE_SIZE = 200;
export const matchesQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MATCH_PAGE_SIZE)), MATCH_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export const matchesPage = pageOf(match);
export type MatchesPage = z.infer<typeof matchesPage>;
export const matchesResponse = z.object({ items: z.array(match) });

export const matchCountResponse = z.object({
  requirements: z.number().check(z.int(), z.nonnegative()),
  listings: z.number().check(z.int(), z.nonnegative()),
});
export type MatchCount = z.infer<typeof matchCountResponse>;

export const matchParams = z.object({ requirementId: idParam, listingId: idParam });
export const updateMatchRequest = z.strictObject({ side: matchSide, state: matchState });
export type UpdateMatchRequest = z.infer<typeof updateMatchRequest>;
export const matchResponse = z.object({ match });
