import type { AuditActor } from '../../shared/api';
import { logger } from '../core/logger';
import { recentCallers } from '../core/recent-callers';
import { listingsRepository } from '../data/listings';
import { requirementsRepository } from '../data/requirements';
import { savedSearchesRepository } from '../data/saved-searches';
import { fullReadPageSize } from '../data/table';
import { usersRepository, type UserRecord } from '../data/users';
import { removeListing } from './listings';
import { removeRequirement } from './requirements';
import { changeAccountStatus, recordStatusChange } from './audit';
import { refreshDirectoryAndAssistants } from './directory';

/**
 * An account deleted in Cognito: its record says so (every call of its still-valid tokens is refused) and
 * its listings and requirements leave every list, removed as an operator removes them, through the
 * owner's own index (no Scan); its saved searches are deleted, so the delivery never reads them. Safe to run again: a retried event finishes what a crashed one began.
 * The deletion enters the audit trail once, in `actor`'s name.
 */
export async function markAccountDeleted(found: UserRecord, actor: AuditActor): Promise<{ listings: number; requirements: number }> {
  let record = found;
  while (record.status !== 'deleted') record = (await changeAccountStatus(record, { status: 'deleted' }, 'remove-account', actor)) ?? (await usersRepository.get(record.userId))!;
  await recordStatusChange(record);
  recentCallers.delete(record.userId);
  await refreshDirectoryAndAssistants(record.userId);
  await savedSearchesRepository.deleteAll(record.userId);
  const listings = await listingsRepository.allByOwner(record.userId);
  for (const listing of listings) await removeListing(listing.listingId);
  let requirements = 0;
  let cursor: string | undefined;
  do {
    const page = await requirementsRepository.pageByOwner(record.userId, fullReadPageSize(100)!, cursor);
    for (const requirement of page.items) {
      if (await removeRequirement(requirement.requirementId)) requirements++;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  logger.info('account deleted', { userId: record.userId, listings: listings.length, requirements });
  return { listings: listings.length, requirements };
}
