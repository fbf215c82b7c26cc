import { useRef, useState, type ReactNode } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';

const ConfirmDialog = lazyDialog(() => import('./confirm-dialog'), 'ConfirmDialog');

/**
 * A button that asks first: the spec's abandon, publish and delete confirmations, and operators' actions.
 * The question's code (Radix AlertDialog) downloads when it is first asked.
 */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  destructive = false,
  disabled,
  onConfirm,
  buttonProps,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  buttonProps?: ButtonProps;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        {...buttonProps}
        ref={opener}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        destructive={destructive}
        onConfirm={onConfirm}
        opener={opener}
      />
    </>
  );
}
