import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';

/**
 * A spinning indicator with an accessible name ("Loading" unless told otherwise). `className` replaces
 * the default size-4 (the page-pending state in the entry chunk uses it, so no tailwind-merge here).
 */
export function Spinner({ className = 'size-4', label = 'Loading', ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return <Loader2Icon role="status" aria-label={label} className={`animate-spin ${className}`} {...props} />;
}
