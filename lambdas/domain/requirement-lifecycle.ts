import type { FillRequirementRequest, Requirement, UpdateRequirementRequest } from '../../shared/api';
import {
  activeRequirementsSince,
  canRequirement,
  requirementActions,
  REQUIREMENT_REMINDER_DAYS,
  reminderDue,
  requirementExpiresAt,
  type RequirementAction,
} from '../../shared/rules';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../core/errors';
import { logger } from '../core/logger';
import type { Principal } from '../core/principal';
import { listingsRepository } from '../data/listings';
import { activeFromOf, requirementsRepository, requirementVersionOf, type RequirementRecord } from '../data/requirements';
import { nowIso } from '../data/table';
import { usersRepository } from '../data/users';
import { requirementDetailUrl } from './mail/templates/requirement-broadcast';
import { rematchRequirement, unmatchRequirement } from './matching';
import { remindOnce } from './reminders';
import { noteRequirementChange, toRequirementDto } from './requirements';
import { refreshDirectory } from './directory';
import { syncRequirementMarket } from './market';

const requirementNotFound = 'Requirement not found';
export const notYourRequirement = 'Only its owner can change this requirement.';
export const requirementChangedElsewhere = 'This requirement was changed in another window. Reload it to see the changes.';

const refusals: Record<RequirementAction, string> = {
  edit: 'This requirement cannot be edited now: it is being sent, or it is closed.',
  fill: 'Only a sent or expired requirement can be marked filled.',
  withdraw: 'This requirement is already closed.',
  renew: 'Only a sent or expired requirement can be renewed.',
};

type Sent = RequirementRecord & { sentAt: string };
const isSent = (record: RequirementRecord): record is Sent => !!record.sentAt;

/** The owner's requirement: someone else's is 404 while private, 403 once the community sees it. */
async function ownRequirement(principal: Principal, requirementId: string): Promise<RequirementRecord> {
  const record = await requirementsRepository.get(requirementId);
  if (!record) throw notFound(requirementNotFound);
  if (record.userId !== principal.sub) throw record.status === 'sent' ? forbidden(notYourRequirement) : notFound(requirementNotFound);
  return record;
}

function requireAction(record: RequirementRecord, action: RequirementAction): void {
  if (!canRequirement(action, record.status)) throw conflict(refusals[action]);
}

async function dtoOf(record: RequirementRecord): Promise<Requirement> {
  return toRequirementDto(record, await usersRepository.getForContactCard(record.userId), 'self');
}

/**
 * The owner's edit of a pending or sent requirement. A sent one is not broadcast again: its
 * browse entries are rewritten (its type, property type or markets may have changed) and it is matched
 * again, pairs that still fit keeping their state.
 */
export async function editRequirement(principal: Principal, requirementId: string, input: UpdateRequirementRequest): Promise<Requirement> {
  const current = await ownRequirement(principal, requirementId);
  requireAction(current, 'edit');
  const { version, ...fields } = input;
  const saved = await requirementsRepository.saveContent(requirementId, fields, version);
  if (!saved) {
    const now = await ownRequirement(principal, requirementId);
    requireAction(now, 'edit');
    throw staleVersion(requirementChangedElsewhere, requirementVersionOf(now));
  }
  const { before, after } = saved;
  if (before.status === 'sent' && isSent(before) && isSent(after)) {
    await requirementsRepository.deleteIndex(before);
    await requirementsRepository.writeIndex(after);
    await rematchRequirement(before, after);
    await refreshDirectory(after.userId);
    await syncRequirementMarket(requirementId);
  }
  return dtoOf(await noteRequirementChange(after, principal, 'edited'));
}

async function closeRequirement(
  principal: Principal,
  requirementId: string,
  to: 'filled' | 'withdrawn',
  outcome?: RequirementRecord['outcome'],
): Promise<Requirement> {
  const action = to === 'filled' ? 'fill' : 'withdraw';
  const current = await ownRequirement(principal, requirementId);
  requireAction(current, action);
  const closedAt = nowIso();
  // Conditional on the statuses the rule allows, so the broadcast taking it meanwhile wins.
  const before = await requirementsRepository.close(requirementId, to, requirementActions[action], { closedAt, ...(outcome ? { outcome } : {}) });
  if (!before) {
    // The broadcast took it meanwhile (pending → queued), or another window closed it.
    requireAction(await ownRequirement(principal, requirementId), action);
    throw conflict(refusals[action]);
  }
  await leaveCommunity(before);
  return dtoOf(await noteRequirementChange({ ...before, status: to, closedAt, ...(outcome ? { outcome } : {}) }, principal, `marked ${to}`));
}

/** A requirement that stops being active: out of the browser and the active count, and its matches end. */
async function leaveCommunity(before: RequirementRecord): Promise<void> {
  if (before.status === 'sent' && isSent(before)) await requirementsRepository.deleteIndex(before);
  await unmatchRequirement(before);
  await refreshDirectory(before.userId);
  await syncRequirementMarket(before.requirementId);
}

/** Filled, with how: through a listing on BISN (it must exist) or elsewhere. */
export async function fillRequirement(principal: Principal, requirementId: string, input: FillRequirementRequest): Promise<Requirement> {
  let outcome: RequirementRecord['outcome'];
  if (input.outcome?.kind === 'bisn-listing') {
    const listing = await listingsRepository.get(input.outcome.listingId);
    if (!listing || (listing.status === 'draft' && listing.userId !== principal.sub)) {
      throw badRequest('Pick a listing on BISN, or say it was filled elsewhere.', { outcome: ['That listing is not on BISN.'] });
    }
    outcome = { kind: 'bisn-listing', listingId: listing.listingId, listingTitle: listing.title };
  } else if (input.outcome) {
    outcome = { kind: 'elsewhere' };
  }
  return closeRequirement(principal, requirementId, 'filled', outcome);
}

export async function withdrawRequirement(principal: Principal, requirementId: string): Promise<Requirement> {
  return closeRequirement(principal, requirementId, 'withdrawn');
}

/**
 * Active again for 90 days from now (the owner on the site, or the reminder's link): back at the top of
 * the browser and matched again; an expired one comes back. Null when it is not renewable.
 */
export async function renewRequirementRecord(requirementId: string): Promise<RequirementRecord | null> {
  const now = nowIso();
  const before = await requirementsRepository.renew(requirementId, now);
  if (!before || !isSent(before)) return null;
  const after: Sent = { ...before, status: 'sent', renewedAt: now, closedAt: undefined };
  if (before.status === 'sent') await requirementsRepository.deleteIndex(before);
  await requirementsRepository.writeIndex(after);
  await rematchRequirement(before, after);
  await refreshDirectory(after.userId);
  await syncRequirementMarket(requirementId);
  return after;
}

export async function renewRequirement(principal: Principal, requirementId: string): Promise<Requirement> {
  requireAction(await ownRequirement(principal, requirementId), 'renew');
  const renewed = await renewRequirementRecord(requirementId);
  if (!renewed) throw conflict(refusals.renew);
  return dtoOf(await noteRequirementChange(renewed, principal, 'renewed'));
}

/**
 * Daily: every sent requirement active for 90 days (by its browse entry's sort key, the all-`*` partition)
 * expires: it leaves the browser and its matches end; its owner keeps it in My requirements and can renew
 * it. Acts only on the activity it read, so a renewal at the same moment wins. Idempotent.
 */
export async function expireRequirements(now: Date): Promise<{ expired: string[] }> {
  const expired: string[] = [];
  const cutoff = activeRequirementsSince(now);
  for await (const ids of requirementsRepository.idsActiveBetween('0', cutoff)) {
    for (const id of ids) {
      const record = await requirementsRepository.get(id);
      if (!record || record.status !== 'sent' || !isSent(record)) continue;
      const activeFrom = activeFromOf(record);
      if (activeFrom > cutoff) continue;
      const before = await requirementsRepository.close(id, 'expired', ['sent'], { closedAt: now.toISOString(), expectActiveFrom: activeFrom });
      if (!before) continue;
      await leaveCommunity(before);
      expired.push(id);
    }
  }
  logger.info('requirements expired', { count: expired.length });
  return { expired };
}

/**
 * Daily: the owner of each requirement expiring within 7 days, then within 1 day, gets one reminder with a
 * one-click renew link. Each reminder is claimed in the ledger before it is sent (once, even if the job runs
 * twice or crashes half way); a refused send gives the claim back for the next run.
 */
export async function remindRequirementOwners(now: Date): Promise<{ reminded: string[]; failed: number }> {
  const reminded: string[] = [];
  let failed = 0;
  const from = activeRequirementsSince(now);
  const until = activeRequirementsSince(new Date(now.getTime() + Math.max(...REQUIREMENT_REMINDER_DAYS) * 24 * 60 * 60 * 1000));
  for await (const ids of requirementsRepository.idsActiveBetween(from, until)) {
    for (const id of ids) {
      const record = await requirementsRepository.get(id);
      if (!record || record.status !== 'sent' || !isSent(record)) continue;
      const activeFrom = activeFromOf(record);
      const expiresAt = requirementExpiresAt(activeFrom);
      const days = reminderDue(expiresAt, now, REQUIREMENT_REMINDER_DAYS);
      if (days === null) continue;
      const result = await remindOnce(
        { target: { kind: 'requirement', id }, ownerId: record.userId, title: record.title, expiresAt, activity: activeFrom, days, itemUrl: requirementDetailUrl(id) },
        now,
      );
      if (result === 'sent') reminded.push(id);
      if (result === 'failed') failed++;
    }
  }
  return { reminded, failed };
}
