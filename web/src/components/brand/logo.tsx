/**
 * The BISN wordmark (our own drawing: a network mark and stroked letters). The product name is shown
 * only as this logo (spec 01 §1). `tone="inverse"` is for dark backgrounds. `className` sets the height
 * (h-7 by default); the logo is on the landing page's path, so it joins classes without tailwind-merge.
 */
export function Logo({
  className = 'h-7',
  tone = 'brand',
  markOnly = false,
}: {
  className?: string;
  tone?: 'brand' | 'inverse';
  markOnly?: boolean;
}) {
  const inverse = tone === 'inverse';
  return (
    <svg
      viewBox={markOnly ? '0 0 28 28' : '0 0 94 28'}
      role="img"
      aria-label="BISN"
      className={`w-auto ${inverse ? 'text-white' : 'text-foreground'} ${className}`}
    >
      <rect width="28" height="28" rx="7" className={inverse ? 'fill-white' : 'fill-primary'} />
      <g className={inverse ? 'fill-primary stroke-primary' : 'fill-white stroke-white'} strokeWidth="1.8">
        <path d="M8 19.5 14 8.5l6.5 10.5Z" fill="none" strokeLinejoin="round" />
        <circle cx="8" cy="19.5" r="2.6" />
        <circle cx="14" cy="8.5" r="2.6" />
        <circle cx="20.5" cy="19" r="2.6" />
      </g>
      {!markOnly && (
        <path
          d="M38 5v18M38 5h6.5a4.5 4.5 0 0 1 0 9H38M38 14h7.5a4.5 4.5 0 0 1 0 9H38M56 5v18M71.4 7.25A4.5 4.5 0 1 0 67.5 14a4.5 4.5 0 1 1-3.9 6.75M79 23V5l11 18V5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
