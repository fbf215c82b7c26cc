import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The frame of one consumer screen: the page's `<main>`, its document title and its heading, with
 * optional actions beside the heading. Every page under /consumer can use it.
 */
export function ConsumerPage({
  title,
  heading = title,
  actions,
  className,
  children,
}: {
  /** Document title (before " · BISN"). */
  title: string;
  /** Visible heading; defaults to the title. */
  heading?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className={cn('flex w-full flex-1 flex-col gap-6 p-4 md:p-6', className)}>
      <title>{`${title} · BISN`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </main>
  );
}
