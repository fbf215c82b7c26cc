import { logger } from '../core/logger';
import { listingsRepository } from '../data/listings';
import { removeListing } from './listings';

/**
 * The daily expiry (PRODUCT.md): deletes every published listing whose `expiresAt` (publishedOn + 120
 * days) is at or before `now`, with its images and browse index items. Idempotent: a listing already gone
 * is skipped, so a repeated or overlapping run does no harm.
 */
export async function expireListings(now: Date): Promise<{ deleted: string[] }> {
  const deleted: string[] = [];
  for await (const page of listingsRepository.expired(now.toISOString())) {
    for (const record of page) {
      await removeListing(record.listingId);
      deleted.push(record.listingId);
    }
  }
  logger.info('listings expired', { count: deleted.length });
  return { deleted };
}
