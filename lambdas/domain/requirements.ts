import { randomUUID } from 'node:crypto';
import type {
  CreateRequirementRequest,
  ListRequirementsQuery,
  Requirement,
  RequirementPage,
  RequirementStatus,
  RequirementSummary,
} from '../../shared/api';
import { byId, markets, propertyTypes, requirementTypes } from '../../shared/catalog';
import { activeRequirementsSince, requirementExpiresAt } from '../../shared/rules';
import { notFound } from '../core/errors';
import { countMetric } from '../core/metrics';
import type { Principal } from '../core/principal';
import {
  requirementsRepository,
  type RequirementIndexRow,
  activeFromOf,
  requirementVersionOf,
  type RequirementRecord,
} from '../data/requirements';
import { nowIso } from '../data/table';
import { usersRepository, type UserRecord } from '../data/users';
import { contactCardFor, contactViewerOf, type ContactViewer } from './contacts';
import { createdHistory, historyOf, noteChange } from './authorship';
import { searchReadOf } from './search';


const requirementTypeById = byId(requirementTypes);
const propertyTypeById = byId(propertyTypes);
const marketById = byId(markets);

const typeOf = (requirementTypeId: RequirementRecord['requirementTypeId']) => ({
  requirementTypeId,
  name: requirementTypeById.get(requirementTypeId)?.name ?? requirementTypeId,
});

const propertyTypeOf = (propertyTypeId: RequirementRecord['propertyTypeId']) => ({
  propertyTypeId,
  name: propertyTypeById.get(propertyTypeId)?.name ?? propertyTypeId,
});

export function marketsOf(record: Pick<RequirementRecord, 'marketIds'>): Requirement['markets'] {
  return record.marketIds.map((marketId) => ({ marketId, name: marketById.get(marketId)?.name ?? marketId }));
}

/** The API's requirement: catalogue names resolved, the author's contact card as `viewer` sees it. */
export function toRequirementDto(record: RequirementRecord, author: UserRecord | null, viewer: ContactViewer): Requirement {
  return {
    requirementId: record.requirementId,
    title: record.title,
    status: record.status,
    sqftMin: record.sqftMin,
    sqftMax: record.sqftMax,
    timing: record.timing,
    description: record.description,
    userId: record.userId,
    type: typeOf(record.requirementTypeId),
    propertyType: propertyTypeOf(record.propertyTypeId),
    highlights: record.highlights,
    maxPrice: record.maxPrice ?? null,
    maxLeaseRate: record.maxLeaseRate ?? null,
    maxLeaseFrequencyId: record.maxLeaseFrequencyId ?? null,
    markets: marketsOf(record),
    createdAt: record.createdAt,
    sentAt: record.sentAt,
    expiresAt: record.status === 'sent' && record.sentAt ? requirementExpiresAt(activeFromOf({ ...record, sentAt: record.sentAt })) : null,
    closedAt: record.closedAt ?? null,
    outcome: record.outcome
      ? record.outcome.kind === 'bisn-listing'
        ? { kind: 'bisn-listing', listingId: record.outcome.listingId, listingTitle: record.outcome.listingTitle }
        : { kind: 'elsewhere', listingId: null, listingTitle: null }
      : null,
    user: author ? contactCardFor(author, viewer, 'item') : null,
    version: requirementVersionOf(record),
    history: historyOf(record),
  };
}

/** Records who did `action` on the requirement just written. */
export const noteRequirementChange = (record: RequirementRecord, principal: Principal, action: string) =>
  noteChange(record, principal, action, (history) => requirementsRepository.setHistory(record.requirementId, history));

/** A table row: what the browser and My requirements show. */
export function toSummary(row: RequirementRecord | RequirementIndexRow): RequirementSummary {
  return {
    requirementId: row.requirementId,
    title: row.title,
    status: row.status,
    type: typeOf(row.requirementTypeId),
    propertyType: propertyTypeOf(row.propertyTypeId),
    timing: row.timing,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    sqftMin: row.sqftMin ?? null,
    sqftMax: row.sqftMax ?? null,
    markets: marketsOf({ marketIds: row.marketIds ?? [] }),
  };
}

/** Saves a new requirement as `pending`; the broadcast job takes it from there. The caller is approved (route auth). */
export async function createRequirement(author: UserRecord, input: CreateRequirementRequest, delegate?: Principal['delegate']): Promise<Requirement> {
  const now = nowIso();
  const record = await requirementsRepository.create({
    requirementId: randomUUID(),
    userId: author.userId,
    title: input.title,
    status: 'pending',
    requirementTypeId: input.requirementTypeId,
    propertyTypeId: input.propertyTypeId,
    marketIds: input.marketIds,
    sqftMin: input.sqftMin,
    sqftMax: input.sqftMax,
    timing: input.timing,
    description: input.description,
    highlights: input.highlights,
    maxPrice: input.maxPrice,
    maxLeaseRate: input.maxLeaseRate,
    maxLeaseFrequencyId: input.maxLeaseFrequencyId,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    ...createdHistory(delegate, now),
  });
  countMetric('RequirementCreated');
  return toRequirementDto(record, author, 'self');
}

/**
 * A requirement the community has seen (sent, or since filled, withdrawn or expired: its status says so),
 * or the author's own. Only the author sees how it was filled; a caller not yet approved sees the author's
 * card without contact details.
 */
export async function getRequirement(principal: Principal, requirementId: string, callerApproved: boolean): Promise<Requirement> {
  const record = await requirementsRepository.get(requirementId);
  const own = record?.userId === principal.sub;
  const seenByCommunity = !!record?.sentAt && record.status !== 'processing';
  if (!record || (!seenByCommunity && !own)) throw notFound('Requirement not found');
  const requirement = toRequirementDto(record, await usersRepository.getForContactCard(record.userId), contactViewerOf(own, callerApproved));
  if (!own) {
    requirement.outcome = null;
    delete requirement.history;
  }
  return requirement;
}

/** The requirements browser: its search's index partitions, merged (README "Browse indexes"); the first page counts the results. */
export async function listRequirements(query: ListRequirementsQuery, now = new Date()): Promise<RequirementPage> {
  const { limit, cursor, sort, ...filters } = query;
  const page = await requirementsRepository.searchSent(searchReadOf('requirements', filters, now, sort), limit, cursor);
  return { items: page.items.map(toSummary), nextCursor: page.nextCursor, ...(page.total ? { total: page.total } : {}) };
}

export async function listMyRequirements(
  userId: string,
  query: { limit: number; cursor?: string; status?: RequirementStatus },
): Promise<RequirementPage> {
  const page = await requirementsRepository.pageByOwner(userId, query.limit, query.cursor, query.status);
  return {
    items: page.items.map((record) => ({ ...toSummary(record), createdBy: record.createdBy ?? null, lastChangedBy: record.lastChangedBy ?? null })),
    nextCursor: page.nextCursor,
  };
}

export async function countActiveRequirements(now = new Date()): Promise<number> {
  return requirementsRepository.countSentSince(activeRequirementsSince(now));
}

/**
 * Removes a requirement with its delivery ledger; its browse entries, matches and market contribution go
 * with it (projections of the delete). False when it is gone.
 */
export async function removeRequirement(requirementId: string): Promise<boolean> {
  return !!(await requirementsRepository.delete(requirementId));
}

/** Operator removal. */
export async function deleteRequirement(requirementId: string): Promise<void> {
  if (!(await removeRequirement(requirementId))) throw notFound('Requirement not found');
}
