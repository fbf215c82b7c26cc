/**
 * The button's classes, apart from the component: the landing page styles its router links with them
 * without loading tailwind-merge and Radix's Slot (button.tsx). Two plain lookup tables instead of
 * class-variance-authority, so the landing page loads neither cva nor clsx.
 */
const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const variants = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
  outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
  /** On a dark brand background (the landing banner). */
  inverse: 'bg-white text-primary shadow-sm hover:bg-white/90',
  inverseGhost: 'text-white hover:bg-white/15 hover:text-white',
};

const sizes = {
  default: 'h-9 px-4 py-2 has-[>svg]:px-3',
  sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
  lg: 'h-11 rounded-md px-6 text-base has-[>svg]:px-4',
  icon: 'size-9',
};

export interface ButtonVariantProps {
  variant?: keyof typeof variants | null;
  size?: keyof typeof sizes | null;
}

/** The classes of one look (default variant and size when left out). */
export function buttonVariants({ variant, size }: ButtonVariantProps = {}): string {
  return `${base} ${variants[variant ?? 'default']} ${sizes[size ?? 'default']}`;
}
