import { useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { BottomSheet } from './bottom-sheet';

/**
 * A dialog on wide screens and the bottom sheet on phones (below 768 px), with the same title,
 * description and content: edit forms stay readable and reachable with a thumb. The choice is made when
 * it opens and kept while it is open: switching would mount the content afresh and lose what was typed
 * (a window resized or a tablet turned across the breakpoint; Chromium's full-page capture did it too).
 */
export function ResponsiveDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const isMobileNow = useIsMobile();
  const [isMobileWhenOpened, setIsMobileWhenOpened] = useState(isMobileNow);
  if (!open && isMobileWhenOpened !== isMobileNow) setIsMobileWhenOpened(isMobileNow);
  const isMobile = open ? isMobileWhenOpened : isMobileNow;
  if (isMobile) {
    return (
      <BottomSheet open={open} onOpenChange={onOpenChange} title={title} description={description}>
        {children}
      </BottomSheet>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...(description ? {} : { 'aria-describedby': undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
