import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectConsole, newBroker, openBrowser, readMail, signIn } from './support';

// A double click on "Confirm & Send Requirement" on a slow network creates one requirement
// and sends one broadcast: the dialog sends one Idempotency-Key for its sending, on every click.
type Browser = Awaited<ReturnType<typeof openBrowser>>;
const title = `Double-clicked office ${Date.now().toString(36)}`;

describe('sending a requirement twice by accident', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser(DESKTOP);
  });
  afterAll(async () => browser?.dispose());

  it('double-clicked on a throttled network: one requirement, one broadcast', async () => {
    const page = await browser.newPage();
    await signIn(page, await newBroker('doubleclick', { approved: true, password: 'Double#Click2025' }));
    await page.goto('/consumer/my-requirements');
    await page.getByRole('button', { name: 'Create New Requirement' }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Requirement' });
    await modal.getByRole('radio', { name: 'For Lease' }).click();
    await modal.getByRole('radio', { name: 'Office' }).click();
    await modal.getByRole('checkbox', { name: 'Midtown', exact: true }).click();
    await modal.getByRole('textbox', { name: 'Title' }).fill(title);
    await modal.getByRole('textbox', { name: 'Timing' }).fill('This quarter');
    await modal.getByRole('button', { name: 'Next' }).click();
    const confirm = modal.getByRole('button', { name: 'Confirm & Send Requirement' });
    await confirm.waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: 20_000, uploadThroughput: 20_000 });
    const sent: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/requirement')) sent.push(request.headers()['idempotency-key'] ?? null);
    });
    await confirm.dblclick({ force: true });
    await modal.waitFor({ state: 'detached', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Every request the clicks made carried the same key.
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);

    const rows = page.getByRole('table', { name: 'My requirements' }).getByRole('row').filter({ hasText: title });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);

    // The stack's scheduler broadcasts every few seconds: each subscriber gets it once.
    await expect.poll(async () => (await readMail()).filter((m) => m.subject.includes(title)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const byRecipient = new Map<string, number>();
    for (const mail of (await readMail()).filter((m) => m.subject.includes(title))) {
      for (const to of mail.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
    }
    expect([...byRecipient.values()].every((count) => count === 1)).toBe(true);
  });

  it('an answer lost on the way back: the broker sends again, the server answers the first result, one requirement', async () => {
    const lostTitle = `Lost answer office ${Date.now().toString(36)}`;
    // A browser of its own: the first test's broker is still signed in to the shared one.
    const own = await openBrowser(DESKTOP);
    const page = await own.newPage();
    await signIn(page, await newBroker('lostanswer', { approved: true, password: 'Double#Click2025' }));
    await page.goto('/consumer/my-requirements');
    await page.getByRole('button', { name: 'Create New Requirement' }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Requirement' });
    await modal.getByRole('radio', { name: 'For Lease' }).click();
    await modal.getByRole('radio', { name: 'Office' }).click();
    await modal.getByRole('checkbox', { name: 'Midtown', exact: true }).click();
    await modal.getByRole('textbox', { name: 'Title' }).fill(lostTitle);
    await modal.getByRole('textbox', { name: 'Timing' }).fill('This quarter');
    await modal.getByRole('button', { name: 'Next' }).click();

    // The first send reaches the server and creates the requirement; its answer never reaches the browser.
    const keys: string[] = [];
    let lost = 0;
    // The browser reports the connection this test cuts.
    expectConsole(/net::ERR_CONNECTION_RESET/);
    await page.route('**/requirement', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (lost++ > 0) return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    });
    const confirm = modal.getByRole('button', { name: 'Confirm & Send Requirement' });
    await confirm.click();
    // The dialog says the sending failed and goes back to the form with everything kept; the broker sends again.
    await modal.getByRole('alert').first().waitFor();
    await modal.getByRole('button', { name: 'Next' }).click();
    await confirm.click();
    await modal.waitFor({ state: 'detached', timeout: 30_000 });

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const rows = page.getByRole('table', { name: 'My requirements' }).getByRole('row').filter({ hasText: lostTitle });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await own.dispose();
  });
});
