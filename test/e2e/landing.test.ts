import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, DESKTOP, openBrowser, PHONE, screenshot, seriousA11yViolations, signIn } from './support';

describe('landing page of the running stack', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser(DESKTOP);
  });
  afterAll(async () => browser?.dispose());

  it('shows the logo, Login and Join, the three feature cards and the footer year', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    // waitFor: the first page of a cold dev server takes a moment to render.
    await page.getByRole('link', { name: /login/i }).first().waitFor();
    await page.getByRole('link', { name: /join/i }).first().waitFor();
    await page.getByText('Connect. Collaborate. Conquer.').waitFor();
    await page.getByLabel(/BISN/).first().waitFor();
    const body = await page.locator('main').innerText();
    expect(body).toMatch(/requirements/i);
    expect(body).toMatch(/inbox/i);
    expect(body).toMatch(/broker contact lists/i);
    const footer = await page.locator('footer').last().innerText();
    expect(footer).toContain(String(new Date().getFullYear()));
    await screenshot(page, 'landing-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const footerPosition = () => page.locator('footer').last().evaluate((footer) => getComputedStyle(footer).position);
    await expect(footerPosition()).resolves.toBe('sticky');

    await page.setViewportSize(PHONE);
    await page.goto('/');
    // On a phone the footer ends the content instead of covering the bottom of every screen.
    await expect(footerPosition()).resolves.toBe('static');
    await screenshot(page, 'landing-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('offers a signed-in broker the way back to the dashboard instead of Login and Join', async () => {
    const page = await browser.newPage();
    await signIn(page, demoLogin('broker'));
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Account' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await expect(nav.getByRole('link', { name: /login|join/i }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/consumer/dashboard');
    await page.close();
  });
});
