import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInByApi } from '../../lib/local/testing';
import {
  apiAs,
  DESKTOP,
  demoLogin,
  openBrowser,
  PHONE,
  runJob,
  screenshot,
  seriousA11yViolations,
  signIn,
  stackRef,
  waitForMail,
} from './support';

/**
 * A broker's whole listing lifecycle in Chromium against the local stack: create a
 * draft, fill every section, upload a real photo, watch the seven indicators turn valid, publish, run
 * the blast, find the e-mail in the local SES store, find the listing with each filter, open its
 * detail with the offline map, delete it. Screenshots at 1280 and 390 px under test-results/screenshots.
 */

const title = `E2E Midtown flex building ${Date.now().toString(36)}`;
const description = 'Two-storey flex building with roll-up doors, 40 parking spaces and a fenced yard.';

/** A JPEG that looks like a photo of a building: sky, a facade with windows, a lawn. */
async function buildingPhoto(): Promise<Buffer> {
  const windows = Array.from({ length: 4 }, (_, row) =>
    Array.from({ length: 8 }, (_, col) => `<rect x="${330 + col * 120}" y="${300 + row * 110}" width="70" height="70" fill="#9cc3d8" stroke="#35535f" stroke-width="4"/>`).join(''),
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#d9ecf7"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#sky)"/>
    <rect x="280" y="240" width="1040" height="560" fill="#c9b79c" stroke="#5b4a36" stroke-width="6"/>
    <rect x="280" y="200" width="1040" height="50" fill="#7d6a52"/>
    ${windows}
    <rect x="740" y="660" width="120" height="140" fill="#4d3b2a"/>
    <rect x="0" y="800" width="1600" height="200" fill="#5f8f4e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Picks an option of a select by its label, the way a user does. */
async function pick(scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

describe('listings, end to end', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  let listingId: string;
  /** Every request the page made to a host other than the local stack's (the map must make none). */
  const offsiteRequests: string[] = [];
  /** Errors the browser logged (the map once drew an SVG with width -1 before it was measured). */
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser(DESKTOP);
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      if (!['localhost', '127.0.0.1', '[::1]'].includes(new URL(request.url()).hostname)) offsiteRequests.push(request.url());
    });
    await signIn(page, demoLogin('broker'));
  });
  afterAll(async () => browser?.dispose());

  it('creates a draft and fills every section of the editor, with a real photo, until all seven indicators hold', async () => {
    await page.goto('/consumer/my-listings');
    // The dev server compiles each screen on its first visit: slow on a cold two-core machine.
    await page.getByRole('heading', { name: 'My Listings' }).waitFor({ timeout: 90_000 });
    const countdown = page.locator('main time').first();
    await expect.poll(() => countdown.innerText()).toMatch(/^\d{2,}h \d{2}m \d{2}s$/);

    await page.getByRole('button', { name: 'Create New Listing' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Listing' });
    await drawer.waitFor();
    await page.waitForURL(/edit=/);
    listingId = new URL(page.url()).searchParams.get('edit')!;
    expect(listingId).toBeTruthy();

    const indicators = drawer.getByRole('list', { name: 'Ready to publish' });
    const complete = () => indicators.locator('li[data-complete="true"]').count();
    expect(await complete()).toBe(0);
    await expect(drawer.getByText('You must enter a listing type before entering a sale or leasing price.').isVisible()).resolves.toBe(true);
    await expect(drawer.getByRole('button', { name: 'Publish Listing' }).isDisabled()).resolves.toBe(true);

    // 1 Listing Header
    await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await pick(drawer, 'Listing Type', 'For Sale or Lease');
    await pick(drawer, 'Property Type', 'Flex');
    await drawer.getByRole('textbox', { name: 'Square Footage' }).pressSequentially('12500');
    await expect(drawer.getByRole('textbox', { name: 'Square Footage' }).inputValue()).resolves.toBe('12,500');
    await drawer.getByRole('textbox', { name: 'Sales Price' }).fill('2450000');
    await drawer.getByRole('textbox', { name: 'Lease Rate (per sqft)' }).fill('1.35');
    await pick(drawer, 'Lease Frequency', 'Monthly');
    await pick(drawer, 'Lease Type', 'Triple Net (NNN)');
    await drawer.getByRole('textbox', { name: 'Min Sqft' }).fill('2000');
    await drawer.getByRole('textbox', { name: 'Max Sqft' }).fill('12500');

    // 2 Property Image: a real JPEG through the presigned POST and the server's variants
    const upload = drawer.getByRole('button', { name: 'Upload Image' });
    await expect(upload.isDisabled()).resolves.toBe(true);
    await drawer.getByLabel('Listing Image').setInputFiles({ name: 'building.jpg', mimeType: 'image/jpeg', buffer: await buildingPhoto() });
    await upload.click();
    const photo = drawer.getByRole('list', { name: 'Uploaded photos' }).getByRole('img');
    await photo.first().waitFor({ timeout: 60_000 });
    await expect.poll(() => photo.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // 3 Property Address
    await drawer.getByRole('textbox', { name: 'Street Address' }).fill('1801 L St');
    await drawer.getByRole('textbox', { name: 'Address Line 2' }).fill('Suite 100');
    await drawer.getByRole('textbox', { name: 'City' }).fill('Sacramento');
    await pick(drawer, 'State', 'CA');
    await drawer.getByRole('textbox', { name: 'ZIP Code' }).fill('95811');
    await pick(drawer, 'Market', 'Midtown');

    // 4 Listing Details
    await drawer.getByRole('textbox', { name: 'Timing' }).fill('Available March 2027');
    await drawer.getByRole('textbox', { name: 'Description' }).fill(description);
    await drawer.getByRole('textbox', { name: 'Highlight 1' }).fill('Roll-up doors');
    await drawer.getByRole('textbox', { name: 'Highlight 2' }).fill('Fenced yard');
    // The property facts of a flex building: clear height, doors, power, and those of every type.
    const facts = drawer.getByRole('group', { name: 'Property facts' });
    await expect(facts.getByRole('textbox', { name: 'Acres' }).count()).resolves.toBe(0);
    await facts.getByRole('textbox', { name: 'Clear height (ft)' }).fill('24');
    await facts.getByRole('textbox', { name: 'Grade-level doors' }).fill('3');
    await facts.getByRole('textbox', { name: 'Year built' }).fill('1998');
    await drawer.getByRole('textbox', { name: 'Brochure URL' }).fill('https://example.com/brochure.pdf');

    await expect.poll(complete, { timeout: 10_000 }).toBe(7);
    await expect.poll(() => drawer.getByText('All changes saved').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect(drawer.getByText('This listing is not yet published').isVisible()).resolves.toBe(true);
    // The saved draft was geocoded: the preview shows its map.
    await drawer.getByTestId('listing-map').waitFor({ timeout: 15_000 });
    await drawer.getByRole('heading', { name: '1 Listing Header' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'listings-editor-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('publishes after the confirmation; the listing waits for the blast', async () => {
    const drawer = page.getByRole('dialog', { name: 'New Listing' });
    await drawer.getByRole('button', { name: 'Publish Listing' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.innerText()).resolves.toContain(
      'Are you sure you want to publish this listing? Once published, it will be visible to all users and cannot be edited.',
    );
    await confirm.getByRole('button', { name: 'Publish Listing' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.innerText()).toContain('Queued');
    await expect(row.getByRole('button', { name: `Edit ${title}` }).count()).resolves.toBe(0);
    await screenshot(page, 'listings-my-listings-desktop');
  });

  it('goes out in the blast: the digest is in the local SES store and the listing is published', async () => {
    await runJob('blast');
    const mail = await waitForMail((m) => Boolean(m.html?.includes(title)));
    expect(mail.text).toContain(title);
    expect(mail.text).toContain('Available March 2027');
    expect(mail.text).not.toContain('Available: Available');

    // No reload: My listings asks again by itself while a listing waits for the blast.
    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.innerText(), { timeout: 25_000 }).toContain('Published');
    expect(await row.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  it('is found in the Listings browser with each filter, kept in the URL', async () => {
    await page.goto('/consumer/listings');
    await page.getByText('Broadcasted Listings').waitFor();
    const card = page.getByRole('link', { name: new RegExp(title) });
    await card.waitFor();
    const cardText = await card.innerText();
    expect(cardText).toContain('$2,450,000');
    expect(cardText).toContain('$1.35 per sqft / Monthly');
    expect(cardText).toContain('Midtown');
    expect(cardText).toMatch(/1 day on BISN/);
    await screenshot(page, 'listings-browse-desktop');

    const filters: [string, string, string][] = [
      ['Listing Type', 'For Sale or Lease', 'listingTypeId=for-sale-or-lease'],
      ['Property Type', 'Flex', 'propertyTypeId=flex'],
      ['Submarket', 'Midtown', 'marketId=sac-midtown'],
    ];
    for (const [label, option, param] of filters) {
      await pick(page, label, option);
      await page.waitForURL((url) => url.search.includes(param));
      await card.waitFor();
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.waitForURL((url) => url.search === '');
    }

    // Filters that match nothing: the empty text.
    await page.goto('/consumer/listings?propertyTypeId=speciality&marketId=yuba-county&listingTypeId=for-lease');
    await page.getByText('No listings found.').waitFor();
    await expect(card.count()).resolves.toBe(0);
  });

  it('opens its detail: photo, facts, brochure, contact cards and the offline map at the address', async () => {
    await page.goto('/consumer/listings?marketId=sac-midtown');
    await page.getByRole('link', { name: new RegExp(title) }).click();
    consoleErrors.length = 0;
    await page.waitForURL(`**/consumer/listing/${listingId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    const breadcrumb = await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText();
    expect(breadcrumb.replace(/\s+/g, ' ')).toContain(`Home Listings ${title}`);
    const body = await page.locator('main').innerText();
    for (const text of ['1 day on BISN', 'Flex · For Sale or Lease', '12,500 sqft', '$2,450,000', '$1.35 per sqft / Monthly', 'Triple Net (NNN)', '2,000 - 12,500', 'Available March 2027', description, 'Roll-up doors', 'Fenced yard', 'Midtown', '1801 L St', 'Sacramento, CA 95811', 'Contact Information', 'Property facts']) {
      expect(body).toContain(text);
    }
    const fact = (name: string) => page.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd').innerText();
    await expect(fact('Clear height (ft)')).resolves.toBe('24');
    await expect(fact('Grade-level doors')).resolves.toBe('3');
    await expect(fact('Year built')).resolves.toBe('1998');
    const brochure = page.getByRole('link', { name: 'Download Brochure' });
    await expect(brochure.getAttribute('href')).resolves.toBe('https://example.com/brochure.pdf');
    await expect(brochure.getAttribute('target')).resolves.toBe('_blank');
    await expect(brochure.getAttribute('rel')).resolves.toContain('noopener');

    const map = page.getByTestId('listing-map');
    await map.waitFor();
    await map.locator('.listing-map-pin').waitFor();
    expect(await map.locator('path.listing-map-county').count()).toBeGreaterThan(0);
    expect(await map.locator('path.listing-map-county > title').allTextContents()).toEqual(expect.arrayContaining(['Sacramento County']));
    await map.getByRole('button', { name: 'Zoom in' }).waitFor();
    await map.getByRole('button', { name: 'Zoom out' }).waitFor();
    // Offline: the base is drawn in the page, no tile was requested from anywhere.
    expect(await map.locator('.listing-map-grid-tile').count()).toBeGreaterThan(0);
    expect(await map.locator('img').count()).toBe(0);
    expect(offsiteRequests).toEqual([]);
    await expect(page.locator('img[alt^="Photo of"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBeGreaterThan(0);
    await screenshot(page, 'listings-detail-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Focused, the map zooms with + (the scale bar follows).
    const scale = map.locator('.listing-map-scale');
    const before = await scale.innerText();
    await map.focus();
    await page.keyboard.press('+');
    await expect.poll(() => scale.innerText()).not.toBe(before);

    await page.setViewportSize(PHONE);
    await page.reload();
    await map.locator('.listing-map-pin').waitFor();
    await screenshot(page, 'listings-detail-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.goto('/consumer/listings');
    await page.getByRole('link', { name: new RegExp(title) }).waitFor();
    await screenshot(page, 'listings-browse-phone');
    await page.goto('/consumer/my-listings');
    await page.getByRole('list', { name: 'My listings' }).getByText(title).waitFor();
    await screenshot(page, 'listings-my-listings-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('is deleted from My Listings after the confirmation', async () => {
    await page.goto('/consumer/my-listings');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Listing' });
    await expect(confirm.innerText()).resolves.toContain('Are you sure you want to delete this listing? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });

    await page.goto(`/consumer/listing/${listingId}`);
    await page.getByText('This listing does not exist or is no longer available.').waitFor();
  });

  it('the dashboard\'s create buttons open the editor and the requirement dialog on arrival', async () => {
    for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/consumer/dashboard');
      await page.getByRole('link', { name: 'Create New Listing' }).click();
      const drawer = page.getByRole('dialog', { name: 'New Listing' });
      await drawer.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('edit')).toBeTruthy();
      expect(new URL(page.url()).searchParams.has('create')).toBe(false);
      await screenshot(page, `dashboard-create-listing-${width}`);
      // Closed untouched: the draft is not kept.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.goto('/consumer/dashboard');
      await page.getByRole('link', { name: 'Create New Requirement' }).click();
      const modal = page.getByRole('dialog', { name: 'Create New Requirement' });
      await modal.waitFor();
      await page.waitForURL((url) => url.pathname === '/consumer/my-requirements' && !url.search.includes('create'));
      await screenshot(page, `dashboard-create-requirement-${width}`);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize(DESKTOP);
  });

  it('saves a brochure link typed without https://, and names the field a save is refused for, with the focus on it', async () => {
    await page.goto('/consumer/my-listings');
    await page.getByRole('button', { name: 'Create New Listing' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Listing' });
    await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill('Brochure check');
    const brochure = drawer.getByRole('textbox', { name: 'Brochure URL' });
    await brochure.fill('www.example.com/x.pdf');
    // The autosave sends it (Save Draft would also close the drawer).
    await expect.poll(() => drawer.getByText('All changes saved').isVisible(), { timeout: 15_000 }).toBe(true);
    const listingId = new URL(page.url()).searchParams.get('edit')!;
    const broker = demoLogin('broker');
    const { idToken } = await signInByApi(stackRef(), broker.email, broker.password);
    const { listing } = await apiAs<{ listing: { brochureUrl: string } }>({ idToken }, 'GET', `/listing/${listingId}`);
    expect(listing.brochureUrl).toBe('https://www.example.com/x.pdf');

    await brochure.fill('javascript:alert(1)');
    await drawer.getByRole('button', { name: 'Save Draft' }).click();
    // Refused before it is sent: the drawer stays open and says which field, as the status line does.
    await drawer.getByText('Fix Brochure URL to save this draft: Please enter a valid URL.').waitFor();
    expect(await drawer.getByText('Not saved').isVisible()).toBe(true);
    expect(await brochure.evaluate((input) => input === document.activeElement)).toBe(true);
    await screenshot(page, 'listings-editor-field-error-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'listings-editor-field-error-phone');
    await page.setViewportSize(DESKTOP);
    await drawer.getByRole('button', { name: 'Abandon Draft' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Abandon Draft' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('shows the editor on a phone, and an empty draft can be abandoned', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/consumer/my-listings');
    await page.getByRole('button', { name: 'Create New Listing' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Listing' });
    await drawer.waitFor();
    await drawer.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
    await screenshot(page, 'listings-editor-phone');

    await drawer.getByRole('button', { name: 'Abandon Draft' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.innerText()).resolves.toContain('Are you sure you want to abandon this listing draft? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Abandon Draft' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.setViewportSize(DESKTOP);
  });

  it('keeps no draft a broker opened and closed at once, and keeps one with a title', async () => {
    await page.goto('/consumer/my-listings');
    const rows = page.getByRole('row');
    await page.getByRole('heading', { name: 'My Listings' }).waitFor();
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const before = await rows.count();

    await page.getByRole('button', { name: 'Create New Listing' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Listing' });
    await drawer.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(before);
    await expect(page.getByRole('row', { name: /Untitled listing/ }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Create New Listing' }).click();
    await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill('Kept draft');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const kept = page.getByRole('row', { name: /Kept draft/ });
    await kept.waitFor();
    await kept.getByRole('button', { name: 'Edit Kept draft' }).click();
    await page.getByRole('dialog', { name: 'Edit Listing' }).waitFor();
    await page.keyboard.press('Escape');
  });
});
