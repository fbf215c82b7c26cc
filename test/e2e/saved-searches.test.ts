import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, DESKTOP, e2e, newBroker, openBrowser, PHONE, publishListingAs, readMail, screenshot, seriousA11yViolations, signIn, until, waitForMail } from './support';

/**
 * Saved searches in Chromium against the whole local stack: a broker filters the Listings browser, saves the
 * search, finds it on the Saved searches page, changes its frequency, sees it paused (as the delivery
 * pauses it) and keeps it, opens it and lands on the filtered browser; an instant search's alert arrives when
 * another broker's fitting listing is published (the local scheduler runs the alert job); then sets Profile →
 * Notifications and finds them after a reload. Screenshots: test-results/screenshots/saved-searches-*.png, notifications-*.png.
 */
type Broker = Awaited<ReturnType<typeof newBroker>>;
interface StoredSearch {
  savedSearchId: string;
  name: string;
  frequency: string;
  status: string;
}

const searchName = 'Midtown offices';
const frequencyOf = (name: string) => `How often ${name} e-mails you`;

describe('saved searches and notification preferences, end to end', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  /** One signed-in page for the whole flow (a second sign-in in the same context would find a session). */
  let page: Awaited<ReturnType<typeof browser.newPage>>;
  let broker: Broker;
  const searches = async () => (await apiAs<{ items: StoredSearch[] }>(broker, 'GET', '/searches')).items;

  beforeAll(async () => {
    broker = await newBroker('searcher', { approved: true, password: 'Searcher!2345pass' });
    browser = await openBrowser(DESKTOP);
    page = await browser.newPage();
    await signIn(page, broker);
  }, 120_000);
  afterAll(async () => browser?.dispose());

  it('saves the Listings browser’s filters, changes the frequency, keeps a paused search and opens it on the filtered browser', async () => {
    await page.getByRole('link', { name: 'Listings' }).first().click();
    await page.waitForURL('**/consumer/listings');
    await page.getByLabel('Property Type').selectOption('office');
    await page.getByLabel('Submarket').selectOption('sac-midtown');
    await page.waitForURL(/marketId=sac-midtown/);

    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Listings: Office · Midtown').waitFor();
    await dialog.getByLabel('Name').fill(searchName);
    await dialog.getByLabel('E-mail me').selectOption('instant');
    await screenshot(page, 'saved-searches-save-dialog');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('status').filter({ hasText: `Saved “${searchName}”` }).waitFor();
    const [saved] = await searches();
    expect(saved).toMatchObject({ name: searchName, kind: 'listings', filters: { propertyTypeId: 'office', marketId: 'sac-midtown' }, frequency: 'instant', status: 'active' });

    await page.getByRole('link', { name: 'Your saved searches' }).click();
    await page.waitForURL('**/consumer/saved-searches');
    const row = page.getByRole('listitem').filter({ hasText: searchName });
    await row.waitFor();
    expect(await row.innerText()).toContain('Office · Midtown');
    await row.getByLabel(frequencyOf(searchName)).selectOption('weekly');
    await until('the frequency is saved', async () => (await searches())[0]?.frequency === 'weekly');

    // The delivery pauses a search nobody reads (its job, not this part): the page says why and offers to keep it.
    Object.assign(process.env, e2e().env);
    const { savedSearchesRepository } = await import('../../lambdas/data/saved-searches');
    expect(await savedSearchesRepository.pause(broker.userId, saved!.savedSearchId, 'no-engagement-30-days', new Date().toISOString())).toBe(true);
    await page.reload();
    await row.getByText('Paused: its e-mails have not been opened for 30 days.').waitFor();
    expect(await row.getByLabel(frequencyOf(searchName)).inputValue()).toBe('weekly');
    await screenshot(page, 'saved-searches-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Keep it' }).click();
    await row.getByText('Active').waitFor();
    expect((await searches())[0]).toMatchObject({ status: 'active', frequency: 'weekly' });

    await page.setViewportSize(PHONE);
    await screenshot(page, 'saved-searches-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await row.getByRole('link', { name: `Open ${searchName}` }).click();
    await page.waitForURL(/\/consumer\/listings\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ propertyTypeId: 'office', marketId: 'sac-midtown' });
    expect(await page.getByLabel('Property Type').inputValue()).toBe('office');
    expect(await page.getByLabel('Submarket').inputValue()).toBe('sac-midtown');
  });

  it('mails an instant search’s owner the listing another broker published that fits it', async () => {
    await page.goto('/consumer/listings');
    await page.getByLabel('Property Type').selectOption('industrial');
    await page.getByLabel('Submarket').selectOption('placer-lincoln');
    await page.waitForURL(/marketId=placer-lincoln/);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Lincoln industrial');
    await dialog.getByLabel('E-mail me').selectOption('instant');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Lincoln industrial”' }).waitFor();

    // Not in the searcher's digest categories: an instant alert leaves out what the day's blast already mailed them.
    const { user } = await apiAs<{ user: { version: number } }>(broker, 'GET', `/user/cognito/${broker.userId}`);
    await apiAs(broker, 'POST', `/user/subscriptions/${broker.userId}`, { subscriptions: [{ subscriptionId: 'industrial-listings', subscribed: false }], version: user.version });
    const lister = await newBroker('alertlister', { approved: true, password: 'Lister!2345pass' });
    const title = `E2E Lincoln warehouse ${Date.now()}`;
    await publishListingAs(lister, {
      title,
      listingTypeId: 'for-lease',
      propertyTypeId: 'industrial',
      marketId: 'placer-lincoln',
      sqft: 24000,
      leasePrice: 0.85,
      leaseFrequencyId: 'monthly',
      address1: `${Math.floor(Math.random() * 9000) + 1000} Industrial Avenue`,
      city: 'Lincoln',
      state: 'CA',
      zipCode: '95648',
      description: 'Warehouse with dock doors.',
    });
    // The scheduler's alert job (every few seconds locally) finds the hit and mails it.
    const alert = await waitForMail((mail) => mail.to.includes(broker.email) && mail.subject === '1 new listing for “Lincoln industrial” on BISN', 60_000);
    expect(alert.html).toContain(title);
    const [search] = (await searches()).filter((s) => s.name === 'Lincoln industrial');
    await apiAs(broker, 'DELETE', `/search/${search!.savedSearchId}`);
  });

  it('renames and deletes a search after the confirmation', async () => {
    await page.goto('/consumer/saved-searches');
    const row = page.getByRole('listitem').filter({ hasText: searchName });
    await row.getByRole('button', { name: `Rename ${searchName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Midtown office space');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    const renamed = page.getByRole('listitem').filter({ hasText: 'Midtown office space' });
    await renamed.waitFor();
    await renamed.getByRole('button', { name: 'Delete Midtown office space' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You have no saved searches yet.').waitFor();
    expect(await searches()).toEqual([]);
  });

  it('sets Profile → Notifications, which persist', async () => {
    await page.goto('/consumer/profile');
    await page.getByRole('button', { name: 'Edit Notifications' }).click();
    const dialog = page.getByRole('dialog');
    const choice = (group: string, name: string) => dialog.getByRole('group', { name: group }).getByRole('radio', { name });
    const choices = [choice('Requirement broadcasts', 'Gather them in my digest'), choice('Matches', 'Gather them in my digest'), choice('Digest', 'Weekly, on Monday')];
    for (const radio of choices) await radio.click();
    await dialog.getByLabel('Digest length').selectOption('10');
    // The full-page capture once flipped the dialog to the phone's sheet and back, which lost the choices.
    await screenshot(page, 'notifications-dialog');
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const radio of choices) expect(await radio.isChecked()).toBe(true);
    expect(await dialog.getByLabel('Digest length').inputValue()).toBe('10');
    await dialog.getByRole('button', { name: 'Save Notifications' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('Notifications', { exact: true }) });
    await card.getByText('At most 10 entries').waitFor();
    expect(await card.innerText()).toContain('Weekly, on Monday');
    await screenshot(page, 'notifications-card');
    const { user } = await apiAs<{ user: { notifications: unknown } }>(broker, 'GET', `/user/cognito/${broker.userId}`);
    expect(user.notifications).toEqual({ requirements: 'digest', matches: 'digest', digestFrequency: 'weekly', digestLimit: 10 });
  });

  it('a weekly digest: the weekday run sends it nothing, Monday’s brings the week’s listings', async () => {
    const lister = await newBroker('weeklister', { approved: true, password: 'Lister!2345pass' });
    const listing = (title: string) => ({
      title,
      listingTypeId: 'for-sale-investment',
      propertyTypeId: 'office',
      marketId: 'sac-downtown-sacramento',
      sqft: 9000,
      price: 2_400_000,
      address1: `${Math.floor(Math.random() * 9000) + 1000} Capitol Avenue`,
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95814',
      description: 'Office building.',
    });
    // The digests of those two days (an earlier test's blast, today, sent this broker one before they chose weekly).
    const digestsOf = async () =>
      (await readMail()).filter((mail) => mail.to.includes(broker.email) && /^Your BISN digest: .* · 11\/(17|23)\/2026$/.test(mail.subject));
    // Tuesday 17 and Monday 23 November 2026, 09:00 EST: the blasts of those days.
    const tuesdayTitle = `E2E Tuesday office ${Date.now()}`;
    await publishListingAs(lister, listing(tuesdayTitle), { blastAt: new Date('2026-11-17T14:00:00.000Z') });
    // Brokers on the weekday digest have it; this one not.
    await waitForMail((mail) => mail.subject.startsWith('Your BISN digest') && mail.subject.endsWith(' · 11/17/2026') && !!mail.text?.includes(tuesdayTitle));
    expect(await digestsOf()).toEqual([]);

    const mondayTitle = `E2E Monday office ${Date.now()}`;
    await publishListingAs(lister, listing(mondayTitle), { blastAt: new Date('2026-11-23T14:00:00.000Z') });
    const weekly = await waitForMail((mail) => mail.to.includes(broker.email) && mail.subject.startsWith('Your BISN digest') && mail.subject.endsWith(' · 11/23/2026'));
    expect(weekly.text).toContain(tuesdayTitle);
    expect(weekly.text).toContain(mondayTitle);
    expect(await digestsOf()).toHaveLength(1);
  });
});
