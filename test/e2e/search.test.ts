import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, DESKTOP, newBroker, openBrowser, PHONE, publishListingAs, screenshot, seriousA11yViolations, signIn } from './support';

/**
 * The browsers' criteria beside the spec's filters in Chromium against the whole local stack: a broker asks
 * for 12,000 sf of industrial space in Rancho Cordova or Power Inn under $1.10/sf/month NNN with a keyword,
 * sees the count and the cards, sorts them, saves the search and opens it again from the Saved searches page;
 * the requirements browser's "fits a listing of" keeps its criteria in the URL; both at phone width too.
 * Screenshots: test-results/screenshots/search-*.png.
 */
type Broker = Awaited<ReturnType<typeof newBroker>>;
const token = `zz${Date.now().toString(36)}`;
const address = (street: string) => ({ address1: `${Math.floor(Math.random() * 9000) + 1000} ${street}`, city: 'Rancho Cordova', state: 'CA', zipCode: '95670' });

describe('search criteria, end to end', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  let searcher: Broker;

  beforeAll(async () => {
    const lister = await newBroker('criterialister', { approved: true, password: 'Lister!2345pass' });
    const listing = { listingTypeId: 'for-lease', propertyTypeId: 'industrial', leaseFrequencyId: 'monthly', leaseTypeId: 'nnn', description: `Cold storage ${token} with dock doors.` };
    await publishListingAs(lister, { ...listing, ...address('Sunrise Blvd'), title: `Cordova cold storage ${token}`, marketId: 'sac-rancho-cordova', sqft: 12_000, leasePrice: 1.05 });
    await publishListingAs(lister, { ...listing, ...address('Power Inn Rd'), title: `Power Inn cold storage ${token}`, marketId: 'sac-power-inn', sqft: 30_000, leasePrice: 0.95 });
    await publishListingAs(lister, { ...listing, ...address('Folsom Blvd'), title: `Pricey cold storage ${token}`, marketId: 'sac-rancho-cordova', sqft: 14_000, leasePrice: 1.4 });
    await publishListingAs(lister, { ...listing, ...address('Washington Blvd'), title: `Roseville cold storage ${token}`, marketId: 'placer-roseville', city: 'Roseville', zipCode: '95678', sqft: 12_000, leasePrice: 0.9 });
    searcher = await newBroker('criteriasearcher', { approved: true, password: 'Searcher!2345pass' });
    browser = await openBrowser(DESKTOP);
    page = await browser.newPage();
    await signIn(page, searcher);
  }, 240_000);
  afterAll(async () => browser?.dispose());

  const cards = () => page.getByRole('list', { name: 'Listings' }).getByRole('link');
  const status = () => page.getByRole('status').filter({ hasText: /^\d[\d,]*\+? listings?$/ });

  it('asks the Listings browser for markets, size, rate, lease type and a keyword: the URL, the count and the cards follow', async () => {
    await page.goto('/consumer/listings');
    await page.getByText('More filters').click();
    const form = page.getByRole('form', { name: 'More listings filters' });
    // The markets tree opens on request (or with markets ticked), so the form stays short on a phone.
    await form.locator('summary', { hasText: 'Markets' }).click();
    const markets = form.getByRole('group', { name: 'Markets' });
    await markets.getByRole('checkbox', { name: 'Rancho Cordova' }).click();
    await markets.getByRole('checkbox', { name: 'Power Inn' }).click();
    await form.getByLabel('Minimum size').fill('10,000');
    await form.getByLabel('Maximum rate').fill('1.10');
    await form.getByLabel('Rates are').first().selectOption('monthly');
    await form.getByLabel('Lease type').selectOption('nnn');
    await form.getByLabel('Keyword').fill(token);
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === token);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ markets: 'sac-power-inn,sac-rancho-cordova', sizeMin: '10000', rateMax: '1.1', rateFrequencyId: 'monthly', leaseTypeId: 'nnn', keyword: token });
    await status().filter({ hasText: '2 listings' }).waitFor();
    const texts = await cards().allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts.some((text) => text.includes('Cordova cold storage')) && texts.some((text) => text.includes('Power Inn cold storage'))).toBe(true);
    await screenshot(page, 'search-listings-desktop');

    // Ordered by size, largest first; then a size floor that leaves one.
    await page.getByLabel('Sort by').selectOption({ label: 'Size: large to small' });
    await page.waitForURL(/sort=sizeDesc/);
    await expect.poll(async () => (await cards().first().innerText()).includes('Power Inn cold storage')).toBe(true);
    await form.getByLabel('Minimum size').fill('20000');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await status().filter({ hasText: '1 listing' }).waitFor();
    await expect.poll(() => cards().count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('sizeDesc');

    // A county ticks all its submarkets and goes into the URL as the county.
    await form.getByLabel('Minimum size').fill('');
    await form.getByRole('group', { name: 'Markets' }).getByRole('checkbox', { name: 'Placer', exact: true }).click();
    await form.getByLabel('Maximum rate').fill('');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('markets') === 'sac-power-inn,sac-rancho-cordova,placer');
    await status().filter({ hasText: '4 listings' }).waitFor();

    // A refused range says why, under its field, and changes nothing.
    await form.getByLabel('Minimum size').fill('20000');
    await form.getByLabel('Maximum size').fill('10000');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await form.getByText('The maximum size must be at least the minimum.').waitFor();
    expect(new URL(page.url()).searchParams.get('sizeMin')).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('saves the search with its criteria and opens it again on the filtered browser', async () => {
    await page.goto(`/consumer/listings?markets=sacramento&sizeMin=10000&rateMax=1.1&rateFrequencyId=monthly&keyword=${token}`);
    await status().filter({ hasText: '2 listings' }).waitFor();
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Sacramento · from 10,000 sq ft · up to \$1\.1\/sq ft\/mo/).waitFor();
    await dialog.getByLabel('Name').fill('Cold storage under 1.10');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Cold storage under 1.10”' }).waitFor();
    const saved = (await apiAs<{ items: { name: string; filters: Record<string, unknown> }[] }>(searcher, 'GET', '/searches')).items.find((s) => s.name === 'Cold storage under 1.10');
    expect(saved!.filters).toMatchObject({ markets: ['sacramento'], sizeMin: 10_000, rateMax: 1.1, rateFrequencyId: 'monthly', keyword: token });

    await page.goto('/consumer/saved-searches');
    await page.getByRole('link', { name: 'Open Cold storage under 1.10' }).click();
    await page.waitForURL((url) => url.pathname === '/consumer/listings' && url.searchParams.get('keyword') === token);
    expect(new URL(page.url()).searchParams.get('markets')).toBe('sacramento');
    await status().filter({ hasText: '2 listings' }).waitFor();
    // The form opens with the search's criteria.
    await expect(page.getByRole('form', { name: 'More listings filters' }).getByLabel('Minimum size').inputValue()).resolves.toBe('10000');
  });

  it('keeps the requirements browser’s "fits a listing of" in the URL, with the count and the order', async () => {
    await page.goto('/consumer/requirements?fitSqft=12000&markets=sacramento&sort=sizeDesc');
    const form = page.getByRole('form', { name: 'More requirements filters' });
    await expect(form.getByLabel('Its size (sq ft)').inputValue()).resolves.toBe('12000');
    await page.getByRole('status').filter({ hasText: /^\d[\d,]*\+? requirements?$/ }).waitFor();
    await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('sizeDesc');
    await form.getByLabel('Keyword').fill('zzznothing');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('status').filter({ hasText: '0 requirements' }).waitFor();
    await form.getByRole('button', { name: 'Remove these filters' }).click();
    await page.waitForURL((url) => url.search === '?sort=sizeDesc');
  });

  it('shows the criteria on a phone without anything sticking out sideways', async () => {
    const phone = await openBrowser(PHONE);
    try {
      const small = await phone.newPage();
      await signIn(small, searcher);
      for (const path of [`/consumer/listings?markets=sac-power-inn,placer&sizeMin=10000&keyword=${token}`, '/consumer/requirements?fitSqft=12000&fitRate=1.1&rateFrequencyId=monthly']) {
        await small.goto(path);
        await small.getByRole('status').filter({ hasText: /^\d[\d,]*\+? (listings?|requirements?)$/ }).waitFor();
        expect(await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        expect(await seriousA11yViolations(small)).toEqual([]);
      }
      await screenshot(small, 'search-requirements-phone');
    } finally {
      await phone.dispose();
    }
  });
});
