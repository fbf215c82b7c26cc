import * as z from '../../zod';
import { idsOf, leaseFrequencies, markets, propertyTypes, requirementTypes } from '../../catalog';
import { allOr, changedBy, contentVersion, idParam, itemHistory, money, pageOf, pageQuery, text } from './common';
import { browseSort, rangesInOrder, requirementCriteria, searchTotal } from './search';
import { contact } from './users';

/** The broadcast's statuses, then the ends of a requirement's life: filled, withdrawn, expired. */
export const requirementStatuses = ['pending', 'queued', 'processing', 'sent', 'filled', 'withdrawn', 'expired'] as const;
export const requirementStatus = z.enum(requirementStatuses);
export type RequirementStatus = z.infer<typeof requirementStatus>;

export const requirementTypeId = z.enum(idsOf(requirementTypes), { error: 'You must select a requirement type.' });
export const propertyTypeId = z.enum(idsOf(propertyTypes), { error: 'You must select a property type.' });
export const marketId = z.enum(idsOf(markets), { error: 'Unknown market.' });

export const HIGHLIGHT_LINES = 5;

export const leaseFrequencyId = z.enum(idsOf(leaseFrequencies), { error: 'You must select a lease frequency.' });
export const maxLeaseFrequencyRequired = 'Select whether the maximum lease rate is monthly or annual.';

/** Digits only in the form; numbers (or nothing) on the wire. */
const sqft = z.nullable(
  z.number({ error: 'Square footage must be a number.' }).check(z.int(), z.nonnegative(), z.maximum(100_000_000)),
);

export const createRequirementRequest = z
  .object({
    requirementTypeId,
    propertyTypeId,
    marketIds: z
      .array(marketId)
      .check(
        z.minLength(1, 'You must pick at least one market.'),
        z.maxLength(markets.length),
        z.refine((ids) => new Set(ids).size === ids.length, 'Each market once.'),
      ),
    title: z.string().check(z.trim(), z.minLength(1, 'Title cannot be empty.'), z.maxLength(200)),
    timing: z.string().check(z.trim(), z.minLength(1, 'Timing cannot be empty.'), z.maxLength(200)),
    sqftMin: z._default(sqft, null),
    sqftMax: z._default(sqft, null),
    description: z._default(text(5000), ''),
    highlights: z._default(z.array(text(300)).check(z.maxLength(HIGHLIGHT_LINES)), []),
    /** The client's budget: a maximum price, or a maximum lease rate per sqft with its frequency. */
    maxPrice: z._default(money, null),
    maxLeaseRate: z._default(money, null),
    maxLeaseFrequencyId: z._default(z.nullable(leaseFrequencyId), null),
  })
  .check(
    z.refine((r) => r.maxLeaseRate == null || r.maxLeaseFrequencyId != null, {
      path: ['maxLeaseFrequencyId'],
      message: maxLeaseFrequencyRequired,
    }),
    // The spec's missing check: a range whose minimum is above its maximum means nothing.
    z.refine((r) => r.sqftMin == null || r.sqftMax == null || r.sqftMin <= r.sqftMax, {
      path: ['sqftMax'],
      message: 'Maximum square footage must be at least the minimum.',
    }),
  );
export type CreateRequirementRequest = z.infer<typeof createRequirementRequest>;

/** PUT /requirement/{id}: the owner's edit, every field of the form, and the version it was based on. */
export const updateRequirementRequest = z.extend(createRequirementRequest, { version: contentVersion });
export type UpdateRequirementRequest = z.infer<typeof updateRequirementRequest>;

/** How a filled requirement was filled: through a listing on BISN (which one), or elsewhere. */
export const requirementOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bisn-listing'), listingId: idParam }),
  z.object({ kind: z.literal('elsewhere') }),
]);
export type RequirementOutcome = z.infer<typeof requirementOutcome>;
export const fillRequirementRequest = z.strictObject({ outcome: z.optional(requirementOutcome) });
export type FillRequirementRequest = z.infer<typeof fillRequirementRequest>;
export type CreateRequirementInput = z.input<typeof createRequirementRequest>;

export const requirement = z.object({
  requirementId: z.string(),
  title: z.string(),
  status: requirementStatus,
  sqftMin: z.nullable(z.number()),
  sqftMax: z.nullable(z.number()),
  timing: z.string(),
  description: z.string(),
  userId: z.string(),
  type: z.object({ requirementTypeId, name: z.string() }),
  propertyType: z.object({ propertyTypeId, name: z.string() }),
  highlights: z.array(z.string()),
  maxPrice: z.nullable(z.number()),
  maxLeaseRate: z.nullable(z.number()),
  maxLeaseFrequencyId: z.nullable(leaseFrequencyId),
  markets: z.array(z.object({ marketId, name: z.string() })),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  /** While sent: when it expires unless renewed (90 days after its broadcast or last renewal). */
  expiresAt: z.nullable(z.string()),
  /** When it was filled, withdrawn or expired. */
  closedAt: z.nullable(z.string()),
  /** The owner's record of how it was filled; shown to its owner only (others see "filled"). */
  outcome: z.nullable(z.object({ kind: z.enum(['bisn-listing', 'elsewhere']), listingId: z.nullable(z.string()), listingTitle: z.nullable(z.string()) })),
  user: z.nullable(contact),
  /** Raised by every edit of its owner; an edit names the version it was based on. */
  version: contentVersion,
  /** Who created and changed it, the owner or a delegate: its owner's answers only. */
  history: z.optional(itemHistory),
});
export type Requirement = z.infer<typeof requirement>;

/** A row of the public list: what the table shows (the spec's columns, size and markets), nothing more. */
export const requirementSummary = z.extend(
  z.pick(requirement, {
    requirementId: true,
    title: true,
    status: true,
    type: true,
    propertyType: true,
    timing: true,
    sentAt: true,
    createdAt: true,
    sqftMin: true,
    sqftMax: true,
    markets: true,
  }),
  {
    /** My requirements only: who created and who last changed it. */
    createdBy: z.optional(z.nullable(changedBy)),
    lastChangedBy: z.optional(z.nullable(changedBy)),
  },
);
export type RequirementSummary = z.infer<typeof requirementSummary>;

/** The Requirements browser's search: the spec's three filters and the criteria beside them (shared/rules/search.ts). */
export const requirementSearchShape = {
  requirementTypeId: allOr(requirementTypeId),
  propertyTypeId: allOr(propertyTypeId),
  marketId: allOr(marketId),
  ...requirementCriteria,
};
export const listRequirementsQuery = z.object({ ...pageQuery.shape, ...requirementSearchShape, sort: browseSort }).check(...rangesInOrder);
export type ListRequirementsQuery = z.infer<typeof listRequirementsQuery>;

/** A page of the browser; the first also counts the results (`total`). */
export const requirementPage = z.extend(pageOf(requirementSummary), { total: z.optional(searchTotal) });
export type RequirementPage = z.infer<typeof requirementPage>;
/** The owner's own list pages too, so it stays one Query of one page however many a broker creates; by status if asked. */
export const myRequirementsQuery = z.extend(pageQuery, { status: allOr(requirementStatus) });
export const myRequirementsResponse = pageOf(requirementSummary);
export const requirementResponse = z.object({ requirement });
export const requirementIdParams = z.object({ requirementId: idParam });

/** The signed renew link of a reminder: what it renews and whether it still can. */
export const renewLinkStates = ['ready', 'renewed', 'used', 'expired', 'invalid', 'gone', 'closed'] as const;
export const renewLinkQuery = z.object({ token: z.string().check(z.minLength(1), z.maxLength(4096)) });
export const renewLinkResponse = z.object({
  state: z.enum(renewLinkStates),
  /** What the page says, for every state. */
  message: z.string(),
  kind: z.nullable(z.enum(['requirement', 'listing'])),
  id: z.nullable(z.string()),
  title: z.nullable(z.string()),
  /** When it expires now (after a renewal: the new date). */
  expiresAt: z.nullable(z.string()),
});
export type RenewLinkResponse = z.infer<typeof renewLinkResponse>;
