import type * as React from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/** A menu button's label beside it while the sidebar shows icons only. sidebar.tsx loads it on the first collapse. */
export function SidebarTooltip({ label, hidden, children }: { label: string; hidden: boolean; children: React.ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={hidden}>
        {label}
      </TooltipContent>
    </Tooltip>
  );
}
