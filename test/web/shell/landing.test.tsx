import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startWithConfig } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

describe('landing page', () => {
  beforeEach(async () => {
    await startWithConfig();
  });

  it('shows the tagline, the three feature cards and the current year', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect. Collaborate. Conquer.' })).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: /built for brokers/i })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Share commercial real estate requirements to quickly identify options.');
    expect(cards[1]).toHaveTextContent('Specialize, organize and take control of your information and inbox.');
    expect(cards[2]).toHaveTextContent('Access specific, targeted broker contact lists for your market.');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });

  it('has the logo, a Login link and a Join link to /signup, and no shared top bar', async () => {
    renderApp('/');

    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('img', { name: 'BISN' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    // The shared header is the only place with a "BISN home" link.
    expect(screen.queryByRole('link', { name: 'BISN home' })).not.toBeInTheDocument();
  });
});
