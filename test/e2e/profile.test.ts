import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../../lib/local/testing';
import { DESKTOP, openBrowser, PHONE, screenshot, seriousA11yViolations, signIn, stackRef } from './support';

/**
 * The consumer area's shell, dashboard and profile in Chromium against the whole local stack, as a new
 * broker (awaiting approval) of our own, so the demo accounts stay as other tests expect them.
 */

type Browser = Awaited<ReturnType<typeof openBrowser>>;
const PASSWORD = 'Sacramento#2025';



/** The page's width including overflow: nothing may stick out sideways on a phone. */
const scrollWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);

/** A profile card by its title (the edit dialogs reuse the titles). */
const card = (page: Page, title: string) => page.locator('[data-slot="card"]').filter({ has: page.locator('[data-slot="card-title"]', { hasText: title }) });
const dialog = (page: Page) => page.getByRole('dialog');
const header = (page: Page) => page.getByRole('banner');
const sidebarState = (page: Page) => page.locator('[data-slot="sidebar"]').getAttribute('data-state');
const sidebarWidth = (page: Page) => async () => Math.round((await page.locator('[data-slot="sidebar"]').boundingBox())?.width ?? 0);

/** Waits until `read` answers `expected` (the UI settles after a save). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value === expected) return;
    if (Date.now() > deadline) expect(value).toBe(expected);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let browser: Browser;
let page: Page;
let email: string;
let userId: string;
let imageDir: string;

beforeAll(async () => {
  email = `profile-${randomUUID().slice(0, 8)}@example.com`;
  userId = await createConfirmedUser(stackRef(), { email, password: PASSWORD, firstName: 'Paula', lastName: 'Profile' });
  imageDir = mkdtempSync(join(tmpdir(), 'bisn-e2e-images-'));
  browser = await openBrowser(DESKTOP);
  page = await browser.newPage();
  await signIn(page, { email, password: PASSWORD });
});
afterAll(async () => {
  await browser?.dispose();
});

describe('dashboard', () => {
  it('welcomes the broker, shows the tiles and a ticking countdown, and the review notice', async () => {
    await page.getByRole('heading', { level: 1, name: 'Welcome, Paula!' }).waitFor();
    await expect(page.getByTestId('subscriptions-count').innerText()).resolves.toBe('14/14');
    await page.getByTestId('review-notice').waitFor();
    const countdown = card(page, 'Next Listings Blast').locator('time');
    const before = await countdown.innerText();
    expect(before).toMatch(/^\d{2,}h \d{2}m \d{2}s$/);
    await eventually(async () => (await countdown.innerText()) !== before, true, 3000);
    for (const title of ['Active Requirements', 'Recent Listings']) {
      await card(page, title).getByText(/^\d+$/).waitFor();
    }
    await screenshot(page, 'dashboard-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('profile', () => {
  it('edits personal information: the card shows the formatted phone and the header the new initials', async () => {
    await page.getByRole('navigation', { name: 'Consumer area' }).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await page.getByRole('button', { name: 'Edit Personal Information' }).click();
    await expect(dialog(page).getByLabel('Email').isDisabled()).resolves.toBe(true);
    await dialog(page).getByLabel('First Name').fill('Priya');
    await dialog(page).getByLabel('Last Name').fill('Broker');
    await dialog(page).getByLabel('Title').fill('Senior Associate');
    await dialog(page).getByLabel('License').fill('DRE 01234567');
    await dialog(page).getByLabel('Phone').fill('916-555-0142');
    await dialog(page).getByRole('button', { name: 'Save Information' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const personal = card(page, 'Personal Information');
    await personal.getByText('Priya Broker').waitFor();
    await expect(personal.innerText()).resolves.toContain('(916) 555-0142');
    await expect(personal.innerText()).resolves.toContain('DRE 01234567');
    await header(page).getByRole('img', { name: 'Priya Broker' }).getByText('PB').waitFor();
  });

  it('edits broker information with City, State and Zip', async () => {
    await expect(card(page, 'Broker Information').innerText()).resolves.toContain('No Broker Information');
    await page.getByRole('button', { name: 'Edit Broker Information' }).click();
    await dialog(page).getByText('Update your broker information here.').waitFor();
    await dialog(page).getByRole('button', { name: 'Save Information' }).click();
    await dialog(page).getByText('Broker Name cannot be empty.').waitFor();
    await dialog(page).getByText('Street address cannot be empty.').waitFor();

    await dialog(page).getByLabel('Broker Name').fill('  Riverfront Commercial  ');
    await dialog(page).getByLabel('Street Address').fill('500 Capitol Mall');
    await dialog(page).getByLabel('City').fill('Sacramento');
    await dialog(page).getByRole('combobox', { name: 'State' }).selectOption('CA');
    await dialog(page).getByLabel('Zip').fill('95814');
    await dialog(page).getByRole('button', { name: 'Save Information' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const broker = card(page, 'Broker Information');
    await broker.getByText('Riverfront Commercial', { exact: true }).waitFor();
    await broker.getByText('500 Capitol Mall').waitFor();
    await broker.getByText('Sacramento, CA 95814').waitFor();

    // Reopened, the dialog splits the second line back into its fields.
    await page.getByRole('button', { name: 'Edit Broker Information' }).click();
    await expect(dialog(page).getByLabel('City').inputValue()).resolves.toBe('Sacramento');
    await expect(dialog(page).getByLabel('Zip').inputValue()).resolves.toBe('95814');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('uploads a real profile image: shown in the header avatar and the profile card', async () => {
    const file = join(imageDir, 'portrait.png');
    writeFileSync(
      file,
      await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 110, b: 90 } } })
        .png()
        .toBuffer(),
    );
    await page.getByRole('button', { name: 'Upload Profile Image' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Upload Image' }).isDisabled()).resolves.toBe(true);
    await dialog(page).getByLabel('Image file').setInputFiles(file);
    await dialog(page).getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Upload Image' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });

    const prefix = `/users/${userId}/profile/`;
    const headerPicture = header(page).locator('img');
    await headerPicture.waitFor();
    expect(await headerPicture.getAttribute('src')).toContain(prefix);
    const cardPicture = card(page, 'Profile Image').locator('img');
    await cardPicture.waitFor();
    expect(await cardPicture.getAttribute('src')).toContain(prefix);
    // The image really loaded (decoded by the browser), not just an img tag.
    await eventually(() => cardPicture.evaluate((img) => (img as HTMLImageElement).naturalWidth), 512);
  });

  it('refuses an oversize image in the dialog and keeps the current one', async () => {
    const file = join(imageDir, 'huge.png');
    writeFileSync(file, Buffer.concat([await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer(), Buffer.alloc(3 * 1024 * 1024)]));
    await page.getByRole('button', { name: 'Upload Profile Image' }).click();
    await dialog(page).getByLabel('Image file').setInputFiles(file);
    await dialog(page).getByText('Image size must be less than 3MB.').waitFor();
    await expect(dialog(page).getByRole('button', { name: 'Upload Image' }).isDisabled()).resolves.toBe(true);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await header(page).locator('img').getAttribute('src')).toContain(`/users/${userId}/profile/`);
  });

  it('uploads a broker logo', async () => {
    await expect(card(page, 'Broker Logo').innerText()).resolves.toContain('No Broker Logo Uploaded');
    const file = join(imageDir, 'logo.jpg');
    writeFileSync(file, await sharp({ create: { width: 800, height: 240, channels: 3, background: { r: 180, g: 30, b: 40 } } }).jpeg().toBuffer());
    await page.getByRole('button', { name: 'Upload Broker Logo' }).click();
    await dialog(page).getByLabel('Image file').setInputFiles(file);
    await dialog(page).getByRole('button', { name: 'Upload Image' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
    const logo = card(page, 'Broker Logo').getByRole('img', { name: 'Riverfront Commercial logo' });
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toContain(`/users/${userId}/logo/medium/`);
  });

  it('toggles subscriptions: the badges change, and so does the dashboard tile', async () => {
    await page.getByRole('button', { name: 'Edit Subscriptions' }).click();
    await dialog(page).getByRole('checkbox', { name: 'Office Listings' }).click();
    await dialog(page).getByRole('checkbox', { name: 'Retail Requirements' }).click();
    await dialog(page).getByRole('button', { name: 'Save Subscriptions' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const subscriptions = card(page, 'Subscription Information');
    await eventually(() => subscriptions.getByText('Unsubscribed', { exact: true }).count(), 2);
    await screenshot(page, 'profile-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Consumer area' }).getByRole('link', { name: 'Dashboard' }).click();
    await eventually(() => page.getByTestId('subscriptions-count').innerText(), '12/14');
    // After a reload the count comes from the server.
    await page.reload();
    await eventually(() => page.getByTestId('subscriptions-count').innerText(), '12/14');
  });
});

describe('sidebar', () => {
  it('Ctrl+B collapses it to icons, and the state survives a reload', async () => {
    await page.goto('/consumer/profile');
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await eventually(() => sidebarState(page), 'expanded');
    await page.keyboard.press('Control+b');
    await eventually(() => sidebarState(page), 'collapsed');
    await eventually(sidebarWidth(page), 48); // 3rem, once the width transition is over
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await eventually(() => sidebarState(page), 'collapsed');
    await screenshot(page, 'profile-desktop-collapsed');
    await page.keyboard.press('Control+b');
    await eventually(() => sidebarState(page), 'expanded');
    await eventually(sidebarWidth(page), 256); // 16rem
  });
});

describe('phone width', () => {
  it('shows the dashboard and profile in one column, the sidebar as a sheet and edit dialogs as the bottom sheet', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/consumer/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Priya!' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Consumer area' }).count()).toBe(0);
    // Two create buttons, disabled until the account is approved.
    for (const name of ['Create New Listing', 'Create New Requirement']) {
      const create = page.getByRole('button', { name });
      await expect(create.isVisible()).resolves.toBe(true);
      await expect(create.isDisabled()).resolves.toBe(true);
    }
    expect(await page.getByText('Create Requirement Request').count()).toBe(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'dashboard-phone');

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const nav = page.getByRole('navigation', { name: 'Consumer area' });
    await nav.waitFor();
    await eventually(sidebarWidth(page), 288); // 18rem on phones
    await screenshot(page, 'dashboard-phone-sidebar');
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await nav.waitFor({ state: 'detached' });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'profile-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit Broker Information' }).click();
    const sheet = page.getByTestId('bottom-sheet');
    await sheet.getByText('Update your broker information here.').waitFor();
    const box = await sheet.boundingBox();
    expect(Math.round(box!.height)).toBe(Math.round(PHONE.height * 0.95));
    await page.waitForTimeout(400); // let the slide-in finish for the picture
    await screenshot(page, 'profile-phone-sheet');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);
  });
});

describe('vendors', () => {
  it('shows the Coming Soon card with the feedback address', async () => {
    await page.goto('/consumer/vendors');
    await page.getByRole('heading', { level: 1, name: 'Vendors' }).waitFor();
    await page.getByText('Coming Soon').first().waitFor();
    expect(await page.getByRole('link', { name: /feedback@/ }).getAttribute('href')).toMatch(/^mailto:feedback@/);
    await screenshot(page, 'vendors-desktop');
  });

  it('unknown consumer paths fall back to the dashboard', async () => {
    await page.goto('/consumer/does-not-exist');
    await page.waitForURL('**/consumer/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Priya!' }).waitFor();
  });
});
