import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startWithConfig } from '../support/fake-backend';
import { renderApp } from '../support/render-app';
import { startProfileBackend } from './profile-backend';

const firstLoad = { timeout: 8000 };
const desktopWidth = window.innerWidth;
const nav = () => screen.getByRole('navigation', { name: 'Consumer area' });

describe('consumer layout', { timeout: 20_000 }, () => {
  afterEach(() => {
    window.innerWidth = desktopWidth;
  });

  it('has the spec’s sidebar items and group, with the current page marked', async () => {
    await startProfileBackend();
    renderApp('/consumer/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' }, firstLoad);

    const links = within(nav()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/consumer/dashboard'],
      ['Requirements', '/consumer/requirements'],
      ['Listings', '/consumer/listings'],
      ['Matches', '/consumer/matches'],
      ['Brokers', '/consumer/brokers'],
      ['Market', '/consumer/market'],
      ['Vendors - Coming Soon!', '/consumer/vendors'],
      ['My Requirements', '/consumer/my-requirements'],
      ['My Listings', '/consumer/my-listings'],
      ['My Lists', '/consumer/lists'],
      ['Saved Searches', '/consumer/saved-searches'],
      ['My Profile', '/consumer/profile'],
    ]);
    expect(within(nav()).getByText('My Information')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav()).queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
  });

  it('shows Operators to operators only', async () => {
    await startProfileBackend({ isOperator: true });
    renderApp('/consumer/vendors');
    await screen.findByRole('heading', { level: 1, name: 'Vendors' }, firstLoad);
    expect(within(nav()).getByRole('link', { name: 'Operators' })).toHaveAttribute('href', '/consumer/operators');
  });

  it('shows breadcrumbs from Home to the page', async () => {
    await startProfileBackend();
    renderApp('/consumer/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' }, firstLoad);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/consumer/dashboard');
    expect(within(trail).getByText('My Profile')).toHaveAttribute('aria-current', 'page');
  });

  it.each([['/consumer/no-such-page'], ['/consumer'], ['/dashboard']])('%s falls back to the dashboard', async (path) => {
    await startProfileBackend();
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' }, firstLoad);
    expect(router.state.location.pathname).toBe('/consumer/dashboard');
  });

  it('/requirements goes to the consumer requirements page', async () => {
    await startProfileBackend();
    const { router } = renderApp('/requirements');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consumer/requirements'), firstLoad);
    expect(await screen.findByRole('heading', { level: 1, name: 'Requirements' }, firstLoad)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page with the way back', async () => {
    await startWithConfig();
    const { router } = renderApp('/consumer/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), firstLoad);
    expect(router.state.location.search).toEqual({ redirect: '/consumer/profile' });
  });

  it('on a phone the sidebar is a sheet, and edit dialogs become the 95% bottom sheet with a close button', async () => {
    window.innerWidth = 390;
    await startProfileBackend();
    const { router } = renderApp('/consumer/vendors');
    await screen.findByRole('heading', { level: 1, name: 'Vendors' }, firstLoad);
    expect(screen.queryByRole('navigation', { name: 'Consumer area' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Consumer area' })).getByRole('link', { name: 'My Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/consumer/profile');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Consumer area' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Broker Information' }));
    const sheet = await screen.findByTestId('bottom-sheet');
    expect(sheet).toHaveClass('h-[95vh]');
    expect(within(sheet).getByRole('heading', { name: 'Broker Information' })).toBeInTheDocument();
    expect(within(sheet).getByText('Update your broker information here.')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('bottom-sheet')).not.toBeInTheDocument());
  });
});
