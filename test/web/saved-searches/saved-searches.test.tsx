import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createSavedSearchRequest, updateSavedSearchRequest, type SavedSearch } from '@shared/api/schemas/saved-searches';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig } from '../support/fake-backend';
import { openedDialog } from '../support/dialog';
import { renderApp } from '../support/render-app';
import { testUser } from '../support/user';

/** The first API call imports Amplify and the route chunks load: seconds in a cold test worker. */
const firstLoad = { timeout: 15_000 };

const search = (overrides: Partial<SavedSearch> & Pick<SavedSearch, 'savedSearchId' | 'name'>): SavedSearch =>
  ({
    kind: 'listings',
    filters: { listingTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'sac-midtown' },
    frequency: 'daily',
    status: 'active',
    pausedReason: null,
    pausedAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    lastMatchedAt: null,
    lastAlertAt: null,
    lastEngagedAt: null,
    ...overrides,
  }) as SavedSearch;

/** The signed-in broker's saved searches, changed by PUT and created by POST as the server does; `matching` is the next save's count. */
async function startSearchesBackend(initial: SavedSearch[], { matching = 12 } = {}) {
  const user = testUser();
  seedCognitoSession({ sub: user.cognitoId, email: user.email });
  let searches = initial;
  const answer = (saved: SavedSearch) => json(200, { search: saved, matching, tooBroad: matching > 500 });
  const { requests } = await startWithConfig((request) => {
    const path = request.url.pathname;
    if (path.startsWith('/user/cognito/')) return json(200, { user });
    if (path === '/searches' && request.method === 'GET') return json(200, { items: searches });
    if (path === '/searches' && request.method === 'POST') {
      const body = createSavedSearchRequest.parse(JSON.parse(String(request.body)));
      const created = search({ ...body, savedSearchId: `s${searches.length + 1}` } as SavedSearch);
      searches = [...searches, created];
      return answer(created);
    }
    const one = /^\/search\/([^/]+)$/.exec(path);
    if (one && request.method === 'PUT') {
      const body = updateSavedSearchRequest.parse(JSON.parse(String(request.body)));
      searches = searches.map((s) =>
        s.savedSearchId !== one[1]
          ? s
          : ({ ...s, ...(body.name ? { name: body.name } : {}), ...(body.frequency ? { frequency: body.frequency } : {}), ...(body.resume ? { status: 'active', pausedReason: null, pausedAt: null } : {}) } as SavedSearch),
      );
      return answer(searches.find((s) => s.savedSearchId === one[1])!);
    }
    if (one && request.method === 'DELETE') {
      searches = searches.filter((s) => s.savedSearchId !== one[1]);
      return json(200, { ok: true });
    }
    if (path === '/listings') return json(200, { items: [], nextCursor: null });
    return json(404, { message: 'Not found' });
  });
  return { requests, searches: () => searches };
}

const row = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('Saved searches page', { timeout: 30_000 }, () => {
  it('says so when there are none', async () => {
    await startSearchesBackend([]);
    renderApp('/consumer/saved-searches');
    expect(await screen.findByText('You have no saved searches yet.', {}, firstLoad)).toBeInTheDocument();
  });

  it('shows each search’s kind, filters in words, frequency and state; links it to its browser with its filters', async () => {
    await startSearchesBackend([
      search({ savedSearchId: 's1', name: 'Midtown leases' }),
      search({ savedSearchId: 's2', name: 'Any requirement', kind: 'requirements', filters: {} as never, frequency: 'weekly', status: 'paused', pausedReason: 'no-matches-90-days', pausedAt: '2026-06-01T00:00:00.000Z' }),
    ]);
    renderApp('/consumer/saved-searches');
    await screen.findByRole('list', { name: 'Saved searches' }, firstLoad);

    const leases = row('Midtown leases');
    expect(leases).toHaveTextContent('Listings');
    expect(leases).toHaveTextContent('For Lease · Office · Midtown');
    expect(within(leases).getByRole('combobox', { name: 'How often Midtown leases e-mails you' })).toHaveValue('daily');
    expect(within(leases).getByText('Active')).toBeInTheDocument();
    expect(within(leases).getByRole('link', { name: 'Open Midtown leases' })).toHaveAttribute('href', '/consumer/listings?listingTypeId=for-lease&propertyTypeId=office&marketId=sac-midtown');

    const any = row('Any requirement');
    expect(any).toHaveTextContent('Every requirement');
    expect(any).toHaveTextContent('Paused: nothing new has matched it for 90 days.');
    expect(within(any).getByRole('link', { name: 'Open Any requirement' })).toHaveAttribute('href', '/consumer/requirements');
  });

  it('changes the frequency inline, keeps a paused search, renames and deletes after the confirmation', async () => {
    const backend = await startSearchesBackend([
      search({ savedSearchId: 's1', name: 'Midtown leases', status: 'paused', pausedReason: 'no-engagement-30-days', pausedAt: '2026-06-01T00:00:00.000Z' }),
    ]);
    renderApp('/consumer/saved-searches');
    await screen.findByRole('list', { name: 'Saved searches' }, firstLoad);
    const user = userEvent.setup();

    await user.selectOptions(within(row('Midtown leases')).getByRole('combobox'), 'instant');
    await waitFor(() => expect(backend.searches()[0]!.frequency).toBe('instant'));
    await user.click(within(row('Midtown leases')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(within(row('Midtown leases')).getByText('Active')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Rename Midtown leases' }));
    const dialog = await openedDialog();
    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Name the search.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Name/), 'Midtown');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await screen.findByRole('heading', { level: 3, name: 'Midtown' });

    await user.click(screen.getByRole('button', { name: 'Delete Midtown' }));
    await user.click(within(await openedDialog('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no saved searches yet.')).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(String(r.body)))).toEqual([{ frequency: 'instant' }, { resume: true }, { name: 'Midtown' }]);
  });
});

describe('Save search on the Listings browser', { timeout: 30_000 }, () => {
  it('saves the URL’s filters under a name and frequency; a search over 500 items is saved with a warning', async () => {
    const backend = await startSearchesBackend([], { matching: 501 });
    renderApp('/consumer/listings?propertyTypeId=office&marketId=sac-midtown&sort=daysOnBisn');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save search' }, firstLoad));
    const dialog = await openedDialog();
    expect(dialog).toHaveTextContent('Listings: Office · Midtown');
    await user.type(within(dialog).getByLabelText(/Name/), 'Offices');
    await user.selectOptions(within(dialog).getByLabelText('E-mail me'), 'weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    expect(await within(dialog).findByText('“Offices” is saved, but it is very broad')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('It matches more than 500 current listings.');
    expect(backend.searches()[0]).toMatchObject({ name: 'Offices', kind: 'listings', frequency: 'weekly', filters: { propertyTypeId: 'office', marketId: 'sac-midtown' } });
    // The sort is not a filter: the search keeps the filters only.
    expect(JSON.parse(String(backend.requests.find((r) => r.method === 'POST')!.body))).toEqual({ kind: 'listings', filters: { propertyTypeId: 'office', marketId: 'sac-midtown' }, name: 'Offices', frequency: 'weekly' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Beside the browser's own status, the count of its results.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContainEqual(expect.stringContaining('Saved “Offices”.'));
  });

  it('keeps the paused search the pause mail’s link names (?keep=), once, and says so', async () => {
    const backend = await startSearchesBackend([
      search({ savedSearchId: 's1', name: 'Midtown leases' }),
      search({ savedSearchId: 's2', name: 'Quiet offices', status: 'paused', pausedReason: 'no-matches-90-days', pausedAt: '2026-06-01T00:00:00.000Z' }),
    ]);
    renderApp('/consumer/saved-searches?keep=s2');
    expect(await screen.findByText('“Quiet offices” is kept: it e-mails you again.', {}, firstLoad)).toBeInTheDocument();
    await waitFor(() => expect(within(row('Quiet offices')).getByText('Active')).toBeInTheDocument());
    expect(backend.requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, JSON.parse(String(r.body))])).toEqual([['/search/s2', { resume: true }]]);
  });

  it('says so when the search the link names is gone', async () => {
    await startSearchesBackend([search({ savedSearchId: 's1', name: 'Midtown leases' })]);
    renderApp('/consumer/saved-searches?keep=gone');
    expect(await screen.findByText('That saved search no longer exists.', {}, firstLoad)).toBeInTheDocument();
  });
});
