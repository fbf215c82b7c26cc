import type { AuditActor } from '../../shared/api';
import { listingsRepository } from '../data/listings';
import { requirementsRepository } from '../data/requirements';
import { recordRemoval } from './audit';
import { adminDeleteListing } from './listings';
import { deleteRequirement } from './requirements';

/** An operator removes a listing (PRODUCT.md "Accounts and approval"): its entry in the trail, then the removal. */
export async function removeListingAsOperator(listingId: string, actor: AuditActor): Promise<void> {
  const listing = await listingsRepository.get(listingId);
  if (listing) await recordRemoval('remove-listing', { id: listingId, title: listing.title, ownerId: listing.userId }, actor);
  await adminDeleteListing(listingId);
}

/** An operator removes a requirement: its entry in the trail, then the removal. */
export async function removeRequirementAsOperator(requirementId: string, actor: AuditActor): Promise<void> {
  const requirement = await requirementsRepository.get(requirementId);
  if (requirement) await recordRemoval('remove-requirement', { id: requirementId, title: requirement.title, ownerId: requirement.userId }, actor);
  await deleteRequirement(requirementId);
}
