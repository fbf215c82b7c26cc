import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, DESKTOP, newBroker, openBrowser, PHONE, screenshot, seriousA11yViolations, signIn, until } from './support';

/**
 * The Market page in Chromium against the whole local stack: a broker opens Market from the sidebar, picks Davis
 * on the map (its point's button), sees the requirement another broker just sent there, reads a chart as
 * a table and downloads the areas' CSV (parsed by a real CSV parser). Screenshots:
 * test-results/screenshots/market-*.png.
 */
type Broker = Awaited<ReturnType<typeof newBroker>>;

describe('the Market page, end to end', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let reader: Broker;
  let author: Broker;

  beforeAll(async () => {
    [reader, author] = await Promise.all([
      newBroker('market-reader', { approved: true, password: 'Reader!2345pass' }),
      newBroker('market-author', { approved: true, password: 'Author!2345pass' }),
    ]);
    const { requirement } = await apiAs<{ requirement: { requirementId: string } }>(author, 'POST', '/requirement', {
      requirementTypeId: 'for-lease',
      propertyTypeId: 'speciality',
      marketIds: ['yolo-davis'],
      title: `E2E Davis lab space ${Date.now().toString(36)}`,
      timing: 'Spring 2027',
      sqftMin: 3000,
      sqftMax: 5000,
      description: 'Wet lab for a university spin-out.',
      highlights: [],
    });
    await until('the requirement is sent', async () => {
      const { requirement: read } = await apiAs<{ requirement: { status: string } }>(author, 'GET', `/requirement/${requirement.requirementId}`);
      return read.status === 'sent';
    }, 60_000);
    browser = await openBrowser(DESKTOP);
  }, 120_000);
  afterAll(async () => browser?.dispose());

  it('the demo’s year: listings and requirements in every week of the trend, land in acres, its own swatch for no listings', async () => {
    // A browser of its own: the other test signs in afresh.
    const own = await openBrowser(DESKTOP);
    const page = await own.newPage();
    await signIn(page, reader);
    await page.goto('/consumer/market');
    await page.getByRole('heading', { name: 'Sacramento region' }).waitFor();
    // The seeded 12-acre parcel counts in acres, not in the buildings' square feet.
    const listingsTile = page.locator('dl div').filter({ hasText: 'Active listings' });
    await expect(listingsTile.innerText()).resolves.toMatch(/\d[\d.]* acres of land/);
    await expect(page.getByText(/aggregate items read/).count()).resolves.toBe(0);
    // The map is drawn after the page's first render (its chart code loads when it nears the screen).
    const legend = page.getByRole('list', { name: 'Map legend' });
    await legend.getByRole('listitem').first().waitFor();
    await expect(legend.getByRole('listitem').allInnerTexts()).resolves.toEqual(['No listings', 'Under 0.5', '0.5–1', '1–2', '2+']);

    await page.getByRole('button', { name: 'Show table of Active requirements and listings' }).click();
    const weeks = page.getByRole('table', { name: 'Active requirements and listings, week by week' });
    const header = await weeks.getByRole('row').first().getByRole('columnheader').allInnerTexts();
    const column = (label: string) => header.indexOf(label);
    const rows = await weeks.getByRole('row').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText)));
    expect(rows).toHaveLength(52);
    for (const row of rows) {
      expect(Number(row[column('Active listings')]!.replace(/,/g, '')), row[0]).toBeGreaterThan(0);
      expect(Number(row[column('Active requirements')]!.replace(/,/g, '')), row[0]).toBeGreaterThan(0);
    }
    await page.getByRole('button', { name: 'Show chart of Active requirements and listings' }).click();
    await screenshot(page, 'market-region-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'market-region-phone');
    await own.dispose();
  });

  it('filters by a submarket from the map, shows its figures, and downloads them as CSV', async () => {
    const page = await browser.newPage();
    await signIn(page, reader);
    await page.getByRole('link', { name: 'Market' }).first().click();
    await page.waitForURL('**/consumer/market');
    await page.getByRole('heading', { name: 'Sacramento region' }).waitFor();

    await page.getByRole('button', { name: /^Davis: / }).click();
    await page.waitForURL(/area=yolo-davis/);
    await page.getByRole('heading', { name: 'Davis' }).waitFor();
    expect(await page.getByLabel('Area', { exact: true }).inputValue()).toBe('yolo-davis');
    const requirements = page.locator('dl div').filter({ hasText: 'Active requirements' }).locator('dd').first();
    await until('Davis shows the new requirement', async () => Number(await requirements.innerText()) >= 1);
    await screenshot(page, 'market-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The property type filter narrows it to the requirement's kind; the URL keeps both.
    await page.getByLabel('Property Type', { exact: true }).selectOption('speciality');
    await page.waitForURL(/propertyTypeId=speciality/);
    expect(page.url()).toMatch(/area=yolo-davis/);
    await until('Davis speciality shows the requirement', async () => (await requirements.innerText()) === '1');

    // A chart as a table.
    await page.getByRole('button', { name: 'Show table of Active requirements and listings' }).click();
    const weeks = page.getByRole('table', { name: 'Active requirements and listings, week by week' });
    expect(await weeks.getByRole('row').count()).toBe(53);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV of Map: requirements per listing' }).click()]);
    expect(download.suggestedFilename()).toBe('bisn-market-yolo-davis-speciality-all-deals-areas.csv');
    const rows = parseCsv(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1 + 6 + 36);
    const davis = rows.find((row) => row.Area === 'Davis')!;
    expect(davis).toMatchObject({ Level: 'submarket', 'Active requirements': '1' });
    expect(Number(davis['Sq ft wanted'])).toBe(4000);
    expect(Number(rows.find((row) => row.Area === 'Yolo')!['Active requirements'])).toBeGreaterThanOrEqual(1);

    await page.setViewportSize(PHONE);
    await screenshot(page, 'market-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('shows its figures and tables first, and the charts and the map once their code has loaded', async () => {
    const own = await openBrowser(DESKTOP);
    const page = await own.newPage();
    // The chart code held back: what the page shows without it is what a slow phone shows first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const chartCode = /\/assets\/echart-[\w-]+\.js$/;
    await page.route(chartCode, async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, reader);
    const chartCodeAsked = page.waitForRequest(chartCode);
    await page.goto('/consumer/market');
    await page.getByRole('heading', { name: 'Sacramento region' }).waitFor();
    const requirements = page.locator('dl div').filter({ hasText: 'Active requirements' }).locator('dd').first();
    expect(Number(await requirements.innerText())).toBeGreaterThanOrEqual(1);
    // The map, near the top, has asked for the chart code: held, its card shows a placeholder and its table.
    await chartCodeAsked;
    const map = page.getByRole('img', { name: /^Map of the region/ });
    expect(await map.count()).toBe(0);
    await page.getByRole('button', { name: 'Show table of Map: requirements per listing' }).click();
    expect(await page.getByRole('table', { name: 'Figures by area' }).getByRole('row').count()).toBeGreaterThan(1);

    release();
    await page.getByRole('button', { name: 'Show chart of Map: requirements per listing' }).click();
    await map.waitFor();
    await page.getByRole('button', { name: /^Davis: / }).waitFor({ state: 'attached' });
    // A chart further down draws once scrolled near.
    await page.getByRole('heading', { name: 'Trends' }).scrollIntoViewIfNeeded();
    await page.getByRole('img', { name: /^Active requirements and listings, last 52 weeks/ }).waitFor();
    await own.dispose();
  });
});
