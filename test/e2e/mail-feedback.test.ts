import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRow, demoLogin, DESKTOP, e2e, newBroker, openBrowser, PHONE, screenshot, seriousA11yViolations, signIn } from './support';

/** How the address's mail server answers from now on (the local SES's mailboxes). */
async function mailboxAnswers(address: string, answer: 'bounce' | 'deliver') {
  const response = await fetch(`${e2e().urls.ses}/mailboxes/${encodeURIComponent(address)}`, { method: 'PUT', body: JSON.stringify({ answer }) });
  if (response.status !== 204) throw new Error(`mailbox ${address}: ${response.status}`);
}

// The broker's mailbox bounces the approval e-mail; SES's bounce event reaches mailFeedback
// through the local event bus and stops their mail; the dashboard tells them why and lets them resume, and
// the operator page shows it.
describe('a bounced address', () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let broker: Awaited<ReturnType<typeof newBroker>>;
  beforeAll(async () => {
    browser = await openBrowser(DESKTOP);
    broker = await newBroker('bounced', { approved: false, password: 'Bounce!2345pass' });
    await mailboxAnswers(broker.email, 'bounce');
    Object.assign(process.env, e2e().env);
    const { runAdminCommand } = await import('../../lambdas/admin/run-command');
    const result = await runAdminCommand({ action: 'approve', email: broker.email });
    if (!result.ok) throw new Error(result.message);
    // The bounce is delivered after SES answered the send, in the stack's process.
    const { usersRepository } = await import('../../lambdas/data/users');
    const deadline = Date.now() + 10_000;
    while (!(await usersRepository.get(broker.userId))?.mailStop) {
      if (Date.now() > deadline) throw new Error('the bounce did not stop the mail within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Fixed at their provider before they resume below.
    await mailboxAnswers(broker.email, 'deliver');
  });
  afterAll(async () => browser?.dispose());

  it('the operator page shows why the account gets no mail', async () => {
    const page = await browser.newPage();
    await signIn(page, demoLogin('operator'));
    await page.goto('/consumer/operators');
    await page.getByRole('tab', { name: /members|accounts/i }).click();
    const row = await accountRow(page, broker.email);
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
