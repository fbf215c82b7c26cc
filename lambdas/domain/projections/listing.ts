import { fromItem, listingsRepository, type ListingRecord, type PublishedListing } from '../../data/listings';
import { forgetMarketFacts } from '../market';
import { matchListing, unmatchListing } from '../matching';
import { rememberPropertyEnd } from '../property-history';
import type { ItemChange, Projected } from './changes';

const isPublished = (record: ListingRecord | null): record is PublishedListing => record?.status === 'published' && !!record.publishedOn && !!record.expiresAt;

/**
 * What follows from a listing's change: its browse index items, its matches (both brokers' copies) and
 * saved-search alert, its property's history when it leaves the market, its market contribution, its
 * owner's directory card. Derived from the listing as it is now (a strongly consistent read); the change's
 * old image tells only what to take away (see projectRequirement).
 */
export async function projectListing(change: ItemChange): Promise<Projected> {
  const before = change.before && fromItem(change.before);
  const after = change.after && fromItem(change.after);
  const listingId = String((change.after ?? change.before)!.listingId);
  const current = await listingsRepository.get(listingId);
  await listingsRepository.projectIndex(before, current);
  if (isPublished(current)) await matchListing(current);
  // Matched only while published: a draft's autosave has nothing to take away.
  else if (isPublished(before)) await unmatchListing(before);
  // Left the market with this change (and not back since): the property keeps its days and last price.
  if (isPublished(before) && !isPublished(after) && !isPublished(current)) {
    await rememberPropertyEnd(before, after?.closedAt ?? after?.updatedAt ?? new Date().toISOString());
  }
  if (!current && !change.after) await forgetMarketFacts('listing', listingId, before);
  // A card counts its broker's published listings only.
  const onCard = isPublished(before) || isPublished(current);
  return { ...(onCard && { directoryOf: [(current ?? before)!.userId] }), ...(current && { market: { kind: 'listing' as const, id: listingId } }) };
}
