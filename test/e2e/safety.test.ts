import { listingDraft } from '../../shared/api/schemas/listings';
import { randomUUID } from 'node:crypto';
import type { Dialog, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from '../../lib/config/security-headers';
import { createConfirmedUser, signIn as signInByApi } from '../../lib/local/testing';
import { DESKTOP, demoLogin, e2e, openBrowser, runJob, stackRef } from './support';

/**
 * Browser safety: script and HTML payloads in every free-text field render as text on
 * every screen that shows them (no dialog, no injected element, the literal text visible); the local web
 * server sends the CloudFront security headers; `javascript:` brochure links are refused.
 * SVG and HTML files disguised as images are refused at finalise by the bytes: test/api/listings/images.test.ts
 * and test/api/profile/images.test.ts.
 */

type Browser = Awaited<ReturnType<typeof openBrowser>>;

const PASSWORD = 'Script#Safe2025';
const tag = randomUUID().slice(0, 6);

/** One payload per free-text field, each distinct so every field can be found on the page. Lengths fit the schemas. */
const profile = {
  firstName: `Ada<img src=x onerror=alert(1)>`,
  lastName: `"><svg onload=alert(2)>`,
  title: `<script>alert(3)</script>`,
  license: `<img src=x onerror=alert(4)>`,
  phone: `"><img src=x onerror=alert(5)>`,
};
const broker = {
  name: `<iframe src=javascript:alert(6)>`,
  address1: `<img src=x onerror=alert(7)>`,
  address2: `Sacramento, CA <svg onload=alert(8)>`,
};
const requirement = {
  requirementTypeId: 'for-lease',
  propertyTypeId: 'office',
  marketIds: ['sac-midtown'],
  title: `Office <img src=x onerror=alert(9)> ${tag}`,
  timing: `<script>alert(10)</script>`,
  sqftMin: 1000,
  sqftMax: 5000,
  description: `"><svg onload=alert(11)> and <a href="javascript:alert(12)">click</a>`,
  highlights: [`<img src=x onerror=alert(13)>`, `<script>alert(14)</script>`, '', '', ''],
};
const listing = {
  title: `Flex <img src=x onerror=alert(15)> ${tag}`,
  listingTypeId: 'for-sale-user',
  propertyTypeId: 'flex',
  marketId: 'sac-midtown',
  sqft: 12500,
  price: 2450000,
  description: `<svg/onload=alert(16)> "quoted" & <b>bold</b>`,
  highlights: [`<img src=x onerror=alert(17)>`, `'><script>alert(18)</script>`, '', '', ''],
  address1: `<img src=x onerror=alert(19)> J St`,
  address2: `"><script>alert(20)</script>`,
  city: `<svg onload=alert(21)>`,
  state: 'CA',
  zipCode: '95814',
  brochureUrl: `https://example.com/"><svg onload=alert(22)>`,
};
const texts = (record: Record<string, unknown>, keys: string[]) =>
  keys.flatMap((k) => record[k]).filter((v): v is string => typeof v === 'string' && v !== '');


/** The API as the web client calls it; throws on anything but a 2xx unless `expectStatus` is given. */
async function api<T = Record<string, unknown>>(token: string, method: string, path: string, body?: unknown, expectStatus?: number): Promise<T> {
  const response = await fetch(`${e2e().apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (expectStatus !== undefined) expect(response.status, `${method} ${path}: ${text}`).toBe(expectStatus);
  else if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

interface Account {
  email: string;
  userId: string;
  token: string;
}

/** A broker whose profile and brokerage carry the payloads; approved unless told otherwise. */
async function payloadBroker(label: string, approve: boolean): Promise<Account> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const userId = await createConfirmedUser(stackRef(), { email, password: PASSWORD, firstName: 'x', lastName: 'y' });
  const { idToken: token } = await signInByApi(stackRef(), email, PASSWORD);
  await api(token, 'GET', `/user/cognito/${userId}`);
  // A fresh record is at version 0; each save raises it.
  await api(token, 'POST', `/user/personalInfo/${userId}`, { ...profile, version: 0 });
  await api(token, 'POST', `/user/brokerInfo/${userId}`, { ...broker, version: 1 });
  if (approve) {
    const operator = demoLogin('operator');
    const { idToken } = await signInByApi(stackRef(), operator.email, operator.password);
    await api(idToken, 'POST', `/admin/users/${userId}/approve`);
  }
  return { email, userId, token };
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 90, g: 120, b: 150 } } }).jpeg().toBuffer();
}

/** A complete listing of `owner` with a photo, published by a blast run now. */
async function publishedListing(owner: Account): Promise<string> {
  const { listingId } = await api<{ listingId: string }>(owner.token, 'POST', '/listing');
  await api(owner.token, 'PUT', `/listing/${listingId}`, { ...listingDraft.parse(listing), version: 0 });
  const bytes = await photo();
  const presigned = await api<{ url: string; fields: Record<string, string>; key: string }>(owner.token, 'POST', `/listing/image/${listingId}/upload`, {
    contentType: 'image/jpeg',
    size: bytes.byteLength,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));
  expect((await fetch(presigned.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  await api(owner.token, 'POST', `/listing/image/${listingId}`, { key: presigned.key });
  await api(owner.token, 'POST', `/listing/publish/${listingId}`);
  await runJob('blast');
  return listingId;
}

/** The first visible element whose text contains `text` (layouts keep a hidden copy for the other width). */
const shown = (page: Page, text: string) => page.getByText(text, { exact: false }).filter({ visible: true }).first();

/**
 * What a payload would leave in the page had it been parsed as HTML: the elements and handlers it carries.
 * The CSP would block their scripts, so their presence is the test, not an alert.
 */
const injected = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document;
    return doc.querySelectorAll('img[src="x"], svg[onload], iframe, [onerror], [onload], main script, a[href^="javascript:"]').length;
  });

describe('browser safety', () => {
  let browser: Browser;
  let page: Page;
  let owner: Account;
  let listingId: string;
  let requirementId: string;
  const dialogs: string[] = [];
  const violations: string[] = [];

  beforeAll(async () => {
    owner = await payloadBroker('payload', true);
    listingId = await publishedListing(owner);
    ({
      requirement: { requirementId },
    } = await api<{ requirement: { requirementId: string } }>(owner.token, 'POST', '/requirement', requirement));
    await runJob('broadcastRequirements');

    browser = await openBrowser(DESKTOP);
    // Every CSP violation of every page, reported by the browser itself.
    await browser.addInitScript(() => {
      type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number };
      const w = globalThis as unknown as { addEventListener(type: string, fn: (e: Violation) => void): void; __csp: string[] };
      w.__csp = [];
      w.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
    });
    page = await browser.newPage();
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await page.getByRole('button', { name: /^(sign in|login|log in)$/i }).click();
    await page.waitForURL('**/consumer/dashboard', { timeout: 90_000 });
  }, 300_000);

  afterAll(async () => browser?.dispose());

  /** Opens `path`, waits for `ready`, then: every text visible literally, nothing injected, no dialog. */
  async function expectLiteral(path: string, ready: string, expected: string[]): Promise<void> {
    await page.goto(path);
    await shown(page, ready).waitFor({ timeout: 90_000 });
    for (const text of expected) {
      await expect(shown(page, text).isVisible(), `${path}: "${text}" shown as text`).resolves.toBe(true);
    }
    expect(await injected(page), `${path}: elements injected from user text`).toBe(0);
    expect(dialogs, path).toEqual([]);
    violations.push(...(await page.evaluate(() => (globalThis as unknown as { __csp: string[] }).__csp)));
  }

  it('profile: names, title, license, phone and brokerage render as text', async () => {
    await expectLiteral('/consumer/profile', 'Personal Information', [...texts(profile, Object.keys(profile)), ...texts(broker, Object.keys(broker))]);
  });

  it('requirements: the list, the detail and My requirements render title, timing, description and highlights as text', async () => {
    await expectLiteral(`/consumer/requirements?propertyTypeId=office`, requirement.title, [requirement.title, requirement.timing]);
    await expectLiteral(`/consumer/requirement/${requirementId}`, requirement.title, [
      ...texts(requirement, ['title', 'timing', 'description', 'highlights']),
      ...texts(profile, ['firstName', 'lastName', 'title', 'license', 'phone']),
    ]);
    await expectLiteral('/consumer/my-requirements', requirement.title, [requirement.title]);
  });

  it('listings: the browser, the detail (map tooltip included) and My listings render every field as text', async () => {
    await expectLiteral('/consumer/listings?propertyTypeId=flex', listing.title, [listing.title]);
    await expectLiteral(`/consumer/listing/${listingId}`, listing.title, [
      ...texts(listing, ['title', 'description', 'highlights', 'address1', 'address2', 'city']),
      ...texts(profile, ['firstName', 'lastName', 'title', 'license', 'phone']),
      broker.name,
    ]);
    // The map pin's tooltip shows the address: open it and look again.
    const pin = page.getByTestId('listing-map').locator('.listing-map-pin');
    await pin.hover();
    const tooltip = page.locator('.listing-map-tooltip').first();
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toContain(listing.address1);
    expect(await injected(page), 'map tooltip: elements injected from the address').toBe(0);
    expect(dialogs).toEqual([]);

    const brochure = page.getByRole('link', { name: 'Download Brochure' });
    expect(await brochure.getAttribute("href")).toBe(listing.brochureUrl);
    await expectLiteral('/consumer/my-listings', listing.title, [listing.title]);
  });

  it('operators: an applicant’s names, license and brokerage render as text in the approval queue', async () => {
    await payloadBroker('applicant', false);
    const operator = await openBrowser(DESKTOP);
    try {
      const operatorPage = await operator.newPage();
      const seen: string[] = [];
      operatorPage.on('dialog', (dialog: Dialog) => {
        seen.push(dialog.message());
        void dialog.dismiss();
      });
      const login = demoLogin('operator');
      await operatorPage.goto('/login');
      await operatorPage.getByLabel('Email').fill(login.email);
      await operatorPage.getByLabel(/^Password\*?$/).fill(login.password);
      await operatorPage.getByRole('button', { name: /^(sign in|login|log in)$/i }).click();
      await operatorPage.waitForURL('**/consumer/dashboard', { timeout: 90_000 });
      await operatorPage.goto('/consumer/operators');
      await shown(operatorPage, profile.license).waitFor({ timeout: 90_000 });
      for (const text of [profile.firstName, profile.lastName, profile.license, broker.name]) {
        await expect(shown(operatorPage, text).isVisible(), text).resolves.toBe(true);
      }
      expect(await injected(operatorPage)).toBe(0);
      expect(seen).toEqual([]);
    } finally {
      await operator.dispose();
    }
  });

  it('refuses javascript: brochure links at the API, whatever their spelling', async () => {
    const { listingId: draftId } = await api<{ listingId: string }>(owner.token, 'POST', '/listing');
    for (const brochureUrl of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'javascript://example.com/%0aalert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)']) {
      await api(owner.token, 'PUT', `/listing/${draftId}`, { ...listingDraft.parse({ title: 'Brochure test' }), brochureUrl, version: 0 }, 400);
    }
    await api(owner.token, 'DELETE', `/listing/${draftId}`);
  });

  it('the pages visited above ran under the CSP without a single violation', () => {
    expect(violations).toEqual([]);
  });
});

describe('security headers of the site the browser tests use (the production build, served as CloudFront serves it)', () => {
  const cloudShape = securityHeaders({ apiUrl: 'https://api.example.com', cognitoUrl: 'https://cognito-idp.us-west-2.amazonaws.com' });
  const directives = (csp: string) => new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

  it('sends the CloudFront policy’s headers on the page, on client routes and on scripts', async () => {
    const html = await (await fetch(`${e2e().webUrl}/`)).text();
    const entry = /<script[^>]+src="([^"]+)"/.exec(html)![1]!;
    for (const path of ['/', '/consumer/listings', entry, '/runtime-config.json']) {
      const response = await fetch(`${e2e().webUrl}${path}`);
      expect(response.status, path).toBe(200);
      for (const [name, value] of Object.entries(cloudShape)) {
        const sent = response.headers.get(name);
        if (name === 'Content-Security-Policy') expect([...directives(sent ?? '').keys()], path).toEqual([...directives(value).keys()]);
        else expect(sent, `${path} ${name}`).toBe(value);
      }
    }
  });

  it('CSP: scripts from the site only (no unsafe-inline, no eval), no framing, no plugins; HSTS, nosniff', async () => {
    const response = await fetch(`${e2e().webUrl}/`);
    const csp = directives(response.headers.get('content-security-policy')!);
    const scripts = csp.get('script-src')!;
    // Exactly the site itself: the build has no inline script (the dev server's React refresh needs a nonce).
    expect(scripts).toEqual(["'self'"]);
    expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:|data:/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(Number(/max-age=(\d+)/.exec(response.headers.get('strict-transport-security') ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // Every script element of the page loads a file of the site: none is inline, none comes from elsewhere.
    const html = await response.text();
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
  });

  it('CSP: the same directives and sources as the cloud policy built for the local origins', async () => {
    const sent = directives((await fetch(`${e2e().webUrl}/`)).headers.get('content-security-policy')!);
    const { env, apiUrl } = e2e();
    const expected = directives(
      contentSecurityPolicy({
        apiUrl,
        cognitoUrl: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!,
        assetBaseUrl: env.ASSET_BASE_URL!,
        extraConnect: [env.ASSET_BASE_URL!],
      }),
    );
    expect(sent).toEqual(expected);
  });
});
