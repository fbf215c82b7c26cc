import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import { listingCompletenessLabels, type ListingCompleteness } from '@shared/rules/completeness';
import { cn } from '@/lib/utils';

/** The seven flags of spec 02 §4; each turns green when it holds. Publish waits for all of them. */
export function CompletenessIndicators({ completeness }: { completeness: ListingCompleteness }) {
  return (
    // One scrolling line on a phone, so the form keeps most of the screen; wrapped from sm up.
    <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible sm:pb-0" aria-label="Ready to publish">
      {listingCompletenessLabels.map(({ key, label }) => {
        const done = completeness[key];
        return (
          <li
            key={key}
            data-complete={done}
            className={cn(
              'inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium',
              done ? 'border-success/40 bg-success/10 text-success' : 'border-border bg-muted text-muted-foreground',
            )}
          >
            {done ? <CheckCircle2Icon className="size-3.5" aria-hidden="true" /> : <CircleIcon className="size-3.5" aria-hidden="true" />}
            {label}
            <span className="sr-only">{done ? ': complete' : ': missing'}</span>
          </li>
        );
      })}
    </ul>
  );
}
