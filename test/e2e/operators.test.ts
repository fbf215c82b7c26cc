import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, signIn as signInByApi } from '../../lib/local/testing';
import { accountRow, apiAs, demoLogin, DESKTOP, e2e, newBroker, openBrowser, PHONE, runJob, screenshot, seriousA11yViolations, signIn, stackRef, waitForMail } from './support';

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

  it("the Audit tab shows both removals, newest first, in the operator's name; one action on request", async () => {
    const page = await browser.newPage();
    await page.goto('/consumer/operators');
    await page.getByRole('tab', { name: 'Audit' }).click();
    const trail = page.getByRole('tabpanel', { name: 'Audit' }).getByRole('table', { name: 'Operator actions' });
    await trail.waitFor();
    const rows = trail.getByRole('row').filter({ hasText: 'operator@bisn.local' });
    expect((await rows.nth(0).innerText()).replace(/\s+/g, ' ')).toMatch(/operator@bisn\.local Removed listing Listing “untitled” of Riley Requirer/);
    expect((await rows.nth(1).innerText()).replace(/\s+/g, ' ')).toContain(`Removed requirement Requirement “${title}”`);
    await screenshot(page, 'operators-audit-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Removed requirement' });
    await trail.getByRole('row').filter({ hasText: title }).waitFor();
    expect(await trail.getByRole('row').filter({ hasText: 'Removed listing' }).count()).toBe(0);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'operators-audit-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });
});

describe('the approval queue', () => {
  it('says who is an assistant and whose, what approving does, and mails a delegate a delegate\'s approval', async () => {
    const broker = await newBroker('assisted', { approved: true, password: 'Assisted#2025x' });
    const applicant = await newBroker('applicant', { approved: false, password: 'Applicant#2025x' });
    const email = `queue-assistant-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Assistant#2025x';
    const assistantId = await createConfirmedUser(stackRef(), { email, password, firstName: 'Quinn', lastName: 'Assistant' });
    const assistant = { ...(await signInByApi(stackRef(), email, password)), userId: assistantId };
    await apiAs(assistant, 'GET', `/user/cognito/${assistantId}`);
    await apiAs(assistant, 'POST', '/delegations', { brokerEmail: broker.email });
    await apiAs(broker, 'PUT', `/delegation/${broker.userId}/${assistantId}`, { action: 'confirm' });

    const context = await openBrowser(DESKTOP);
    try {
      const page = await context.newPage();
      await signIn(page, demoLogin('operator'));
      await page.goto('/consumer/operators');
      const assistantRow = await accountRow(page, email);
      expect(await assistantRow.innerText()).toContain('Assistant');
      expect(await assistantRow.innerText()).toContain('Assistant to Riley Requirer');
      expect(await assistantRow.innerText()).toContain('Confirmed by Riley Requirer: approving also lets them work for Riley Requirer.');
      const brokerRow = await accountRow(page, applicant.email);
      const brokerText = await brokerRow.innerText();
      expect(brokerText).toContain('Broker');
      expect(brokerText).toContain('DRE 02011234');
      expect(brokerText).toContain('Delta Commercial');
      await assistantRow.scrollIntoViewIfNeeded();
      await screenshot(page, 'operators-queue-desktop');
      await page.setViewportSize(PHONE);
      await assistantRow.scrollIntoViewIfNeeded();
      await screenshot(page, 'operators-queue-phone');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize(DESKTOP);

      await assistantRow.getByRole('button', { name: 'Approve Quinn Assistant' }).click();
      await assistantRow.waitFor({ state: 'detached' });
      const mail = await waitForMail((m) => m.to.includes(email) && m.subject === 'Your BISN account is approved');
      expect(mail.text).toContain("approved it as Riley Requirer's delegate");
      expect(mail.text).not.toContain('receive the broker broadcasts');
    } finally {
      await context.dispose();
    }
  });

  it('asks a new broker for the license number and firm the operators verify, on the review notice', async () => {
    const email = `unverified-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Unverified#2025x';
    await createConfirmedUser(stackRef(), { email, password, firstName: 'Uma', lastName: 'Unverified' });
    for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const context = await openBrowser(viewport);
      try {
        const page = await context.newPage();
        await signIn(page, { email, password });
        const missing = page.getByTestId('review-notice-missing');
        expect(await missing.innerText()).toContain('add your license number (Personal Information) and your firm (Broker Information) in your Profile');
        await screenshot(page, `review-notice-${width}`);
        await missing.getByRole('link', { name: 'Open your Profile' }).click();
        await page.waitForURL('**/consumer/profile');
        // The profile's own notice, once the page has replaced the dashboard's.
        await page.getByTestId('review-notice-missing').filter({ hasText: 'below' }).waitFor();
      } finally {
        await context.dispose();
      }
    }
  });
});
