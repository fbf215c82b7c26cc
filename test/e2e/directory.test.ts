import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoLogin, DESKTOP, newBroker, openBrowser, PHONE, screenshot, seriousA11yViolations, signIn, until } from './support';

/**
 * The broker directory in Chromium against the whole local stack: broker A filters the directory by a county and a
 * property type, finds broker B by the requirement B has out, opens B's page, saves the filter as a list
 * and downloads it as CSV and vCard (parsed by real parsers); B opts out in Profile → Privacy and is gone
 * from A's directory at once. Screenshots: test-results/screenshots/brokers-*.png, lists-*.png.
 */
type Broker = Awaited<ReturnType<typeof newBroker>>;
const requirementTitle = `E2E Woodland yard ${Date.now().toString(36)}`;


/** Clicks a download button and answers the downloaded file's text, checking its name. */
async function downloaded(page: Page, button: string, fileName: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  return readFileSync((await download.path())!, 'utf8');
}

describe('broker directory, end to end', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let reader: Broker;
  let subject: Broker;

  beforeAll(async () => {
    [reader, subject] = await Promise.all([
      newBroker('reader', { approved: true, password: 'Reader!2345pass' }),
      newBroker('subject', { approved: true, password: 'Subject!2345pass' }),
    ]);
    const { requirement } = await apiAs<{ requirement: { requirementId: string } }>(subject, 'POST', '/requirement', {
      requirementTypeId: 'for-sale-user',
      propertyTypeId: 'land',
      marketIds: ['yolo-woodland'],
      title: requirementTitle,
      timing: 'Summer 2027',
      description: 'Contractor yard, two acres.',
      highlights: [],
    });
    await until('the requirement is sent', async () => {
      const { requirement: read } = await apiAs<{ requirement: { status: string } }>(subject, 'GET', `/requirement/${requirement.requirementId}`);
      return read.status === 'sent';
    }, 60_000);
    browser = await openBrowser(DESKTOP);
  }, 120_000);
  afterAll(async () => browser?.dispose());

  it('A filters by county and property type, finds B by what B works on, and opens B\'s page', async () => {
    const page = await browser.newPage();
    await signIn(page, reader);
    await page.getByRole('link', { name: 'Brokers' }).first().click();
    await page.waitForURL('**/consumer/brokers');
    await page.getByLabel('Market').selectOption('yolo');
    await page.getByLabel('Property Type').selectOption('land');
    await page.waitForURL(/marketId=yolo/);
    expect(page.url()).toMatch(/propertyTypeId=land/);
    const card = page.getByRole('listitem').filter({ hasText: subject.email });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Delta Commercial');
    expect(text).toContain('Woodland');
    expect(text).toContain('0 listings, 1 requirement');
    expect(await page.getByRole('listitem').filter({ hasText: reader.email }).count()).toBe(0);
    await screenshot(page, 'brokers-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('link', { name: 'Riley Requirer' }).click();
    await page.waitForURL(`**/consumer/brokers/${subject.userId}`);
    await page.getByRole('link', { name: requirementTitle }).waitFor();
    await screenshot(page, 'broker-page-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'broker-page-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('every criterion shows as a removable chip, the name search too; Clear clears them all; phones show formatted; operators are not listed', async () => {
    for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const context = await openBrowser(viewport);
      const page = await context.newPage();
      await signIn(page, reader);
      await page.goto('/consumer/brokers');
      const clear = page.getByRole('button', { name: 'Clear' });
      const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('button');
      await page.getByLabel('Name or firm').fill('Riley');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/q=Riley/);
      expect(await clear.isEnabled()).toBe(true);
      await page.getByLabel('Property Type').selectOption('land');
      await page.waitForURL(/propertyTypeId=land/);
      expect(await chips.allInnerTexts()).toEqual(['Name or firm: “Riley”', 'Property type: Land']);
      const card = page.getByRole('listitem').filter({ hasText: subject.email });
      // newBroker's phone is stored as typed, 9165550142.
      expect(await card.getByRole('link', { name: '(916) 555-0142' }).getAttribute('href')).toBe('tel:9165550142');
      await page.getByRole('button', { name: 'Save as list' }).click();
      await page.getByRole('dialog').getByText('Keeps: Land · “Riley”').waitFor();
      await screenshot(page, `brokers-save-list-${width}`);
      await page.keyboard.press('Escape');
      await screenshot(page, `brokers-chips-${width}`);

      await page.getByRole('button', { name: 'Remove Name or firm: “Riley”' }).click();
      await page.waitForURL((url) => !url.search.includes('q='));
      expect(await page.getByLabel('Name or firm').inputValue()).toBe('');
      expect(await chips.allInnerTexts()).toEqual(['Property type: Land']);
      await page.getByLabel('Name or firm').fill('Riley');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/q=Riley/);
      await clear.click();
      await page.waitForURL((url) => url.search === '');
      expect(await page.getByLabel('Name or firm').inputValue()).toBe('');
      expect(await chips.count()).toBe(0);
      expect(await clear.isDisabled()).toBe(true);
      await context.dispose();
    }
    // The demo's operator, Olivia Park, is the team: not a broker of the directory.
    const found = await apiAs<{ items: { email: string }[] }>(reader, 'GET', '/brokers?q=Park');
    expect(found.items.map((b) => b.email)).not.toContain(demoLogin('operator').email);
  });

  it('says "1 broker picked", a broker page without requirements says so, and the pinned footer does not blur what is behind it', async () => {
    await apiAs(reader, 'POST', '/lists', { name: 'Just one', members: [subject.userId] });
    const own = await openBrowser(DESKTOP);
    const page = await own.newPage();
    await signIn(page, reader);
    await page.goto('/consumer/lists');
    await page.getByRole('listitem').filter({ hasText: 'Just one' }).getByText('1 broker picked').waitFor();
    await page.goto(`/consumer/brokers/${reader.userId}`);
    await page.getByText('No active requirements.').waitFor();
    expect(await page.getByText(/try changing the filters/).count()).toBe(0);
    expect(await page.locator('footer').evaluate((footer) => [getComputedStyle(footer).position, getComputedStyle(footer).backdropFilter])).toEqual(['sticky', 'none']);
    await screenshot(page, 'broker-page-empty-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'broker-page-empty-phone');
    await own.dispose();
  });

  it('A saves the filter as a list and downloads it as CSV and as vCard', async () => {
    const page = await browser.newPage();
    await page.goto('/consumer/brokers?marketId=yolo&propertyTypeId=land&dealTypeId=for-sale-user');
    await page.getByRole('listitem').filter({ hasText: subject.email }).waitFor();
    await page.getByRole('button', { name: 'Save as list' }).click();
    await page.getByLabel('List name').fill('Yolo land buyers');
    await page.getByRole('button', { name: 'Save list' }).click();
    await page.getByRole('link', { name: 'Open your lists' }).click();
    await page.waitForURL('**/consumer/lists');
    await page.getByText('Saved filter: For Sale - User · Land · Yolo').waitFor();
    await screenshot(page, 'lists-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Yolo land buyers' }).click();
    await page.getByRole('list', { name: 'Brokers on this list' }).getByText(subject.email).waitFor();
    await screenshot(page, 'list-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const csv = parseCsv(await downloaded(page, 'Download CSV', 'Yolo-land-buyers.csv'), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.map((row) => row['E-mail Address'])).toContain(subject.email);
    expect(csv.find((row) => row['E-mail Address'] === subject.email)).toMatchObject({ 'First Name': 'Riley', 'Last Name': 'Requirer', Company: 'Delta Commercial', Markets: 'Woodland' });
    for (const [button, version] of [['Download vCard 4.0', '4.0'], ['Download vCard 3.0 (Outlook)', '3.0']] as const) {
      const vcards = [ICAL.parse(await downloaded(page, button, 'Yolo-land-buyers.vcf')) as unknown[]].flatMap((parsed) => (Array.isArray(parsed[0]) ? parsed : [parsed]));
      const cards = vcards.map((jcard) => new ICAL.Component(jcard as never));
      expect(cards.map((card) => card.getFirstPropertyValue('email'))).toContain(subject.email);
      expect(cards.map((card) => card.getFirstPropertyValue('version'))).toEqual(cards.map(() => version));
      expect(vcards).toHaveLength(csv.length);
    }
    await page.getByText('Outlook for Windows reads vCard 3.0, and imports only the first card').waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'list-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('the operator sees the three exports in the Exports tab: who, which list, which format, how many rows', async () => {
    const operator = await openBrowser(DESKTOP);
    try {
      const page = await operator.newPage();
      await signIn(page, demoLogin('operator'));
      await page.goto('/consumer/operators');
      await page.getByRole('tab', { name: 'Exports' }).click();
      const rows = page.getByRole('table', { name: 'Contact list exports' }).getByRole('row').filter({ hasText: 'Yolo land buyers' });
      await rows.first().waitFor();
      const cells = await Promise.all((await rows.all()).map(async (row) => (await row.getByRole('cell').allInnerTexts()).slice(1)));
      // Every broker newBroker makes is Riley Requirer: the list's name tells this run's exports apart.
      const name = 'Riley Requirer';
      expect(cells.sort()).toEqual([
        [name, 'Yolo land buyers', 'CSV', expect.stringMatching(/^[1-9]\d*$/)],
        [name, 'Yolo land buyers', 'vCard 3.0', expect.stringMatching(/^[1-9]\d*$/)],
        [name, 'Yolo land buyers', 'vCard 4.0', expect.stringMatching(/^[1-9]\d*$/)],
      ]);
      await screenshot(page, 'operators-exports-desktop');
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await operator.dispose();
    }
  });

  it('B opts out in Profile → Privacy and is gone from A\'s directory at once', async () => {
    const own = await openBrowser(DESKTOP);
    const mine = await own.newPage();
    await signIn(mine, subject);
    await mine.goto('/consumer/profile');
    await mine.getByRole('button', { name: 'Edit Privacy' }).click();
    await mine.getByLabel('Show me in the broker directory').uncheck();
    await mine.getByRole('button', { name: 'Save Privacy' }).click();
    await mine.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await mine.getByRole('list', { name: 'Privacy' }).innerText()).toMatch(/Show me in the broker directory\s*No/);
    await screenshot(mine, 'profile-privacy-desktop');
    await own.dispose();

    // A's browser still holds A's session from the test before.
    const page = await browser.newPage();
    await page.goto('/consumer/brokers?marketId=yolo&propertyTypeId=land');
    await page.locator('main#main').waitFor();
    await page.getByText('No brokers match these filters.').or(page.getByRole('list', { name: 'Brokers' })).first().waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: subject.email }).count()).toBe(0);
    const gone = await page.goto(`/consumer/brokers/${subject.userId}`);
    expect(gone?.ok()).toBe(true);
    await page.getByText('This broker is not in the directory.').waitFor();
    await page.close();
  });
});
