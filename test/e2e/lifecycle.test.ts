import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, DESKTOP, newBroker, openBrowser, PHONE, publishListingAs, readMail, runJob, screenshot, seriousA11yViolations, signIn } from './support';

/**
 * Requirement and listing lifecycles in Chromium against the whole local stack: a broker marks their requirement filled and it leaves
 * the browser; a listing's expiry reminder arrives in the mail viewer and its renew link renews it.
 * Screenshots: test-results/screenshots/lifecycle-*.png.
 */

type Broker = Awaited<ReturnType<typeof newBroker>>;
const stamp = Date.now().toString(36);
const DAY = 24 * 60 * 60 * 1000;

describe('lifecycle, end to end', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let broker: Broker;
  beforeAll(async () => {
    broker = await newBroker('closer', { approved: true, password: 'Closer!2345pass' });
    browser = await openBrowser(DESKTOP);
  }, 60_000);
  afterAll(async () => browser?.dispose());

  it('a broker marks their requirement filled: it leaves the browser, and says so on its page', async () => {
    const title = `E2E filled ${stamp}`;
    const { requirement } = await apiAs<{ requirement: { requirementId: string } }>(broker, 'POST', '/requirement', {
      requirementTypeId: 'for-lease',
      propertyTypeId: 'land',
      marketIds: ['yuba-county'],
      title,
      timing: 'Now',
    });
    await runJob('broadcastRequirements');
    const page = await browser.newPage();
    await signIn(page, broker);
    await page.goto('/consumer/requirements?propertyTypeId=land');
    await page.getByRole('link', { name: title }).first().waitFor();

    await page.goto(`/consumer/requirement/${requirement.requirementId}`);
    await page.getByRole('button', { name: 'Mark Filled' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this requirement filled?' });
    await dialog.getByRole('radio', { name: 'Elsewhere' }).click();
    await dialog.getByRole('button', { name: 'Mark Filled' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Filled on \d{2}\/\d{2}\/\d{4} elsewhere/).waitFor();
    await screenshot(page, 'lifecycle-filled-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/consumer/requirements?propertyTypeId=land');
    await page.getByRole('table', { name: 'Requirements' }).or(page.getByText('No requirements fit the search criteria')).first().waitFor();
    expect(await page.getByRole('link', { name: title }).count()).toBe(0);
    await page.close();
  });

  it("a listing's reminder arrives in the mail viewer; its link renews the listing for 120 days", async () => {
    const title = `E2E renewable ${stamp}`;
    const listingId = await publishListingAs(broker, {
      title,
      listingTypeId: 'for-sale-user',
      propertyTypeId: 'office',
      marketId: 'placer-auburn',
      sqft: 3000,
      price: 900000,
      address1: `${Math.floor(Math.random() * 9000) + 1000} Lincoln Way`,
      city: 'Auburn',
      state: 'CA',
      zipCode: '95603',
      description: 'Small office building.',
    });
    const { listing } = await apiAs<{ listing: { expiresAt: string } }>(broker, 'GET', `/listing/${listingId}`);
    await runJob('sendReminders', { now: new Date(Date.parse(listing.expiresAt) - 0.5 * DAY).toISOString() });
    const subject = `Your listing “${title}” expires in 1 day`;
    const mail = (await readMail()).find((m) => m.subject === subject && m.to.includes(broker.email));
    expect(mail, subject).toBeDefined();
    const href = /href="([^"]*\/renew\?token=[^"]*)"/.exec(mail!.html!)![1]!.replaceAll('&amp;', '&');

    // Signed out, as from the inbox.
    const own = await openBrowser(PHONE);
    const page = await own.newPage();
    await page.goto(new URL(href).pathname + new URL(href).search);
    await page.getByText(title).waitFor();
    await page.getByRole('button', { name: 'Renew for 120 days' }).click();
    await page.getByText('Renewed. Thank you for keeping BISN current.').waitFor();
    await screenshot(page, 'lifecycle-renewed-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const renewed = await apiAs<{ listing: { expiresAt: string } }>(broker, 'GET', `/listing/${listingId}`);
    expect(Date.parse(renewed.listing.expiresAt) - Date.now()).toBeGreaterThan(119 * DAY);

    // The same link again says it was used, and changes nothing.
    await page.reload();
    await page.getByText('This renew link has already been used.', { exact: false }).waitFor();
    await own.dispose();
  });

  it('Change Price on a lease listing shows and focuses the lease rate only', async () => {
    const listingId = await publishListingAs(broker, {
      title: `E2E lease reprice ${stamp}`,
      listingTypeId: 'for-lease',
      propertyTypeId: 'retail',
      marketId: 'placer-auburn',
      minSqft: 1200,
      maxSqft: 2400,
      leasePrice: 1.85,
      leaseFrequencyId: 'monthly',
      leaseTypeId: 'nnn',
      address1: `${Math.floor(Math.random() * 9000) + 1000} Grass Valley Hwy`,
      city: 'Auburn',
      state: 'CA',
      zipCode: '95603',
      description: 'Retail suites.',
    });
    for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const own = await openBrowser(viewport);
      const page = await own.newPage();
      await signIn(page, broker);
      await page.goto(`/consumer/listing/${listingId}`);
      await page.getByRole('button', { name: 'Change Price' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change the price' });
      const lease = dialog.getByLabel('Lease Rate (per sqft)');
      await lease.waitFor();
      expect(await dialog.getByLabel('Sales Price').count()).toBe(0);
      expect(await lease.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await lease.inputValue()).toBe('1.85');
      await screenshot(page, `lifecycle-change-lease-price-${width}`);
      await own.dispose();
    }
  });
});
