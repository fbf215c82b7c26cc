import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';

type Heading =
  /** A visible title, and optionally a description under it. */
  | { title: string; description?: ReactNode; label?: never }
  /** No visible heading: `label` names the sheet for screen readers. */
  | { title?: never; description?: never; label: string };

export type BottomSheetProps = Heading & {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the sheet (rendered as is, `asChild`). */
  trigger?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * The small-screen bottom sheet (spec 02 §2 "Sidebar", §9): slides up over 95% of the viewport height,
 * with a close button and an optional title and description; the content scrolls inside it. Use it on
 * phones for what a desktop shows beside the page (filters, forms).
 */
export function BottomSheet({ open, onOpenChange, trigger, title, description, label, className, children }: BottomSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      {trigger && <SheetTrigger asChild>{trigger}</SheetTrigger>}
      <SheetContent
        side="bottom"
        title={title ?? label}
        hideTitle={!title}
        description={description}
        className={cn('gap-0', className)}
        data-testid="bottom-sheet"
      >
        <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-[max(1rem,env(safe-area-inset-bottom))]">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
