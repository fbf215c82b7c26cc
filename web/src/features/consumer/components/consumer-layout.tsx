import { Outlet } from '@tanstack/react-router';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { RequireAuth } from '@/features/auth';
import { BreadcrumbTitleProvider, ConsumerBreadcrumbs } from './breadcrumbs';
import { ConsumerSidebar } from './consumer-sidebar';

/** Every /consumer screen: signed-in only, sidebar on the left, a bar with the toggle and the breadcrumbs. */
export function ConsumerLayout() {
  return (
    <RequireAuth>
      <SidebarProvider>
        <ConsumerSidebar />
        <SidebarInset>
          <BreadcrumbTitleProvider>
            <div className="flex h-12 shrink-0 items-center gap-2 border-b px-4">
              <SidebarTrigger className="-ml-1" />
              <Separator orientation="vertical" className="mr-1 h-4!" />
              <ConsumerBreadcrumbs />
            </div>
            <Outlet />
          </BreadcrumbTitleProvider>
        </SidebarInset>
      </SidebarProvider>
    </RequireAuth>
  );
}
