import type * as React from 'react';

/**
 * An inline SVG drawn the way lucide draws its icons (24-unit box, 2-unit round strokes in the text
 * colour), for the few icons the landing page and the entry chunk draw themselves to load no icon library.
 */
export function LineIcon(props: React.ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    />
  );
}
