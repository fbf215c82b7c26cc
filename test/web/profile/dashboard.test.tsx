import { createDisabledText } from '@/features/dashboard/pages/dashboard-page';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supportEmail } from '@shared/catalog';
import { firstNamePlaceholder } from '@shared/rules/format';
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
    expect(screen.getByRole('link', { name: 'Create New Listing' })).toHaveAttribute('href', '/consumer/my-listings?create=true');
    expect(screen.getByRole('link', { name: 'Create New Requirement' })).toHaveAttribute('href', '/consumer/my-requirements?create=true');

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
    // Two create buttons, on phones too: no third, phone-only one.
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

  it("tells a delegate which step their request waits for, and a broker who asked to assist them", async () => {
    const backend = await startProfileBackend({ status: 'awaiting approval' });
    const person = (userId: string, name: string) => ({ userId, name, email: `${userId}@example.com`, firm: '' });
    const delegation = (state: 'requested' | 'confirmed', brokerId: string, brokerName: string) => ({
      brokerId,
      delegateId: backend.state.user._id,
      broker: person(brokerId, brokerName),
      delegate: person(backend.state.user._id, 'Me'),
      state,
      canExport: false,
      brokerActive: true,
      requestedAt: '2026-11-01T00:00:00.000Z',
      confirmedAt: state === 'confirmed' ? '2026-11-02T00:00:00.000Z' : null,
      approvedAt: null,
      endedAt: null,
    });
    backend.state.delegations = {
      asDelegate: [delegation('requested', 'b1', 'Ben Carter'), delegation('confirmed', 'b2', 'Dana Lee')],
      asBroker: [{ ...delegation('requested', backend.state.user._id, 'Me'), delegateId: 'd1', delegate: person('d1', 'Avery Brooks') }],
    };
    renderApp('/consumer/dashboard');
    const notice = await screen.findByTestId('delegation-notice', {}, firstLoad);
    expect(notice).toHaveTextContent('Waiting for Ben Carter to confirm your request.');
    expect(notice).toHaveTextContent('Dana Lee confirmed. Waiting for an operator to approve you as their delegate.');
    expect(within(notice).getByText(/Avery Brooks asked to be your delegate/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Answer in your profile' })).toHaveAttribute('href', '/consumer/profile');
  });

  it('greets a record without a first name with the placeholder, never "Welcome, !" (spec 01 §3)', async () => {
    await startProfileBackend({ firstName: '' });
    renderApp('/consumer/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${firstNamePlaceholder}!` }, firstLoad)).toBeInTheDocument();
    expect(firstNamePlaceholder).toBe('Member');
  });

  it('says "Failed to fetch requirement count" when the count cannot be loaded (spec 02 §8)', async () => {
    const backend = await startProfileBackend();
    backend.state.failures.set('requirementCount', { status: 403, message: 'Forbidden' });
    renderApp('/consumer/dashboard');
    await screen.findByRole('heading', { level: 1 }, firstLoad);
    expect(await within(tile('Active Requirements')).findByText('Failed to fetch requirement count')).toBeInTheDocument();
    expect(await within(tile('Recent Listings')).findByText('4')).toBeInTheDocument();
  });
});
