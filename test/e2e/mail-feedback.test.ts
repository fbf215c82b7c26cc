import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sesFeedbackEventOf } from '../../lib/local/events';
import { demoLogin, DESKTOP, e2e, newBroker, openBrowser, PHONE, screenshot, seriousA11yViolations, signIn } from './support';

// Issue 12.3: a hard bounce reported by SES stops the broker's mail; the dashboard tells them why and lets
// them resume, and the operator page shows it.
describe('a bounced address', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let broker: Awaited<ReturnType<typeof newBroker>>;
  beforeAll(async () => {
    browser = await openBrowser(DESKTOP);
    broker = await newBroker('bounced', { approved: true, password: 'Bounce!2345pass' });
    Object.assign(process.env, e2e().env);
    const { handler } = await import('../../lambdas/events/mail-feedback');
    await handler(sesFeedbackEventOf('Bounce', broker.email, { diagnosticCode: 'smtp; 550 5.1.1 user unknown' }));
  });
  afterAll(async () => browser?.dispose());

  it('the operator page shows why the account gets no mail', async () => {
    const page = await browser.newPage();
    await signIn(page, demoLogin('operator'));
    await page.goto('/consumer/operators');
    await page.getByRole('tab', { name: /members|accounts/i }).click();
    const row = page.getByRole('listitem').filter({ hasText: broker.email });
    await expect(row.innerText()).resolves.toMatch(/Mail stopped: Mail bounced on \d{2}\/\d{2}\/\d{4} \(smtp; 550 5\.1\.1 user unknown\)\./);
    await page.close();
  });

  it('the dashboard tells the broker, who resumes their mail', async () => {
    // A browser of the broker's own: the first one holds the operator's session.
    const own = await openBrowser(DESKTOP);
    const page = await own.newPage();
    await signIn(page, broker);
    const notice = page.getByTestId('mail-stop-notice');
    await notice.waitFor();
    const text = await notice.innerText();
    expect(text).toContain(`We have stopped e-mailing ${broker.email}`);
    expect(text).toContain('smtp; 550 5.1.1 user unknown');
    await screenshot(page, 'dashboard-mail-stopped-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'dashboard-mail-stopped-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await notice.getByRole('button', { name: 'I have fixed it: e-mail me again' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await expect(page.getByTestId('mail-stop-notice').count()).resolves.toBe(0);
    await own.dispose();
  });
});
