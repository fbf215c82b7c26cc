import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomeIcon } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Sidebar,
  SidebarContent,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
} from '@/components/ui/sidebar';
import { openedDialog } from '../support/dialog';

function Layout() {
  return (
    <SidebarProvider>
      <Sidebar>
        <SidebarContent>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton tooltip="Dashboard">
                <HomeIcon aria-hidden="true" />
                <span>Dashboard</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <SidebarTrigger />
      </SidebarInset>
    </SidebarProvider>
  );
}

const sidebar = () => document.querySelector('[data-slot="sidebar"]');
const desktopWidth = window.innerWidth;

describe('sidebar', () => {
  afterEach(() => {
    window.innerWidth = desktopWidth;
  });

  it('Ctrl+B and Cmd+B toggle it and remember the state in a 7-day cookie', async () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    const user = userEvent.setup();
    render(<Layout />);
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(cookieWrites).toHaveBeenLastCalledWith(`sidebar_state=false; path=/; max-age=${7 * 24 * 60 * 60}; SameSite=Lax`);

    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts from the remembered state', () => {
    document.cookie = 'sidebar_state=false; path=/';
    render(<Layout />);

    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('the trigger toggles it too', async () => {
    const user = userEvent.setup();
    render(<Layout />);

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));

    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
  });

  it('is a sheet below 768 px, opened by the trigger', async () => {
    window.innerWidth = 767;
    const user = userEvent.setup();
    render(<Layout />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));

    const sheet = await openedDialog('dialog', { name: 'Main navigation' });
    expect(sheet).toHaveTextContent('Dashboard');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
