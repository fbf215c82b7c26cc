import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, DESKTOP, e2e, newBroker, openBrowser, runJob, screenshot, seriousA11yViolations, signIn } from './support';

/** Operators remove a broker's contribution from its page (PRODUCT.md); brokers never see the control. */
describe('operators remove listings and requirements', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let listingId: string;
  let requirementId: string;
  const title = `Removable ${Date.now().toString(36)}`;

  beforeAll(async () => {
    const author = await newBroker('removable', { approved: true, password: 'Removal#2025x' });
    const post = async <T>(path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${e2e().apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${author.idToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as T;
    };
    listingId = (await post<{ listingId: string }>('/listing')).listingId;
    const created = await post<{ requirement: { requirementId: string } }>('/requirement', {
      requirementTypeId: 'for-lease', propertyTypeId: 'retail', marketIds: ['placer-auburn'], title, timing: 'Now',
    });
    requirementId = created.requirement.requirementId;
    await runJob('broadcastRequirements');
    browser = await openBrowser(DESKTOP);
  });
  afterAll(async () => browser?.dispose());

  it('a broker sees no remove control', async () => {
    const page = await browser.newPage();
    await signIn(page, demoLogin('broker'));
    await page.goto(`/consumer/requirement/${requirementId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove (operator)' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign Out' }).or(page.getByRole('link', { name: 'Sign Out' })).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });

  it('an operator removes the requirement and the listing, after confirming', async () => {
    const page = await browser.newPage();
    await signIn(page, demoLogin('operator'));

    await page.goto(`/consumer/requirement/${requirementId}`);
    await page.getByRole('button', { name: 'Remove (operator)' }).click();
    await page.getByRole('alertdialog').getByText(title, { exact: false }).waitFor();
    await screenshot(page, 'operators-remove-requirement-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Remove Requirement' }).click();
    await page.waitForURL('**/consumer/requirements');
    await page.goto(`/consumer/requirement/${requirementId}`);
    await page.getByText('This requirement does not exist or is no longer available.').waitFor();

    await page.goto(`/consumer/listing/${listingId}`);
    await page.getByRole('button', { name: 'Remove (operator)' }).click();
    await page.getByRole('button', { name: 'Remove Listing' }).click();
    await page.waitForURL('**/consumer/listings');
    await page.goto(`/consumer/listing/${listingId}`);
    await page.getByText('This listing does not exist or is no longer available.').waitFor();
  });
});
