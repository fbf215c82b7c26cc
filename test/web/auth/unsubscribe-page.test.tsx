import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, startWithConfig, type RecordedRequest } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const unsubscribed = { statusCode: '200', body: { message: 'Unsubscribed successfully' } };
const authLoad = { timeout: 5000 };

async function submit(email: string) {
  await userEvent.type(await screen.findByLabelText('Email', {}, authLoad), email);
  await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
}

describe('/unsubscribe', () => {
  it('posts the address and shows the green success, with a link to sign up', async () => {
    const { requests } = await startWithConfig(() => json(200, unsubscribed));
    renderApp('/unsubscribe');

    await submit('Broker@Example.com ');

    const success = await screen.findByText('Unsubscribed successfully');
    expect(success.closest('[role="status"]')).toHaveClass('text-success');
    const post = requests.find((r) => r.url.pathname === '/unsubscribe')!;
    expect(post.method).toBe('POST');
    expect(JSON.parse(String(post.body))).toEqual({ email: 'broker@example.com' });
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).at(-1)).toHaveAttribute('href', '/signup');
  });

  it('checks the address before sending anything', async () => {
    const { requests } = await startWithConfig(() => json(200, unsubscribed));
    renderApp('/unsubscribe');
    await submit('not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/unsubscribe')).toEqual([]);
  });

  it('shows the body message in red when the status is not "200", and a failed call’s own message', async () => {
    let answer = () => json(200, { statusCode: '500', body: { message: 'We could not unsubscribe you right now.' } });
    await startWithConfig(() => answer());
    renderApp('/unsubscribe');

    await submit('broker@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not unsubscribe you right now.');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Network error'));
  });

  it('with ?token= from an e-mail, posts the token to the one-click endpoint at once', async () => {
    const requests: RecordedRequest[] = [];
    await startWithConfig((request) => {
      requests.push(request);
      return json(200, unsubscribed);
    });
    renderApp('/unsubscribe?token=YnJva2VyQGV4YW1wbGUuY29t.c2lnbmF0dXJl');

    expect(await screen.findByText('Unsubscribed successfully', {}, authLoad)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe('/unsubscribe/one-click');
    expect(requests[0]!.url.searchParams.get('token')).toBe('YnJva2VyQGV4YW1wbGUuY29t.c2lnbmF0dXJl');
  });

  it('falls back to the form when the link does not verify', async () => {
    await startWithConfig(() => json(400, { message: 'This unsubscribe link is not valid.' }));
    renderApp('/unsubscribe?token=forged.token-value');
    expect(await screen.findByRole('alert', {}, authLoad)).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
