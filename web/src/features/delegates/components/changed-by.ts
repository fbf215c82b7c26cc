import type { ChangedBy } from '@shared/api/schemas/common';
import { formatDate } from '@shared/rules/format';

/** "edited by Dana Diaz on 11/27/2026", or "by you" when the owner did it. */
export function changedByText(change: ChangedBy | null | undefined, ownerIsMe: boolean): string {
  if (!change) return '—';
  const who = change.delegate ? change.delegate.name : ownerIsMe ? 'you' : 'the broker';
  return `${change.action} by ${who} on ${formatDate(change.at)}`;
}
