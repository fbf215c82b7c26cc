import { fromItem, requirementsRepository, type RequirementRecord } from '../../data/requirements';
import { forgetMarketFacts } from '../market';
import { matchRequirement, rematchRequirement, unmatchRequirement } from '../matching';
import type { ItemChange, Projected } from './changes';

const isActive = (record: RequirementRecord | null): record is RequirementRecord & { sentAt: string } => record?.status === 'sent' && !!record.sentAt;

/**
 * What follows from a requirement's change: its browse index items, its matches (both brokers' copies) and
 * saved-search alert, its market contribution, its owner's directory card. Derived from the requirement as
 * it is now (a strongly consistent read), the change's old image telling only what to take away: replaying
 * any change, any number of times, ends in the same records, and an older change never undoes a newer one.
 */
export async function projectRequirement(change: ItemChange): Promise<Projected> {
  const before = change.before && fromItem(change.before);
  const requirementId = String((change.after ?? change.before)!.requirementId);
  const current = await requirementsRepository.get(requirementId);
  await requirementsRepository.projectIndex(before, current);
  if (isActive(current)) {
    if (isActive(before)) await rematchRequirement(before, current);
    else await matchRequirement(current);
  } else if (isActive(before)) {
    // Matched only while sent: a pending requirement's edit has nothing to take away.
    await unmatchRequirement(before);
  }
  if (!current && !change.after) await forgetMarketFacts('requirement', requirementId, before);
  // A card counts its broker's active requirements only.
  const onCard = isActive(before) || isActive(current);
  return { ...(onCard && { directoryOf: [(current ?? before)!.userId] }), ...(current && { market: { kind: 'requirement' as const, id: requirementId } }) };
}
