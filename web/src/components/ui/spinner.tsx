import type * as React from 'react';
import { LineIcon } from './line-icon';

/**
 * A spinning indicator with an accessible name ("Loading" unless told otherwise): lucide's loader-circle,
 * drawn inline because the page-pending state in the entry chunk uses it (no icon library, no
 * tailwind-merge there). `className` replaces the default size-4.
 */
export function Spinner({ className = 'size-4', label = 'Loading', ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return (
    <LineIcon
      width="24"
      height="24"
      role="status"
      aria-label={label}
      className={`animate-spin ${className}`}
      {...props}
    >
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </LineIcon>
  );
}
