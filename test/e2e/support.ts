import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { createConfirmedUser, readMail as readStackMail, signIn as signInByApi, type Mail, type StackRef } from '../../lib/local/testing';

export type { Mail };

export type { DemoLogin } from '../../lib/local/stack-info';
import type { DemoLogin } from '../../lib/local/stack-info';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const e2e = () => inject('e2e');

/**
 * Console errors and warnings of every page opened through openBrowser, and uncaught page errors, since
 * the last check: test/e2e/console-gate.ts fails the test they happened in. Left out: the browser's own
 * line for each failed request (the tests assert on those answers themselves), Amplify's note about the
 * local Cognito endpoint (locally only), and what a test declared with `expectConsole`.
 */
const consoleProblems: string[] = [];
const alwaysExpected = [/^Failed to load resource: the server responded with a status of 4\d\d/, /custom Amazon Amazon Cognito User Pool endpoint/];
let expectedThisTest: RegExp[] = [];

function watchConsole(page: Page): void {
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if ([...alwaysExpected, ...expectedThisTest].some((pattern) => pattern.test(text))) return;
    consoleProblems.push(`${message.type()} on ${page.url()}: ${text.slice(0, 500)}`);
  });
  page.on('pageerror', (error) => consoleProblems.push(`uncaught on ${page.url()}: ${error.message}`));
}

/** A console message the current test causes on purpose (a failure flow the spec logs). */
export function expectConsole(pattern: RegExp): void {
  expectedThisTest.push(pattern);
}

/** What the pages logged since the last call; the declared expectations end with it. */
export function takeConsoleProblems(): string[] {
  expectedThisTest = [];
  return consoleProblems.splice(0);
}

/**
 * One Chromium for the whole browser tier: its files run one after another in one worker process
 * (vitest.config.ts `isolate: false`, no file parallelism), and a launch costs about 1.7 core-seconds and 3 s of
 * wall time, 20 times a run when each file launched its own. Kept on globalThis, which our modules,
 * evaluated afresh for each file (test/fresh-modules.ts), do not reset. Launched again if it went away.
 * Playwright closes it when the worker exits.
 */
const run = globalThis as { chromiumOfRun?: Promise<Browser> };

async function chromiumOfRun(): Promise<Browser> {
  const launch = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  run.chromiumOfRun ??= launch();
  const browser = await run.chromiumOfRun.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  run.chromiumOfRun = launch();
  return run.chromiumOfRun;
}

/**
 * A fresh browser context (its own storage, as a new profile has) in the run's Debian Chromium.
 * dispose() closes the context; whatever a file leaves open closes when it ends (closeContexts).
 */
export async function openBrowser(viewport = DESKTOP): Promise<BrowserContext & { dispose(): Promise<void> }> {
  const context = await (await chromiumOfRun()).newContext({
    viewport,
    baseURL: e2e().webUrl,
    // No fades: axe reads a toast halfway through its opacity transition as low contrast (a failure by luck).
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(20_000);
  context.on('page', watchConsole);
  return Object.assign(context, { dispose: () => context.close() });
}

/** Closes every context still open (console-gate.ts, after each file): no page of one file runs into the next. */
export async function closeContexts(): Promise<void> {
  const browser = await run.chromiumOfRun?.catch(() => undefined);
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

const screenshotDir = join(process.cwd(), 'test-results', 'screenshots');

/** Full-page screenshot kept as a test artefact under test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function demoLogin(role: DemoLogin['role']): DemoLogin {
  const login = e2e().demoLogins.find((l) => l.role === role);
  if (!login) throw new Error(`no demo login with role ${role}`);
  return login;
}

/**
 * Signs in through the real login form and waits for the dashboard; once more if the first attempt does
 * not arrive (on a cold dev server Vite may reload the page while it optimises dependencies).
 */
export async function signIn(page: Page, login: Pick<DemoLogin, 'email' | 'password'>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(login.email);
    await page.getByLabel('Password', { exact: true }).fill(login.password);
    await page.getByRole('button', { name: /^(sign in|login|log in)$/i }).click();
    try {
      await page.waitForURL('**/consumer/dashboard', { timeout: 20_000 });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

/** The running stack, as lib/local/testing's helpers take it. */
export const stackRef = (): StackRef => ({ urls: e2e().urls, userPoolId: e2e().userPoolId, userPoolClientId: e2e().userPoolClientId });

/**
 * A broker of the test's own (so the demo accounts stay as other tests expect them), with personal and
 * broker info; `approved` runs the operators' admin Lambda in this process, as `npm run admin` does.
 */
export async function newBroker(label: string, { approved, password }: { approved: boolean; password: string }) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const userId = await createConfirmedUser(stackRef(), { email, password, firstName: 'Riley', lastName: 'Requirer' });
  const { idToken } = await signInByApi(stackRef(), email, password);
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${e2e().apiUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  await call(`/user/cognito/${userId}`);
  // A fresh record is at version 0; each save raises it.
  await call(`/user/personalInfo/${userId}`, { firstName: 'Riley', lastName: 'Requirer', title: 'Senior Associate', license: 'DRE 02011234', phone: '9165550142', version: 0 });
  await call(`/user/brokerInfo/${userId}`, { name: 'Delta Commercial', address1: '1201 K St', address2: 'Sacramento, CA 95814', version: 1 });
  if (approved) {
    Object.assign(process.env, e2e().env);
    const { runAdminCommand } = await import('../../lambdas/admin/run-command');
    const result = await runAdminCommand({ action: 'approve', email });
    if (!result.ok) throw new Error(result.message);
  }
  return { email, password, userId, idToken };
}

/** Every mail the product sent, from the local SES store. */
export const readMail = (): Promise<Mail[]> => readStackMail({ urls: e2e().urls });

/** Polls the mail store until a mail matches, e.g. the sign-up code for an address. */
export async function waitForMail(match: (mail: Mail) => boolean, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMail()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no matching mail arrived');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Runs a background job (blast, broadcastRequirements, expireListings, sendReminders) now, in this process, against the
 * stack's emulators: the same handler module the scheduler runs; the blast's is followed by its run finishing (the
 * stack's delivery worker sends what the planners enqueue).
 */
export async function runJob(id: 'blast' | 'broadcastRequirements' | 'expireListings' | 'sendReminders', event?: unknown): Promise<unknown> {
  Object.assign(process.env, e2e().env);
  const { jobs } = await import('../../shared/api/routes');
  const job = jobs.find((j) => j.id === id)!;
  const mod = (await import(join(process.cwd(), job.entry))) as { handler: (event?: unknown) => Promise<unknown> };
  const result = await mod.handler(event);
  // The blast only plans: the stack's delivery worker sends the digests, then publishes the listings.
  if (id === 'blast') {
    const { blastsRepository } = await import('../../lambdas/data/blasts');
    await waitUntil(async () => (await blastsRepository.unfinished()).length === 0, 'the blast run to finish', 60_000);
  }
  return result;
}

async function waitUntil(done: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: the serious and critical violations (ids and targets), empty when clean. */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  // Evaluated through the DevTools protocol: the site's CSP refuses an inline <script> (addScriptTag). Once per
  // document: screens reached through the app's router share it.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  // What is on screen once it settles: finite animations and transitions run out first (spinners never do).
  await page.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { getAnimations(): { finished: Promise<unknown>; effect: { getComputedTiming(): { endTime?: number | string } } | null }[] } }).document;
    const finite = doc.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  const violations = await page.evaluate(async () => {
    // Runs in the page: globalThis is the window there.
    const page = globalThis as unknown as {
      document: unknown;
      axe: { run: (ctx: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
    };
    const result = await page.axe.run(page.document);
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * A broker's listing made and published as the editor does (the domain functions, in this process: the
 * editor itself is tested in listings.test.ts), then the blast. Answers its id.
 */
export async function publishListingAs(owner: { userId: string; email: string }, draft: Record<string, unknown>, { blastAt }: { blastAt?: Date } = {}): Promise<string> {
  Object.assign(process.env, e2e().env);
  const { usersRepository } = await import('../../lambdas/data/users');
  const { createListing, publishListing, updateListing } = await import('../../lambdas/domain/listings');
  const { finaliseListingImage } = await import('../../lambdas/domain/listings-images');
  const { listingDraft } = await import('../../shared/api');
  const { propertyPhotoJpeg, stageUpload } = await import('../../lib/local/seed/images');
  const record = (await usersRepository.get(owner.userId))!;
  const principal = { sub: owner.userId, email: owner.email, isOperator: false, groups: [] };
  const { listingId, listing } = await createListing(record);
  await updateListing(principal, listingId, { ...listingDraft.parse(draft), version: listing.version });
  await finaliseListingImage(principal, listingId, await stageUpload(`listings/${listingId}`, await propertyPhotoJpeg(String(draft.title), '#0e7490')));
  await publishListing(principal, listingId);
  // The blast that sends it, at `blastAt` when given (its digest day).
  await runJob('blast', blastAt && { now: blastAt.toISOString() });
  return listingId;
}

/** An API call as the broker (Bearer ID token, JSON); a refusal throws with its status and message. */
export async function apiAs<T>(broker: { idToken: string }, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2e().apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${broker.idToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Polls `probe` every 250 ms until it answers something truthy; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The operator page's row for an account. Its lists are oldest first and paged, so in the whole suite a
 * new account is pages down: "Load more" until the row is there.
 */
export async function accountRow(page: Page, email: string) {
  const row = page.getByRole('listitem').filter({ hasText: email });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await page.getByRole('list', { name: /accounts/i }).waitFor();
  while ((await row.count()) === 0 && (await loadMore.count()) > 0) {
    await loadMore.click();
    await page.waitForFunction(() => !document.querySelector('[aria-label="Loading more accounts"]'));
  }
  await row.waitFor();
  return row;
}
