import type { ItemHistory as History } from '@shared/api/schemas/common';
import { useActingFor } from '@/lib/acting-for';
import { changedByText } from './changed-by';

/**
 * The owner's view of who created and changed a listing or requirement: the owner or which
 * delegate, newest first. The API sends the history to the owner (and the delegate working for them) only.
 */
export function ItemHistory({ history }: { history: History | undefined }) {
  const acting = useActingFor();
  if (!history || history.changes.length === 0) return null;
  return (
    <details className="rounded-lg border bg-card px-4 py-2 text-sm">
      <summary className="cursor-pointer font-medium">History: {changedByText(history.lastChangedBy, !acting)}</summary>
      <ol className="mt-2 grid gap-1 text-muted-foreground" aria-label="Changes, newest first">
        {[...history.changes].reverse().map((change) => (
          <li key={`${change.at}-${change.action}`}>{changedByText(change, !acting)}</li>
        ))}
      </ol>
    </details>
  );
}
