import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { legalVersion } from '@shared/catalog';
import { startWithConfig } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

describe('footer', () => {
  beforeEach(async () => {
    await startWithConfig();
  });

  it('shows the year, the version label and links to the three legal pages', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');

    expect(footer).toHaveTextContent(String(new Date().getFullYear()));
    expect(footer).toHaveTextContent(`Version ${legalVersion}`);
    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/termsAndConditions');
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Copyright Policy' })).toHaveAttribute('href', '/copyright');
  });

  it.each([
    ['Terms of Use', 'Terms of Use', /within one year/],
    ['Privacy Policy', 'Privacy Policy', /broker license number/],
    ['Copyright Policy', 'Copyright Policy', /ten business days/],
  ])('the %s link opens that page', async (linkName, heading, fact) => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');

    await userEvent.click(within(footer).getByRole('link', { name: linkName }));

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(fact);
  });
});
