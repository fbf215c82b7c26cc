import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { subscriptionCategories } from '@shared/catalog';
import { json, startWithConfig, type RecordedRequest } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const linkSent = { statusCode: '200', body: { message: 'If this address receives BISN e-mails, we have sent it a link to confirm.' } };
const authLoad = { timeout: 5000 };
const token = 'YnJva2VyQGV4YW1wbGUuY29t.office-requirements.c2lnbmF0dXJl';

async function submit(email: string) {
  await userEvent.type(await screen.findByLabelText('Email', {}, authLoad), email);
  await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
}

/** The link page's answer for an address subscribed to `subscribed`. */
const linkAnswer = (subscribed: readonly string[], turnedOff: unknown[] = []) => ({
  email: 'broker@example.com',
  stream: { id: 'office-requirements', name: 'Office Requirements' },
  subscriptions: subscriptionCategories.map((c) => ({ _id: c.id, name: c.name, subscribed: subscribed.includes(c.id) })),
  turnedOff,
});

type LinkRequest = { turnOff?: 'stream' | 'all'; turnOn?: { kind: string; id?: string }[] };
const categorySwitch = (id: string) => ({ switch: { kind: 'category', id }, name: subscriptionCategories.find((c) => c.id === id)!.name });

/** A fake API holding one address's subscriptions, turning off what the server would answer it turned off. */
function linkBackend(requests: RecordedRequest[], turnsOff: (request: LinkRequest) => { switch: { kind: string; id?: string }; name: string }[]) {
  let subscribed: string[] = subscriptionCategories.map((c) => c.id);
  return (request: RecordedRequest) => {
    requests.push(request);
    if (request.url.pathname !== '/unsubscribe/link') return json(404, { message: 'Not found' });
    if (request.method !== 'POST') return json(200, linkAnswer(subscribed));
    const body = JSON.parse(String(request.body)) as LinkRequest;
    if (body.turnOn) {
      subscribed = subscriptionCategories.map((c) => c.id).filter((id) => subscribed.includes(id) || body.turnOn!.some((s) => s.id === id));
      return json(200, linkAnswer(subscribed));
    }
    const off = turnsOff(body);
    subscribed = subscribed.filter((id) => !off.some((o) => o.switch.id === id));
    return json(200, linkAnswer(subscribed, off));
  };
}
const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(String(r.body)) as LinkRequest);

describe('/unsubscribe form', () => {
  it('posts the address and shows, in green, that a link was sent; with a link to sign up', async () => {
    const { requests } = await startWithConfig(() => json(200, linkSent));
    renderApp('/unsubscribe');

    await submit('Broker@Example.com ');

    const sent = await screen.findByText(linkSent.body.message);
    expect(sent.closest('[role="status"]')).toHaveClass('text-success');
    const post = requests.find((r) => r.url.pathname === '/unsubscribe')!;
    expect(post.method).toBe('POST');
    expect(JSON.parse(String(post.body))).toEqual({ email: 'broker@example.com' });
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).at(-1)).toHaveAttribute('href', '/signup');
  });

  it('checks the address before sending anything', async () => {
    const { requests } = await startWithConfig(() => json(200, linkSent));
    renderApp('/unsubscribe');
    await submit('not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/unsubscribe')).toEqual([]);
  });

  it('shows the limit’s message in red, and a failed call’s own message', async () => {
    let answer = () => json(429, { message: 'Too many unsubscribe requests. Please wait an hour and try again.' });
    await startWithConfig(() => answer());
    renderApp('/unsubscribe');

    await submit('broker@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many unsubscribe requests. Please wait an hour and try again.');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Network error'));
  });
});

describe('/unsubscribe?token= (the link of a mail)', () => {
  it('opening it only reads: the stream, the buttons and the current subscriptions', async () => {
    const requests: RecordedRequest[] = [];
    await startWithConfig(linkBackend(requests, () => []));
    renderApp(`/unsubscribe?token=${token}`);

    expect(await screen.findByRole('button', { name: 'Unsubscribe from Office Requirements' }, authLoad)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe from all' })).toBeInTheDocument();
    expect(screen.getByText(/came from/)).toHaveTextContent('This e-mail to broker@example.com came from Office Requirements.');
    expect(within(screen.getByRole('region', { name: 'Current subscriptions' })).getAllByRole('listitem')).toHaveLength(subscriptionCategories.length);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(requests.map((r) => [r.method, r.url.pathname, r.url.searchParams.get('token')])).toEqual([['GET', '/unsubscribe/link', token]]);
  });

  it('“Unsubscribe from <stream>” asks for what one click does; the done page lists exactly what was turned off, each with “Re-subscribe”', async () => {
    const requests: RecordedRequest[] = [];
    const digest = [
      categorySwitch('office-listings'),
      categorySwitch('retail-listings'),
      { switch: { kind: 'requirements', delivery: 'digest' }, name: 'Requirement broadcasts in your digest' },
      { switch: { kind: 'search', savedSearchId: 's1', frequency: 'daily' }, name: 'Saved search “Midtown office” (in the daily digest)' },
    ];
    await startWithConfig(linkBackend(requests, () => digest));
    renderApp(`/unsubscribe?token=${token}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from Office Requirements' }, authLoad));
    expect(await screen.findByText('Unsubscribed successfully')).toBeInTheDocument();
    expect(posts(requests)).toEqual([{ turnOff: 'stream' }]);
    const turnedOff = screen.getByRole('region', { name: 'Turned off for broker@example.com' });
    expect(within(turnedOff).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(digest.map((d) => d.name));
    expect(within(turnedOff).getAllByRole('button', { name: /^Re-subscribe to (?!all of these)/ })).toHaveLength(digest.length);
    const current = () => within(screen.getByRole('region', { name: 'Current subscriptions' }));
    expect(current().queryByText('Office Listings')).not.toBeInTheDocument();

    await userEvent.click(within(turnedOff).getByRole('button', { name: 'Re-subscribe to Retail Listings' }));
    await waitFor(() => expect(within(turnedOff).getAllByText('Subscribed again')).toHaveLength(1));
    expect(posts(requests).at(-1)).toEqual({ turnOn: [digest[1]!.switch] });
    expect(current().getByText('Retail Listings')).toBeInTheDocument();

    await userEvent.click(within(turnedOff).getByRole('button', { name: 'Re-subscribe to all of these' }));
    await waitFor(() => expect(within(turnedOff).getAllByText('Subscribed again')).toHaveLength(digest.length));
    expect(posts(requests).at(-1)).toEqual({ turnOn: [digest[0]!.switch, digest[2]!.switch, digest[3]!.switch] });
  });

  it('“Unsubscribe from all” asks for everything; with nothing left on, the done page says so', async () => {
    const requests: RecordedRequest[] = [];
    await startWithConfig(linkBackend(requests, () => []));
    renderApp(`/unsubscribe?token=${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from all' }, authLoad));
    expect(await screen.findByText('Unsubscribed successfully')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was on to turn off/)).toHaveTextContent('Nothing was on to turn off: broker@example.com already received none of any of our e-mails.');
    expect(posts(requests)).toEqual([{ turnOff: 'all' }]);
  });

  it('a saved search’s mail names its stream and offers to turn that search off', async () => {
    const searchToken = 'YnJva2VyQGV4YW1wbGUuY29t.search-0f0e5b1c-1111-4222-8333-444455556666.c2lnbmF0dXJl';
    await startWithConfig(() =>
      json(200, { ...linkAnswer(subscriptionCategories.map((c) => c.id)), stream: { id: 'search-0f0e5b1c-1111-4222-8333-444455556666', name: 'the alerts of one of your saved searches' } }),
    );
    renderApp(`/unsubscribe?token=${searchToken}`);
    expect(await screen.findByRole('button', { name: 'Unsubscribe from the alerts of one of your saved searches' }, authLoad)).toBeInTheDocument();
    expect(screen.getByText(/came from/)).toHaveTextContent('This e-mail to broker@example.com came from the alerts of one of your saved searches.');
    expect(screen.getAllByRole('button', { name: /^Unsubscribe from/ })).toHaveLength(2);
  });

  it('falls back to the form when the link does not verify', async () => {
    await startWithConfig(() => json(400, { message: 'This unsubscribe link is not valid.' }));
    renderApp('/unsubscribe?token=forged.token-value');
    expect(await screen.findByRole('alert', {}, authLoad)).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
