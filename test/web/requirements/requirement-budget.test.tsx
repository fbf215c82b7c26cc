import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { maxLeaseFrequencyRequired } from '@shared/api/schemas/requirements';
import { formatBudget } from '@shared/rules';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig } from '../support/fake-backend';
import { renderApp } from '../support/render-app';
import { testUser } from '../support/user';
import { openedDialog } from '../support/dialog';

/** The first API call imports Amplify and the route chunks load: seconds in a cold test worker, more on a busy machine. */
const firstLoad = { timeout: 30_000 };

// The dialog scrolls itself to the top at each step; jsdom has no scrolling.
Element.prototype.scrollTo ??= () => {};

/** The signed-in broker, an empty My requirements, and POST /requirement answering what a server would. */
async function startCreateBackend() {
  const user = testUser();
  seedCognitoSession({ sub: user.cognitoId, email: user.email });
  const { requests } = await startWithConfig((request) => {
    const path = request.url.pathname;
    if (path.startsWith('/user/cognito/')) return json(200, { user });
    if (path.startsWith('/user/quota/')) return json(200, { quota: { requirements: { limit: 10, left: 10 }, listings: { limit: 20, left: 20 } } });
    if (path === `/requirements/${user._id}`) return json(200, { items: [], nextCursor: null });
    if (path === '/requirement' && request.method === 'POST') return json(201, { requirement: { requirementId: 'r-new' } });
    return json(404, { message: 'Not found' });
  });
  const created = () => requests.filter((r) => r.url.pathname === '/requirement' && r.method === 'POST').map((r) => JSON.parse(String(r.body)) as Record<string, unknown>);
  return { created };
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens the dialog and fills what a requirement needs: one market, a title and the timing. */
async function openAndFillRequired() {
  const user = userEvent.setup();
  renderApp('/consumer/my-requirements');
  const create = await screen.findByRole('button', { name: 'Create New Requirement' }, firstLoad);
  // Enabled once the signed-in broker is known to be approved.
  await waitFor(() => expect(create).toBeEnabled(), firstLoad);
  await user.click(create);
  // The dialog is its own chunk.
  const dialog = await openedDialog('dialog', {}, firstLoad);
  await user.click(within(within(dialog).getByRole('group', { name: 'Target markets' })).getAllByRole('checkbox')[0]!);
  fill(/^Title/, 'Office near Davis');
  fill(/^Timing/, 'Within 6 months');
  return { user, dialog };
}

// About 14 s a test on a quiet machine (the whole wizard through user-event in jsdom); a busy one takes twice that and more.
describe('the requirement budget', { timeout: 120_000 }, () => {
  it('sends the maximum price, and the maximum lease rate with its frequency', async () => {
    const backend = await startCreateBackend();
    const { user, dialog } = await openAndFillRequired();
    fill(/^Maximum Price/, '2,000,000');
    fill(/^Maximum Lease Rate/, '1.50');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Lease Rate Frequency/ }), 'Monthly');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // The review reads as the requirement's detail page will (the same sections).
    const review = await within(dialog).findByLabelText('Requirement to send');
    expect(review).toHaveTextContent('Budget');
    expect(review).toHaveTextContent(formatBudget({ maxPrice: 2_000_000, maxLeaseRate: 1.5, maxLeaseFrequencyId: 'monthly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Send Requirement' }));

    await waitFor(() => expect(backend.created()).toHaveLength(1));
    expect(backend.created()[0]).toMatchObject({ title: 'Office near Davis', maxPrice: 2_000_000, maxLeaseRate: 1.5, maxLeaseFrequencyId: 'monthly' });
  });

  it('sends no budget when none is given', async () => {
    const backend = await startCreateBackend();
    const { user, dialog } = await openAndFillRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByLabelText('Requirement to send')).not.toHaveTextContent('Budget');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm & Send Requirement' }));

    await waitFor(() => expect(backend.created()).toHaveLength(1));
    const [body] = backend.created();
    for (const field of ['maxPrice', 'maxLeaseRate', 'maxLeaseFrequencyId'] as const) expect(body?.[field] ?? null).toBeNull();
  });

  it('a lease rate without its frequency shows the error under the frequency and does not go on', async () => {
    const backend = await startCreateBackend();
    const { user, dialog } = await openAndFillRequired();
    fill(/^Maximum Lease Rate/, '24');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(maxLeaseFrequencyRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Lease Rate Frequency/ })).toHaveAccessibleDescription(maxLeaseFrequencyRequired);
    expect(within(dialog).queryByRole('button', { name: 'Confirm & Send Requirement' })).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Lease Rate Frequency/ }), 'Annually');
    await waitFor(() => expect(within(dialog).queryByText(maxLeaseFrequencyRequired)).not.toBeInTheDocument());
    expect(backend.created()).toHaveLength(0);
  });
});
