import type { Match } from '@shared/api/schemas/matches';
import { verdictSymbol } from '@shared/rules/matching';
import { cn } from '@/lib/utils';

const verdictName = { fit: 'fits', partial: 'partly fits', miss: 'does not fit' } as const;
const verdictColour = { fit: 'text-emerald-700 dark:text-emerald-400', partial: 'text-amber-700 dark:text-amber-400', miss: 'text-red-700 dark:text-red-400' } as const;

/** Each criterion of a match with ✓ / ~ / ✗ and its numbers. */
export function MatchReasons({ reasons }: { reasons: Match['reasons'] }) {
  return (
    <ul className="grid gap-0.5 text-sm" aria-label="Why it matches">
      {reasons.map((reason) => (
        <li key={reason.criterion} className="flex gap-2">
          <span aria-label={verdictName[reason.verdict]} className={cn('w-4 shrink-0 text-center font-semibold', verdictColour[reason.verdict])}>
            {verdictSymbol[reason.verdict]}
          </span>
          <span>{reason.text}</span>
        </li>
      ))}
    </ul>
  );
}
