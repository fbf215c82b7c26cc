import { createDisabledText } from '@/features/dashboard/pages/dashboard-page';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supportEmail } from '@shared/catalog';
import { BlastCountdown } from '@/features/dashboard/components/blast-countdown';
import { renderApp } from '../support/render-app';
import { startProfileBackend, subscriptionsExcept } from './profile-backend';

const firstLoad = { timeout: 8000 };
const tile = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-slot="card-title"]')]
    .find((heading) => heading.textContent === title)!
    .closest<HTMLElement>('[data-slot="card"]')!;

describe('blast countdown tile', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second and rolls over the weekend at Friday 09:00 Eastern', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2025-01-03T13:59:58Z')); // Friday 08:59:58 EST
    render(<BlastCountdown />);
    expect(screen.getByText('00h 00m 02s')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('00h 00m 01s')).toBeInTheDocument();

    // 09:00:00 Friday: that blast is starting, the next one is Monday 09:00, 72 hours away.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('72h 00m 00s')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByText('71h 58m 59s')).toBeInTheDocument();
  });

  it('counts to the next morning on a weekday evening, and from Saturday to Monday', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2025-01-07T23:30:00Z')); // Tuesday 18:30 EST
    const { unmount } = render(<BlastCountdown />);
    expect(screen.getByText('14h 30m 00s')).toBeInTheDocument();
    unmount();

    vi.setSystemTime(new Date('2025-01-04T17:00:00Z')); // Saturday 12:00 EST
    render(<BlastCountdown />);
    expect(screen.getByText('45h 00m 00s')).toBeInTheDocument();
  });
});

describe('dashboard', { timeout: 20_000 }, () => {
  it('welcomes by first name, links the create buttons, and shows the tiles', async () => {
    const backend = await startProfileBackend({ subscriptions: subscriptionsExcept('office-listings', 'retail-listings', 'land-listings') });
    renderApp('/consumer/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' }, firstLoad)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Listing' })).toHaveAttribute('href', '/consumer/my-listings');
    expect(screen.getByRole('link', { name: 'Create New Requirement' })).toHaveAttribute('href', '/consumer/my-requirements');

    expect(within(tile('Active Subscriptions')).getByTestId('subscriptions-count')).toHaveTextContent('11/14');
    expect(await within(tile('Active Requirements')).findByText('12')).toBeInTheDocument();
    expect(tile('Active Requirements')).toHaveTextContent('last 90 days');
    expect(await within(tile('Recent Listings')).findByText('4')).toBeInTheDocument();
    expect(tile('Recent Listings')).toHaveTextContent('last 7 days');
    expect(await within(tile('Matches')).findByTestId('matches-count')).toHaveTextContent('5');
    expect(tile('Matches')).toHaveTextContent('3 for your requirements · 2 for your listings');
    expect(within(tile('Matches')).getByRole('link', { name: 'See your matches' })).toHaveAttribute('href', '/consumer/matches');
    expect(within(tile('Next Listings Blast')).getByText(/^\d{2,}h \d{2}m \d{2}s$/)).toBeInTheDocument();
    expect(tile('Market')).not.toHaveTextContent('Coming soon');
    expect(within(tile('Market')).getByRole('link', { name: 'See the market' })).toHaveAttribute('href', '/consumer/market');
    expect(tile('Market Listing Search')).toHaveTextContent('Coming soon');
    expect(within(tile('Need Help?')).getByRole('link', { name: supportEmail })).toHaveAttribute('href', `mailto:${supportEmail}`);
    expect(within(tile('Profile Picture')).getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');

    expect(screen.queryByTestId('review-notice')).not.toBeInTheDocument();
    // Two create buttons, on phones too (issue 22.4): no third, phone-only one.
    expect(screen.queryByText('Create Requirement Request')).not.toBeInTheDocument();
    expect(backend.requests.map((r) => r.url.pathname)).toEqual(
      expect.arrayContaining(['/requirement_count', '/listings/recent-published-count']),
    );
  });

  it('shows the review notice and disables both create buttons, with the reason, for an account awaiting approval', async () => {
    const backend = await startProfileBackend({ status: 'awaiting approval' });
    renderApp('/consumer/dashboard');

    expect(await screen.findByTestId('review-notice', {}, firstLoad)).toHaveTextContent('Your account is being reviewed');
    for (const name of ['Create New Listing', 'Create New Requirement']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
      expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(createDisabledText);
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    // Matches are for approved brokers only: no tile, no ask.
    expect(screen.queryByText('Matches', { selector: '[data-slot="card-title"]' })).not.toBeInTheDocument();
    expect(backend.requests.some((r) => r.url.pathname === '/match_count')).toBe(false);
  });

  it('shows a dash when a count cannot be loaded', async () => {
    const backend = await startProfileBackend();
    backend.state.failures.set('requirementCount', { status: 403, message: 'Forbidden' });
    renderApp('/consumer/dashboard');
    await screen.findByRole('heading', { level: 1 }, firstLoad);
    expect(await within(tile('Active Requirements')).findByLabelText('Not available right now')).toHaveTextContent('–');
  });
});
