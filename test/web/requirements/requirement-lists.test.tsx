import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequirementStatus, RequirementSummary } from '@shared/api/schemas/requirements';
import { BROADCAST_POLL_MS } from '@/features/requirements/api/requirement-queries';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig } from '../support/fake-backend';
import { renderApp } from '../support/render-app';
import { testUser } from '../support/user';

/** The first API call imports Amplify and the route chunks load: seconds in a cold test worker. */
const firstLoad = { timeout: 15_000 };
const desktopWidth = window.innerWidth;
const PHONE_WIDTH = 390;

function summary(requirementId: string, title: string, status: RequirementStatus = 'sent'): RequirementSummary {
  return {
    requirementId,
    title,
    status,
    type: { requirementTypeId: 'for-lease', name: 'For Lease' },
    propertyType: { propertyTypeId: 'office', name: 'Office' },
    timing: 'Within 6 months',
    createdAt: '2026-03-01T14:00:00.000Z',
    sentAt: status === 'sent' ? '2026-03-02T14:00:00.000Z' : null,
    sqftMin: 2000,
    sqftMax: 4500,
    markets: [
      { marketId: 'yolo-davis', name: 'Davis' },
      { marketId: 'yolo-woodland', name: 'Woodland' },
    ],
  };
}

/**
 * The signed-in broker, the public list and their own list; `mine` answers each GET of My requirements
 * in turn (its last answer repeats), so a test can let a requirement be broadcast between two asks.
 */
async function startRequirementsBackend({
  browse = [] as RequirementSummary[],
  mine = [[]] as RequirementSummary[][],
  /** The public list's refusal, instead of `browse`. */
  browseRefusal = undefined as string | undefined,
} = {}) {
  const user = testUser();
  seedCognitoSession({ sub: user.cognitoId, email: user.email });
  let myAsks = 0;
  const { requests } = await startWithConfig((request) => {
    const path = request.url.pathname;
    if (path.startsWith('/user/cognito/')) return json(200, { user });
    if (path.startsWith('/user/quota/')) return json(200, { quota: { requirements: { limit: 10, left: 10 }, listings: { limit: 20, left: 20 } } });
    if (path === '/requirements') return browseRefusal ? json(400, { message: browseRefusal }) : json(200, { items: browse, nextCursor: null });
    if (path === `/requirements/${user._id}`) return json(200, { items: mine[Math.min(myAsks++, mine.length - 1)], nextCursor: null });
    if (path === '/requirement_count') return json(200, { count: 0 });
    return json(404, { message: 'Not found' });
  });
  return {
    myAsks: () => requests.filter((r) => r.url.pathname === `/requirements/${user._id}`).length,
    browseAsks: () => requests.filter((r) => r.url.pathname === '/requirements').length,
  };
}

describe('requirements browser failure', { timeout: 30_000 }, () => {
  it('says "Error fetching requirements: Failed to fetch requirements" (spec 02 §8), with the reason below, and asks once for a refusal', async () => {
    const backend = await startRequirementsBackend({ browseRefusal: 'Unknown market.' });
    renderApp('/consumer/requirements');

    expect(await screen.findByText('Error fetching requirements: Failed to fetch requirements', {}, firstLoad)).toBeInTheDocument();
    expect(screen.getByText('Unknown market.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(backend.browseAsks()).toBe(1);
  });
});

describe('requirement lists on a phone', { timeout: 30_000 }, () => {
  afterEach(() => {
    window.innerWidth = desktopWidth;
  });

  it('the browser shows one card per requirement with all five facts, and no table', async () => {
    window.innerWidth = PHONE_WIDTH;
    await startRequirementsBackend({ browse: [summary('r1', 'Office near Davis')] });
    renderApp('/consumer/requirements');

    const list = await screen.findByRole('list', { name: 'Requirements' }, firstLoad);
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Office near Davis' })).toHaveAttribute('href', '/consumer/requirement/r1');
    for (const fact of ['For Lease · Office', 'Size: 2,000 - 4,500 sqft', 'Markets: Davis, Woodland', 'Timing: Within 6 months', 'Sent On 03/02/2026']) {
      expect(card).toHaveTextContent(fact);
    }
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('the browser\'s table has Size and Markets beside the spec\'s columns; a requirement without a size says so', async () => {
    await startRequirementsBackend({ browse: [summary('r1', 'Office near Davis'), { ...summary('r2', 'Any size'), sqftMin: null, sqftMax: null }] });
    renderApp('/consumer/requirements');

    const table = await screen.findByRole('table', { name: 'Requirements' }, firstLoad);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Type', 'Property Type', 'Size (sqft)', 'Markets', 'Timing', 'Sent On']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Office near Davis',
      'For Lease',
      'Office',
      '2,000 - 4,500',
      'Davis, Woodland',
      'Within 6 months',
      '03/02/2026',
    ]);
    expect(within(second!).getAllByRole('cell')[3]).toHaveTextContent('—');
  });

  it('My requirements shows each card with its status; from 768 px up it is the table', async () => {
    window.innerWidth = PHONE_WIDTH;
    await startRequirementsBackend({ mine: [[summary('r1', 'Sent office'), summary('r2', 'Waiting retail', 'pending')]] });
    const phone = renderApp('/consumer/my-requirements');

    const list = await screen.findByRole('list', { name: 'My requirements' }, firstLoad);
    const [sent, waiting] = within(list).getAllByRole('listitem');
    expect(sent).toHaveTextContent('Sent office');
    expect(sent).toHaveTextContent('Sent');
    expect(sent).toHaveTextContent('Sent On 03/02/2026');
    expect(waiting).toHaveTextContent('Pending');
    expect(waiting).toHaveTextContent('Sent On —');
    expect(within(waiting!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    phone.unmount();

    window.innerWidth = 1280;
    renderApp('/consumer/my-requirements');
    const table = await screen.findByRole('table', { name: 'My requirements' }, firstLoad);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Title', 'Type', 'Property Type', 'Status', 'Sent On', 'Last Change']);
    expect(screen.queryByRole('list', { name: 'My requirements' })).not.toBeInTheDocument();
  });
});

describe('My requirements refreshes itself', { timeout: 30_000 }, () => {
  it('shows Sent once the broadcast went out, without a reload, then stops asking', async () => {
    const backend = await startRequirementsBackend({
      mine: [[summary('r1', 'Fresh office', 'pending')], [summary('r1', 'Fresh office', 'processing')], [summary('r1', 'Fresh office')]],
    });
    renderApp('/consumer/my-requirements');

    const table = await screen.findByRole('table', { name: 'My requirements' }, firstLoad);
    const row = () => within(table).getByRole('row', { name: /Fresh office/ });
    expect(row()).toHaveTextContent('Pending');
    await waitFor(() => expect(row()).toHaveTextContent('Processing'), { timeout: BROADCAST_POLL_MS * 2 });
    await waitFor(() => expect(row()).toHaveTextContent('Sent'), { timeout: BROADCAST_POLL_MS * 2 });
    expect(within(row()).getByRole('link', { name: 'Fresh office' })).toHaveAttribute('href', '/consumer/requirement/r1');

    // Everything is sent: no more asks.
    const asks = backend.myAsks();
    await new Promise((resolve) => setTimeout(resolve, BROADCAST_POLL_MS + 500));
    expect(backend.myAsks()).toBe(asks);
  });
});
