import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export type ButtonProps = React.ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Render the child element (e.g. a router Link) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      data-slot="button"
      // A plain <button> defaults to type="button" so it never submits a form by accident.
      type={asChild ? type : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
