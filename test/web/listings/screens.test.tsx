import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListingSummary } from '@shared/api/schemas/listings';
import type { User } from '@shared/api/schemas/users';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig, type RecordedRequest } from '../support/fake-backend';
import { renderApp } from '../support/render-app';
import { testUser } from '../support/user';
import { testListing } from './listing-backend';
import { BLAST_POLL_MS } from '@/features/listings/api/listing-queries';
import { openedDialog } from '../support/dialog';

/** The first API call imports Amplify and the route chunks load: seconds in a cold test worker. */
const firstLoad = { timeout: 15_000 };
const desktopWidth = window.innerWidth;

function summary(overrides: Partial<ListingSummary> & Pick<ListingSummary, 'listingId' | 'title'>): ListingSummary {
  return {
    status: 'published',
    type: { listingTypeId: 'for-sale-user', name: 'For Sale - User' },
    propertyType: { propertyTypeId: 'office', name: 'Office' },
    market: { marketId: 'sac-midtown', name: 'Midtown', countyName: 'Sacramento' },
    sqft: 12_500,
    minSqft: null,
    maxSqft: null,
    price: 1_250_000,
    leasePrice: null,
    leaseFrequencyId: null,
    publishedOn: '2026-03-02T14:00:00.000Z',
    onMarketSince: null,
    createdAt: '2026-03-01T14:00:00.000Z',
    thumbnail: null,
    ...overrides,
  };
}

/**
 * The product API for the listing screens: the signed-in user, the browse pages (two of them when
 * asked), my listings, create and delete. Only fetch is replaced. `later` holds what My listings answers
 * on its next asks, in turn (the last one repeats), as the blast moves a listing on.
 */
async function startListingsBackend({
  user = testUser(),
  mine = [] as ListingSummary[],
  later = [] as ListingSummary[][],
  pages = [[]] as ListingSummary[][],
  /** The browse list's refusal, instead of its pages. */
  browseRefusal = undefined as string | undefined,
} = {}) {
  seedCognitoSession({ sub: user.cognitoId, email: user.email });
  let myItems = mine;
  const nextAnswers = [...later];
  const { requests } = await startWithConfig((request: RecordedRequest) => {
    const path = request.url.pathname;
    if (path.startsWith('/user/cognito/')) return json(200, { user });
    if (path === '/listings') {
      if (browseRefusal) return json(400, { message: browseRefusal });
      const page = request.url.searchParams.get('cursor') ? 1 : 0;
      return json(200, { items: pages[page] ?? [], nextCursor: page + 1 < pages.length ? `page-${page + 1}` : null });
    }
    if (path === `/listings/user/${user._id}`) {
      const answer = json(200, { items: myItems });
      if (nextAnswers.length > 0) myItems = nextAnswers.shift()!;
      return answer;
    }
    if (path === '/listing' && request.method === 'POST') {
      const listing = testListing({ listingId: 'new-draft' });
      return json(201, { listingId: listing.listingId, listing });
    }
    if (path === '/listing/new-draft') return json(200, { listing: testListing({ listingId: 'new-draft' }) });
    if (path.startsWith('/listing/') && request.method === 'DELETE') {
      myItems = myItems.filter((l) => !path.endsWith(`/${l.listingId}`));
      return json(200, { ok: true });
    }
    return json(404, { message: 'Not found' });
  });
  return { requests, browseQueries: () => requests.filter((r) => r.url.pathname === '/listings').map((r) => r.url.searchParams) };
}

describe('My Listings', { timeout: 30_000 }, () => {
  afterEach(() => {
    window.innerWidth = desktopWidth;
  });

  it('lists the broker’s listings with status, MM/dd/yyyy dates, Edit only for drafts, and deletes after the confirmation', async () => {
    const backend = await startListingsBackend({
      mine: [
        summary({ listingId: 'l-draft', title: 'Draft corner', status: 'draft', publishedOn: null }),
        summary({ listingId: 'l-queued', title: 'Queued warehouse', status: 'queued', publishedOn: null }),
        summary({ listingId: 'l-pub', title: 'Published office', status: 'published', publishedOn: '2026-03-02T14:00:00.000Z' }),
      ],
    });
    renderApp('/consumer/my-listings');

    const table = await screen.findByRole('table', {}, firstLoad);
    const row = (title: string) => within(table).getByRole('row', { name: new RegExp(title) });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Title', 'Status', 'Published On', 'Last Change', 'Actions']);
    expect(row('Draft corner')).toHaveTextContent('Draft');
    expect(row('Queued warehouse')).toHaveTextContent('Queued');
    expect(row('Published office')).toHaveTextContent('Published');
    expect(row('Published office')).toHaveTextContent('03/02/2026');
    expect(within(row('Draft corner')).getByRole('button', { name: 'Edit Draft corner' })).toBeInTheDocument();
    expect(within(row('Queued warehouse')).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(row('Published office')).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(row('Published office')).getByRole('link', { name: 'View Published office' })).toHaveAttribute('href', '/consumer/listing/l-pub');
    expect(screen.getByText(/^\d{2,}h \d{2}m \d{2}s$/)).toBeInTheDocument();

    await userEvent.click(within(row('Queued warehouse')).getByRole('button', { name: 'Delete Queued warehouse' }));
    const dialog = await openedDialog('alertdialog', { name: 'Delete Listing' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this listing? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Queued warehouse/ })).not.toBeInTheDocument());
    expect(backend.requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/listing/l-queued')).toBe(true);
  });

  it('shows one card per listing on a phone, with its status, date and actions, and no table', async () => {
    window.innerWidth = 390;
    await startListingsBackend({
      mine: [
        summary({ listingId: 'l-draft', title: 'Draft corner', status: 'draft', publishedOn: null }),
        summary({ listingId: 'l-pub', title: 'Published office', status: 'published', publishedOn: '2026-03-02T14:00:00.000Z' }),
      ],
    });
    renderApp('/consumer/my-listings');

    const list = await screen.findByRole('list', { name: 'My listings' }, firstLoad);
    const [draft, published] = within(list).getAllByRole('listitem');
    expect(draft).toHaveTextContent('Draft corner');
    expect(draft).toHaveTextContent('Published On —');
    expect(within(draft!).getByRole('button', { name: 'Edit Draft corner' })).toBeInTheDocument();
    expect(published).toHaveTextContent('Published On 03/02/2026');
    expect(within(published!).getByRole('link', { name: 'View Published office' })).toHaveAttribute('href', '/consumer/listing/l-pub');
    expect(within(published!).getByRole('button', { name: 'Delete Published office' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows Published once the blast sent a listing, without a reload, then stops asking', async () => {
    const sending = summary({ listingId: 'l-1', title: 'Blasted office', status: 'processing', publishedOn: null });
    const backend = await startListingsBackend({ mine: [sending], later: [[{ ...sending, status: 'published', publishedOn: '2026-03-02T14:00:00.000Z' }]] });
    renderApp('/consumer/my-listings');

    const table = await screen.findByRole('table', { name: 'My listings' }, firstLoad);
    const row = () => within(table).getByRole('row', { name: /Blasted office/ });
    expect(row()).toHaveTextContent('Processing');
    await waitFor(() => expect(row()).toHaveTextContent('Published'), { timeout: BLAST_POLL_MS * 2 });
    expect(row()).toHaveTextContent('03/02/2026');

    const asks = () => backend.requests.filter((r) => r.url.pathname.startsWith('/listings/user/')).length;
    const before = asks();
    await new Promise((resolve) => setTimeout(resolve, BLAST_POLL_MS + 500));
    expect(asks()).toBe(before);
  });

  it('creates a draft and opens the editor on it', async () => {
    const backend = await startListingsBackend();
    const { router } = renderApp('/consumer/my-listings');

    expect(await screen.findByText('No listings fit the search criteria, try changing the filters.', {}, firstLoad)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create New Listing' }));
    expect(await screen.findByRole('dialog', { name: 'New Listing' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ edit: 'new-draft' });
    expect(backend.requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual(['/listing']);
  });

  it('disables Create New Listing, with the reason, for an account awaiting approval', async () => {
    const user: User = testUser({ status: 'awaiting approval', approvedAt: null });
    await startListingsBackend({ user });
    renderApp('/consumer/my-listings');

    const create = await screen.findByRole('button', { name: 'Create New Listing' }, firstLoad);
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('You can create listings once your account is approved.');
  });
});

describe('Listings browser', { timeout: 30_000 }, () => {
  it('says "Error fetching listings: Failed to fetch listings" (spec 02 §8), with the reason below, and asks once for a refusal', async () => {
    const backend = await startListingsBackend({ browseRefusal: 'Unknown market.' });
    renderApp('/consumer/listings');

    expect(await screen.findByText('Error fetching listings: Failed to fetch listings', {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByText('Unknown market.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(backend.browseQueries()).toHaveLength(1);
  });

  it('reads the filters from the URL, sends them, and Clear removes them', async () => {
    const backend = await startListingsBackend({ pages: [[summary({ listingId: 'a', title: 'Lease in Midtown' })]] });
    const { router } = renderApp('/consumer/listings?listingTypeId=for-lease&marketId=sac-midtown&propertyTypeId=castle');

    await screen.findByRole('link', { name: /Lease in Midtown/ }, firstLoad);
    expect(screen.getByText(/all the listings broadcast in your market.*leaves this list after 120 days unless its broker renews it/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Listing Type' })).toHaveDisplayValue('For Lease');
    expect(screen.getByRole('combobox', { name: 'Property Type' })).toHaveDisplayValue('All property types');
    expect(screen.getByRole('combobox', { name: 'Submarket' })).toHaveDisplayValue('Midtown');
    const first = backend.browseQueries()[0]!;
    expect(first.get('listingTypeId')).toBe('for-lease');
    expect(first.get('marketId')).toBe('sac-midtown');
    expect(first.has('propertyTypeId')).toBe(false); // not a property type: dropped

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(backend.browseQueries().at(-1)!.has('listingTypeId')).toBe(false));
  });

  it('puts a chosen filter into the URL; the Submarket list is grouped by county with Miscellaneous last', async () => {
    await startListingsBackend();
    const { router } = renderApp('/consumer/listings');
    expect(await screen.findByText('No listings found.', {}, firstLoad)).toBeInTheDocument();

    const submarket = screen.getByRole('combobox', { name: 'Submarket' });
    const groups = within(submarket).getAllByRole('group').map((g) => g.getAttribute('label'));
    expect(groups).toEqual(['Sacramento', 'Placer', 'El Dorado', 'Yolo', 'Miscellaneous']);
    const misc = within(submarket).getAllByRole('group').at(-1)!;
    expect(within(misc).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sutter County', 'Yuba County']);
    await userEvent.selectOptions(submarket, 'Yuba County');
    await waitFor(() => expect(router.state.location.search).toEqual({ marketId: 'yuba-county' }));
  });

  it('shows cards with photo, type, price or lease rate, size, submarket and days on BISN, and loads the next page', async () => {
    const backend = await startListingsBackend({
      pages: [
        [
          summary({ listingId: 'a', title: 'Office for sale', thumbnail: 'https://assets.example.test/a/thumbnail.jpg' }),
          summary({
            listingId: 'b',
            title: 'Warehouse for lease',
            type: { listingTypeId: 'for-lease', name: 'For Lease' },
            propertyType: { propertyTypeId: 'industrial', name: 'Industrial' },
            market: { marketId: 'sac-power-inn', name: 'Power Inn', countyName: 'Sacramento' },
            price: null,
            sqft: null,
            leasePrice: 0.89,
            leaseFrequencyId: 'monthly',
            minSqft: 32_000,
            maxSqft: 64_000,
          }),
        ],
        [summary({ listingId: 'c', title: 'Second page land', price: null })],
      ],
    });
    renderApp('/consumer/listings');

    const sale = await screen.findByRole('link', { name: /Office for sale/ }, firstLoad);
    expect(sale).toHaveAttribute('href', '/consumer/listing/a');
    expect(sale).toHaveTextContent('For Sale - User · Office');
    expect(sale).toHaveTextContent('$1,250,000');
    expect(sale).toHaveTextContent('12,500 sqft · Midtown');
    expect(sale).toHaveTextContent(/\d+ days? on BISN/);
    expect(sale.querySelector('img')).toHaveAttribute('src', 'https://assets.example.test/a/thumbnail.jpg');
    const lease = screen.getByRole('link', { name: /Warehouse for lease/ });
    expect(lease).toHaveTextContent('$0.89 per sqft / Monthly');
    expect(lease).toHaveTextContent('32,000 - 64,000 sqft · Power Inn');
    expect(lease).not.toHaveTextContent('Negotiable');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const third = await screen.findByRole('link', { name: /Second page land/ });
    expect(third).toHaveTextContent('Negotiable');
    expect(backend.browseQueries().at(-1)!.get('cursor')).toBe('page-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Office for sale|Warehouse for lease|Second page land/ })).toHaveLength(3);
  });
});
