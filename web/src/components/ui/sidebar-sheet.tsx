import type * as React from 'react';
import { Sheet, SheetContent } from '@/components/ui/sheet';

/** The sidebar on phones: a sheet from the left. sidebar.tsx loads it when it is first opened. */
export function SidebarSheet({
  open,
  onOpenChange,
  label,
  width,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  width: string;
  children: React.ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        title={label}
        hideTitle
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground"
        style={{ '--sidebar-width': width } as React.CSSProperties}
      >
        <nav aria-label={label} className="flex h-full w-full flex-col">
          {children}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
