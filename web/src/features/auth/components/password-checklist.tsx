import { CheckIcon, CircleIcon } from 'lucide-react';
import { passwordRequirements } from '@shared/api/schemas/auth';
import { cn } from '@/lib/utils';

/**
 * Every password rule at once, each ticked as soon as the typed password keeps it (spec 01 §5's five
 * rules): the broker sees what is left instead of one failing rule at a time.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} aria-label="Password rules" className="grid gap-1 text-sm sm:grid-cols-2">
      {passwordRequirements.map(({ label, test }) => {
        const met = test(password);
        const Icon = met ? CheckIcon : CircleIcon;
        return (
          <li key={label} data-met={met} className={cn('flex items-center gap-1.5', met ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground')}>
            <Icon className={cn('shrink-0', met ? 'size-4' : 'size-3')} aria-hidden="true" />
            {label}
            <span className="sr-only">{met ? ': done' : ': not yet'}</span>
          </li>
        );
      })}
    </ul>
  );
}
