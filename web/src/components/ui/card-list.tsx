import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A phone's stand-in for a table (below 768 px, `useIsMobile`): one bordered card per row, so every
 * column's fact stays on screen instead of behind a sideways scroll. Name it with `aria-label`.
 */
export function CardList({ className, ...props }: React.ComponentProps<'ul'>) {
  return <ul data-slot="card-list" className={cn('grid gap-3 py-2', className)} {...props} />;
}

/** One row of a CardList: its title (wrapping, never cut off) with an optional badge beside it, then the rest. */
export function CardListItem({
  title,
  badge,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<'li'>, 'title'> & { title: React.ReactNode; badge?: React.ReactNode }) {
  return (
    <li data-slot="card-list-item" className={cn('grid gap-1.5 rounded-lg border p-3', className)} {...props}>
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{title}</span>
        {badge}
      </div>
      {children}
    </li>
  );
}
