import * as z from 'zod';
import { ALL, idsOf, markets, propertyTypes, requirementTypes } from '../../catalog';
import { cursor, idParam, pageOf, PAGE_SIZE, pageQuery, text } from './common';
import { contact } from './users';

export const requirementStatuses = ['pending', 'queued', 'processing', 'sent'] as const;
export const requirementStatus = z.enum(requirementStatuses);
export type RequirementStatus = z.infer<typeof requirementStatus>;

export const requirementTypeId = z.enum(idsOf(requirementTypes), { error: 'You must select a requirement type.' });
export const propertyTypeId = z.enum(idsOf(propertyTypes), { error: 'You must select a property type.' });
export const marketId = z.enum(idsOf(markets), { error: 'Unknown market.' });

export const HIGHLIGHT_LINES = 5;

/** Digits only in the form; numbers (or nothing) on the wire. */
const sqft = z.number({ error: 'Square footage must be a number.' }).int().nonnegative().max(100_000_000).nullable();

export const createRequirementRequest = z
  .object({
    requirementTypeId,
    propertyTypeId,
    marketIds: z
      .array(marketId)
      .min(1, 'You must pick at least one market.')
      .max(markets.length)
      .refine((ids) => new Set(ids).size === ids.length, 'Each market once.'),
    title: z.string().trim().min(1, 'Title cannot be empty.').max(200),
    timing: z.string().trim().min(1, 'Timing cannot be empty.').max(200),
    sqftMin: sqft.default(null),
    sqftMax: sqft.default(null),
    description: text(5000).default(''),
    highlights: z.array(text(300)).max(HIGHLIGHT_LINES).default([]),
  })
  // The spec's missing check: a range whose minimum is above its maximum means nothing.
  .refine((r) => r.sqftMin == null || r.sqftMax == null || r.sqftMin <= r.sqftMax, {
    path: ['sqftMax'],
    message: 'Maximum square footage must be at least the minimum.',
  });
export type CreateRequirementRequest = z.infer<typeof createRequirementRequest>;
export type CreateRequirementInput = z.input<typeof createRequirementRequest>;

export const requirement = z.object({
  requirementId: z.string(),
  title: z.string(),
  status: requirementStatus,
  sqftMin: z.number().nullable(),
  sqftMax: z.number().nullable(),
  timing: z.string(),
  description: z.string(),
  userId: z.string(),
  type: z.object({ requirementTypeId, name: z.string() }),
  propertyType: z.object({ propertyTypeId, name: z.string() }),
  highlights: z.array(z.string()),
  markets: z.array(z.object({ marketId, name: z.string() })),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  user: contact.nullable(),
});
export type Requirement = z.infer<typeof requirement>;

/** A row of the public list: what the table shows, nothing more. */
export const requirementSummary = requirement.pick({
  requirementId: true,
  title: true,
  status: true,
  type: true,
  propertyType: true,
  timing: true,
  sentAt: true,
  createdAt: true,
});
export type RequirementSummary = z.infer<typeof requirementSummary>;

const filter = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal(ALL), schema]).optional().transform((v) => (v === ALL ? undefined : v));

export const listRequirementsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  cursor: cursor.optional(),
  requirementTypeId: filter(requirementTypeId),
  propertyTypeId: filter(propertyTypeId),
  marketId: filter(marketId),
});
export type ListRequirementsQuery = z.infer<typeof listRequirementsQuery>;

export const requirementPage = pageOf(requirementSummary);
export type RequirementPage = z.infer<typeof requirementPage>;
/** The owner's own list pages too, so it stays one Query of one page however many a broker creates. */
export const myRequirementsQuery = pageQuery;
export const myRequirementsResponse = pageOf(requirementSummary);
export const requirementResponse = z.object({ requirement });
export const requirementIdParams = z.object({ requirementId: idParam });
