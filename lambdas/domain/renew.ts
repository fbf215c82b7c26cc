import type { RenewLinkResponse } from '../../shared/api';
import { canRequirement, requirementExpiresAt } from '../../shared/rules';
import { badRequest, conflict } from '../core/errors';
import { logger } from '../core/logger';
import { listingsRepository } from '../data/listings';
import { remindersRepository } from '../data/reminders';
import { activeFromOf, requirementsRepository } from '../data/requirements';
import { checkRenewToken, type RenewTarget } from './renew-links';
import { renewableStatuses, renewListingRecord } from './listing-lifecycle';
import { renewRequirementRecord } from './requirement-lifecycle';

/** What the renew page says in each state (a refused link says what happened and offers sign-in). */
export const renewLinkMessages: Record<RenewLinkResponse['state'], string> = {
  ready: 'Renew it for another period?',
  renewed: 'Renewed. Thank you for keeping BISN current.',
  used: 'This renew link has already been used. Sign in to see the item and renew it from there.',
  expired: 'This renew link has expired (links work for 14 days). Sign in to renew it from the site.',
  invalid: 'This renew link is not valid. Sign in to renew your item from the site.',
  gone: 'This item is no longer on BISN.',
  closed: 'This item is closed and cannot be renewed. Sign in to see it.',
};

const answer = (state: RenewLinkResponse['state'], target: RenewTarget | null, item: { title: string; expiresAt: string | null } | null): RenewLinkResponse => ({
  state,
  message: renewLinkMessages[state],
  kind: target?.kind ?? null,
  id: target?.id ?? null,
  title: item?.title ?? null,
  expiresAt: item?.expiresAt ?? null,
});

/** The item a link names, as the page shows it, and whether it can be renewed. */
async function itemOf(target: RenewTarget): Promise<{ title: string; expiresAt: string | null; renewable: boolean } | null> {
  if (target.kind === 'requirement') {
    const record = await requirementsRepository.get(target.id);
    if (!record) return null;
    const expiresAt = record.status === 'sent' && record.sentAt ? requirementExpiresAt(activeFromOf({ ...record, sentAt: record.sentAt })) : null;
    return { title: record.title, expiresAt, renewable: canRequirement('renew', record.status) };
  }
  const listing = await listingsRepository.get(target.id);
  if (!listing) return null;
  return { title: listing.title, expiresAt: listing.expiresAt, renewable: renewableStatuses.includes(listing.status) };
}

/** Renews what the link names; the new expiry, or null when it could not be renewed. */
async function renewTarget(target: RenewTarget): Promise<{ title: string; expiresAt: string } | null> {
  if (target.kind === 'listing') {
    const renewed = await renewListingRecord(target.id);
    return renewed?.expiresAt ? { title: renewed.title, expiresAt: renewed.expiresAt } : null;
  }
  const renewed = await renewRequirementRecord(target.id);
  return renewed?.sentAt ? { title: renewed.title, expiresAt: requirementExpiresAt(activeFromOf({ ...renewed, sentAt: renewed.sentAt })) } : null;
}

/** The page's first read: what the link renews, or why it cannot. Changes nothing (mail scanners open links). */
export async function readRenewLink(token: string, now = new Date()): Promise<RenewLinkResponse> {
  const check = await checkRenewToken(token, now);
  if (!check.ok) return answer(check.reason, null, null);
  const item = await itemOf(check.target);
  if (!item) return answer('gone', check.target, null);
  if (await remindersRepository.renewLinkUsed(check.linkId)) return answer('used', check.target, item);
  return answer(item.renewable ? 'ready' : 'closed', check.target, item);
}

/** The page's button: renews once. A forged, expired or used link, or a closed item, is refused and changes nothing. */
export async function useRenewLink(token: string, now = new Date()): Promise<RenewLinkResponse> {
  const check = await checkRenewToken(token, now);
  if (!check.ok) throw badRequest(renewLinkMessages[check.reason]);
  const item = await itemOf(check.target);
  if (!item) throw conflict(renewLinkMessages.gone);
  if (!item.renewable) throw conflict(renewLinkMessages.closed);
  if (!(await remindersRepository.useRenewLink(check.linkId, check.expiresAtEpoch))) throw conflict(renewLinkMessages.used);
  const renewed = await renewTarget(check.target);
  if (!renewed) throw conflict(renewLinkMessages.closed);
  logger.info('renewed from a reminder link', { ...check.target });
  return answer('renewed', check.target, renewed);
}
