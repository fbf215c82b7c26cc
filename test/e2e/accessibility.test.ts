import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInByApi } from '../../lib/local/testing';
import { demoLogin, DESKTOP, e2e, openBrowser, PHONE, seriousA11yViolations, signIn, stackRef } from './support';

/**
 * Every screen at desktop and phone width: zero serious or critical axe-core violations, every image on it
 * loaded, and on a phone nothing sticking out sideways. Dialogs and drawers are checked where their own
 * flows open them (requirements, listings, profile).
 */
const publicScreens = ['/', '/login', '/signup', '/forgotPassword', '/unsubscribe', '/termsAndConditions', '/privacy', '/copyright'];
const consumerScreens = [
  '/consumer/dashboard',
  '/consumer/requirements',
  // The criteria beside the filters, open: the markets tree, the "fits a listing of" fields, the count and the order.
  '/consumer/requirements?markets=placer&fitSqft=12000&sort=sizeDesc',
  '/consumer/my-requirements',
  '/consumer/listings',
  '/consumer/listings?markets=sacramento,yolo-davis&sizeMin=10000&rateMax=1.1&rateFrequencyId=monthly&keyword=office&sort=priceAsc',
  '/consumer/my-listings',
  '/consumer/matches',
  '/consumer/brokers',
  // Narrowed: the criteria's chips and the cards of what is left.
  '/consumer/brokers?propertyTypeId=office&q=Carter',
  '/consumer/market',
  '/consumer/lists',
  '/consumer/saved-searches',
  '/consumer/profile',
  '/consumer/vendors',
];

/** Parts of a screen it shows only when asked (the button that shows them), checked after the screen itself. */
const shownOnRequest: Record<string, string> = { '/consumer/profile': 'Change your password' };

/**
 * A page that visits screens as a broker does, through the app's router: the first by loading it, the rest
 * by pushing the path onto the router's history (TanStack Router watches pushState), so the bundle, the
 * session and axe load once per page instead of once per screen. Each visit waits until the screen's lazy
 * code and queries are in (no request for 500 ms, as Playwright's networkidle) and checks the router did not
 * send it elsewhere (a guard's redirect would sweep the wrong screen).
 */
function screenVisitor(page: Page) {
  // A set, not a count: requests already under way when the visitor starts end without having started here.
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  let loaded = false;
  return async function visit(path: string): Promise<void> {
    if (loaded) {
      lastActivity = Date.now();
      await page.evaluate((to) => globalThis.history.pushState(null, '', to), path);
    } else {
      await page.goto(path);
      loaded = true;
    }
    await page.locator('main#main').waitFor();
    while (inFlight.size > 0 || Date.now() - lastActivity < 500) await page.waitForTimeout(50);
    const at = new URL(page.url());
    expect(`${at.pathname}${at.search}`).toBe(path);
  };
}

/**
 * What a broker would see as broken on the screen: images that did not load (a relative URL resolving
 * under the SPA's path answers the site's HTML) and, on a phone, a page wider than the viewport.
 */
async function layoutProblems(page: Page, { phone }: { phone: boolean }): Promise<string[]> {
  return page.evaluate(async (phone) => {
    const doc = (globalThis as unknown as { document: Document }).document;
    const problems: string[] = [];
    const images = [...doc.querySelectorAll('img')];
    const broken = await Promise.all(
      images.map(async (img) => {
        // Lazy images below the fold load too: the check is about the URL, not the scroll position.
        img.loading = 'eager';
        return img.decode().then(
          () => undefined,
          () => `image not loaded: ${img.currentSrc || img.src}`,
        );
      }),
    );
    problems.push(...broken.filter((problem): problem is string => !!problem));
    const width = doc.documentElement.clientWidth;
    if (phone && doc.documentElement.scrollWidth > width) {
      // The innermost elements that stick out: none of their children does.
      const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
      const wide = [...doc.querySelectorAll('body *')].filter((el) => sticksOut(el) && ![...el.children].some(sticksOut));
      problems.push(`page ${doc.documentElement.scrollWidth} px wide on a ${width} px screen: ${wide.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} "${el.textContent?.trim().slice(0, 30)}"`).join(', ')}`);
    }
    return problems;
  }, phone);
}

/**
 * The screens' route paths the app registers, read from the features' route tables (a child of the consumer
 * layout under /consumer; the consumer feature's own routes only redirect): the sweep's screens must cover
 * every one, so a new screen cannot stay out of it.
 */
function registeredRoutes(): string[] {
  const features = join(process.cwd(), 'web/src/features');
  const paths: string[] = [];
  for (const feature of readdirSync(features).filter((name) => name !== 'consumer')) {
    let source: string;
    try {
      source = readFileSync(join(features, feature, 'routes', 'index.tsx'), 'utf8');
    } catch {
      continue;
    }
    for (const [, parent, path] of source.matchAll(/getParentRoute: \(\) => (\w+),\s*path: '([^']+)'/g)) {
      paths.push(parent === 'consumerRoute' ? `/consumer/${path}`.replace(/\/\/$/, '') : path!);
    }
  }
  return paths;
}

/** A route pattern ('/consumer/listing/$listingId') as a regular expression for the paths it matches. */
const routePattern = (route: string) => new RegExp(`^${route.replace(/\$\w*/g, '[^/?]+')}(\\?.*)?$`);

async function firstId(route: 'listings' | 'requirements', token: string): Promise<string> {
  const response = await fetch(`${e2e().apiUrl}/${route}?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const { items } = (await response.json()) as { items: { listingId?: string; requirementId?: string }[] };
  const id = items[0]?.listingId ?? items[0]?.requirementId;
  if (!id) throw new Error(`the seed has no ${route}`);
  return id;
}

/** A contact list of the broker's, picking the first brokers of the directory (their cards, logos included). */
async function contactListOf(token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { items } = (await (await fetch(`${e2e().apiUrl}/brokers?limit=6`, { headers })).json()) as { items: { userId: string }[] };
  const response = await fetch(`${e2e().apiUrl}/lists`, { method: 'POST', headers, body: JSON.stringify({ name: 'Sweep picks', members: items.map((b) => b.userId) }) });
  if (!response.ok) throw new Error(`POST /lists: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { list: { listId: string } }).list.listId;
}

async function firstBrokerId(token: string): Promise<string> {
  const response = await fetch(`${e2e().apiUrl}/brokers?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const { items } = (await response.json()) as { items: { userId: string }[] };
  if (!items[0]) throw new Error('the seed has no brokers in the directory');
  return items[0].userId;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('every screen at %s width', (width, viewport) => {
  const phone = width === 'phone';
  /** Every screen's checks: axe, the images, and on a phone the width. */
  const problemsOf = async (page: Page) => [...(await seriousA11yViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`), ...(await layoutProblems(page, { phone }))];
  const swept: string[] = [];
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let details: string[];
  /** A broadcast's signed unsubscribe link: its page shows the stream, the buttons and the subscriptions. */
  let signedUnsubscribe: string;
  /** A reminder's renew link: its page shows what it renews and the button (reading uses nothing). */
  let renewLink: string;

  beforeAll(async () => {
    browser = await openBrowser(viewport);
    const broker = demoLogin('broker');
    const { idToken } = await signInByApi(stackRef(), broker.email, broker.password);
    details = [
      `/consumer/listing/${await firstId('listings', idToken)}`,
      `/consumer/requirement/${await firstId('requirements', idToken)}`,
      `/consumer/brokers/${await firstBrokerId(idToken)}`,
      `/consumer/lists/${await contactListOf(idToken)}`,
    ];
    Object.assign(process.env, e2e().env);
    const { unsubscribeLinks } = await import('../../lambdas/domain/mail/unsubscribe');
    signedUnsubscribe = new URL((await unsubscribeLinks(broker.email, 'office-requirements')).pageUrl).search;
    const { renewLinkUrl } = await import('../../lambdas/domain/renew-links');
    const renewUrl = new URL(await renewLinkUrl({ kind: 'requirement', id: details[1]!.split('/').at(-1)! }, new Date()));
    renewLink = `${renewUrl.pathname}${renewUrl.search}`;
  });
  afterAll(async () => browser?.dispose());

  it('public screens, signed out', async () => {
    const found: { path: string; problems: string[] }[] = [];
    const page = await browser.newPage();
    const visit = screenVisitor(page);
    for (const path of [...publicScreens, `/unsubscribe${signedUnsubscribe}`, renewLink]) {
      await visit(path);
      swept.push(path);
      found.push({ path, problems: await problemsOf(page) });
    }
    expect(found.filter((screen) => screen.problems.length > 0)).toEqual([]);
    await page.close();
  });

  it('consumer screens, as a broker', async () => {
    const found: { path: string; problems: string[] }[] = [];
    const page = await browser.newPage();
    await signIn(page, demoLogin('broker'));
    const visit = screenVisitor(page);
    for (const path of [...consumerScreens, ...details]) {
      await visit(path);
      swept.push(path);
      found.push({ path, problems: await problemsOf(page) });
      const reveal = shownOnRequest[path];
      if (!reveal) continue;
      await page.getByRole('button', { name: reveal }).click();
      await page.getByRole('button', { name: reveal }).waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      found.push({ path: `${path} (${reveal})`, problems: await problemsOf(page) });
    }
    expect(found.filter((screen) => screen.problems.length > 0)).toEqual([]);
    await page.close();
  });

  it('the screens a delegate works on, working for their broker', async () => {
    // Its own browser context: the broker's test before it left that broker signed in in the shared one.
    const context = await openBrowser(viewport);
    try {
      const page = await context.newPage();
      await signIn(page, demoLogin('delegate'));
      await page.getByRole('combobox', { name: 'Working for' }).selectOption({ label: 'Ben Carter' });
      await page.getByText('Working for Ben Carter').waitFor();
      const visit = screenVisitor(page);
      for (const path of ['/consumer/dashboard', '/consumer/my-listings', '/consumer/my-requirements', '/consumer/profile', details[0]!]) {
        await visit(path);
        expect({ path, problems: await problemsOf(page) }).toEqual({ path, problems: [] });
      }
    } finally {
      await context.dispose();
    }
  });

  it('the operator page, as an operator', async () => {
    const context = await openBrowser(viewport);
    try {
      const page = await context.newPage();
      await signIn(page, demoLogin('operator'));
      await screenVisitor(page)('/consumer/operators');
      swept.push('/consumer/operators');
      expect(await problemsOf(page)).toEqual([]);
      for (const tab of ['Delegates', 'Members', 'Exports', 'Audit']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel', { name: tab }).waitFor();
        expect({ tab, problems: await problemsOf(page) }).toEqual({ tab, problems: [] });
      }
    } finally {
      await context.dispose();
    }
  });

  it('the screens swept are every route the app registers', () => {
    const missing = registeredRoutes().filter((route) => !swept.some((path) => routePattern(route).test(path)));
    expect(missing).toEqual([]);
  });
});
