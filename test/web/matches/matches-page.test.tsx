import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Match, MatchState } from '@shared/api/schemas/matches';
import { updateMatchRequest } from '@shared/api/schemas/matches';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig } from '../support/fake-backend';
import { renderApp } from '../support/render-app';
import { testUser } from '../support/user';

/** The first API call imports Amplify and the route chunks load: seconds in a cold test worker. */
const firstLoad = { timeout: 15_000 };

const counterpart = (firstName: string, email: string): NonNullable<Match['counterpart']> => ({
  _id: `u-${firstName}`,
  firstName,
  lastName: 'Broker',
  title: 'Broker',
  phone: '9165550123',
  email,
  license: '01234567',
  profileImage: null,
  brokerImage: null,
  brokerInfo: null,
});

function match(overrides: Partial<Match> & Pick<Match, 'side' | 'requirementId' | 'listingId' | 'score'>): Match {
  return {
    requirementTitle: `Requirement ${overrides.requirementId}`,
    listingTitle: `Listing ${overrides.listingId}`,
    reasons: [
      { criterion: 'deal', verdict: 'fit', text: 'For Lease — the same deal' },
      { criterion: 'size', verdict: 'partial', text: '16,000 sf — 7 % above 10,000–15,000 sf' },
      { criterion: 'keywords', verdict: 'miss', text: 'No highlight in common' },
    ],
    state: 'open',
    matchedAt: '2026-03-02T14:00:00.000Z',
    counterpart: null,
    ...overrides,
  };
}

/** The signed-in broker and their matches; PUT /match/… changes the stored state as the server does. */
async function startMatchesBackend(initial: Match[], { nextCursor = null as string | null } = {}) {
  const user = testUser();
  seedCognitoSession({ sub: user.cognitoId, email: user.email });
  let matches = initial;
  const { requests } = await startWithConfig((request) => {
    const path = request.url.pathname;
    if (path.startsWith('/user/cognito/')) return json(200, { user });
    // The next page (after `nextCursor`) is the last one and empty.
    if (path === '/matches') return json(200, request.url.searchParams.has('cursor') ? { items: [], nextCursor: null } : { items: matches, nextCursor });
    if (path === '/match_count') return json(200, { requirements: 2, listings: 1 });
    const put = /^\/match\/([^/]+)\/([^/]+)$/.exec(path);
    if (put && request.method === 'PUT') {
      const body = updateMatchRequest.parse(JSON.parse(String(request.body)));
      const [, requirementId, listingId] = put;
      matches = matches.map((m) => (m.requirementId === requirementId && m.listingId === listingId ? { ...m, state: body.state } : m));
      return json(200, { match: matches.find((m) => m.requirementId === requirementId && m.listingId === listingId) });
    }
    return json(404, { message: 'Not found' });
  });
  return { requests, stateOf: (requirementId: string, listingId: string): MatchState | undefined => matches.find((m) => m.requirementId === requirementId && m.listingId === listingId)?.state };
}

const section = (name: string) => screen.getByRole('region', { name });
const group = (within_: HTMLElement, title: string) => within(within_).getByRole('link', { name: title }).closest('section')!;
const items = (element: HTMLElement) => within(element).queryAllByTestId('match');

describe('Matches page', { timeout: 30_000 }, () => {
  it('groups my requirements and my listings, ranks each by score, with the reasons and the other broker', async () => {
    await startMatchesBackend([
      match({ side: 'requirement', requirementId: 'r1', listingId: 'l1', score: 72, counterpart: counterpart('Lena', 'lena@example.com') }),
      match({ side: 'requirement', requirementId: 'r1', listingId: 'l2', score: 91, counterpart: counterpart('Omar', 'omar@example.com') }),
      match({ side: 'requirement', requirementId: 'r2', listingId: 'l3', score: 65 }),
      match({ side: 'listing', requirementId: 'r9', listingId: 'l7', score: 84, counterpart: counterpart('Rita', 'rita@example.com') }),
    ]);
    renderApp('/consumer/matches');

    await screen.findByRole('heading', { level: 2, name: 'My requirements' }, firstLoad);
    const mine = section('My requirements');
    expect(within(mine).getByRole('link', { name: 'Requirement r1' })).toHaveAttribute('href', '/consumer/requirement/r1');
    expect(within(mine).getByRole('link', { name: 'Requirement r2' })).toHaveAttribute('href', '/consumer/requirement/r2');

    const r1 = items(group(mine, 'Requirement r1'));
    expect(r1).toHaveLength(2);
    // Best first.
    expect(within(r1[0]!).getByRole('link', { name: 'Listing l2' })).toHaveAttribute('href', '/consumer/listing/l2');
    expect(r1[0]).toHaveTextContent('Score 91');
    expect(r1[0]).toHaveTextContent('Omar Broker');
    expect(within(r1[1]!).getByRole('link', { name: 'Listing l1' })).toBeInTheDocument();
    expect(r1[1]).toHaveTextContent('Score 72');

    const reasons = within(r1[0]!).getByRole('list', { name: 'Why it matches' });
    const lines = within(reasons).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      '✓For Lease — the same deal',
      '~16,000 sf — 7 % above 10,000–15,000 sf',
      '✗No highlight in common',
    ]);
    expect(within(lines[0]!).getByLabelText('fits')).toHaveTextContent('✓');
    expect(within(lines[1]!).getByLabelText('partly fits')).toHaveTextContent('~');
    expect(within(lines[2]!).getByLabelText('does not fit')).toHaveTextContent('✗');

    const listings = section('My listings');
    expect(within(listings).getByRole('link', { name: 'Listing l7' })).toHaveAttribute('href', '/consumer/listing/l7');
    const [fitting] = items(group(listings, 'Listing l7'));
    expect(within(fitting!).getByRole('link', { name: 'Requirement r9' })).toHaveAttribute('href', '/consumer/requirement/r9');
    expect(fitting).toHaveTextContent('Rita Broker');
    expect(within(fitting!).getByRole('link', { name: 'rita@example.com' })).toHaveAttribute('href', 'mailto:rita@example.com');
    expect(within(fitting!).getByRole('link', { name: '(916) 555-0123' })).toHaveAttribute('href', 'tel:9165550123');
  });

  it('dismiss hides a match behind "Show 1 dismissed", which shows it with Restore; sent to client shows a badge and Undo', async () => {
    const user = userEvent.setup();
    const backend = await startMatchesBackend([
      match({ side: 'requirement', requirementId: 'r1', listingId: 'l1', score: 90 }),
      match({ side: 'requirement', requirementId: 'r1', listingId: 'l2', score: 70 }),
    ]);
    renderApp('/consumer/matches');

    await screen.findByRole('link', { name: 'Listing l2' }, firstLoad);
    const first = () => screen.getByRole('link', { name: 'Listing l1' }).closest<HTMLElement>('[data-testid="match"]')!;
    await user.click(within(first()).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Listing l1' })).not.toBeInTheDocument());
    expect(backend.stateOf('r1', 'l1')).toBe('dismissed');
    const put = backend.requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe('/match/r1/l1');
    expect(JSON.parse(String(put.body))).toEqual({ side: 'requirement', state: 'dismissed' });

    await user.click(screen.getByRole('button', { name: 'Show 1 dismissed' }));
    expect(screen.getByRole('link', { name: 'Listing l1' })).toBeInTheDocument();
    await user.click(within(first()).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /dismissed/ })).not.toBeInTheDocument());
    expect(backend.stateOf('r1', 'l1')).toBe('open');

    await user.click(within(first()).getByRole('button', { name: 'Mark sent to client' }));
    await waitFor(() => expect(within(first()).getByText('Sent to client')).toBeInTheDocument());
    expect(backend.stateOf('r1', 'l1')).toBe('sentToClient');
    await user.click(within(first()).getByRole('button', { name: /Undo/ }));
    await waitFor(() => expect(within(first()).queryByText('Sent to client')).not.toBeInTheDocument());
    expect(backend.stateOf('r1', 'l1')).toBe('open');
  });

  it('explains when matches appear when there are none', async () => {
    await startMatchesBackend([]);
    renderApp('/consumer/matches');
    expect(await screen.findByText('No listing fits your requirements yet.', {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByText('No requirement fits your listings yet.')).toBeInTheDocument();
    expect(screen.getByText(/when a listing fits one of your requirements, or a requirement fits one of your listings/)).toBeInTheDocument();
  });

  it('says so when the matches cannot be loaded', async () => {
    const user = testUser();
    seedCognitoSession({ sub: user.cognitoId, email: user.email });
    await startWithConfig((request) => {
      if (request.url.pathname.startsWith('/user/cognito/')) return json(200, { user });
      return json(500, { message: 'Something broke' });
    });
    renderApp('/consumer/matches');
    expect(await screen.findByText(/Failed to load your matches/, {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('offers Load more when there is a next page', async () => {
    const backend = await startMatchesBackend([match({ side: 'requirement', requirementId: 'r1', listingId: 'l1', score: 90 })], { nextCursor: 'next-page' });
    renderApp('/consumer/matches');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }, firstLoad));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(backend.requests.some((r) => r.url.pathname === '/matches' && r.url.searchParams.get('cursor') === 'next-page')).toBe(true);
  });
});
