import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { buildWebApp, type LocalRuntimeConfig } from '../../lib/local/web';
import type { StackInfo } from '../../lib/local/stack';
import { serveStaticSite } from '../../lib/local/static-site';
import type { BenchStack } from './setup';

export interface WebBuild {
  distDir: string;
  /** Every JS file of the build (path under dist) → its gzip size and the modules it holds. */
  chunks: Map<string, { gzipBytes: number; modules: string[] }>;
}

/** `vite build` of web/ into `distDir` (the project's own config), recording what each chunk holds. */
export async function buildWeb(root: string, distDir: string): Promise<WebBuild> {
  const modulesByFile = new Map<string, string[]>();
  const record: Plugin = {
    name: 'bench-chunk-modules',
    generateBundle(_options, bundle) {
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') modulesByFile.set(file, Object.keys(output.modules));
      }
    },
  };
  await buildWebApp(root, distDir, [record]);
  const chunks = new Map<string, { gzipBytes: number; modules: string[] }>();
  for (const [file, modules] of modulesByFile) {
    chunks.set(file, { gzipBytes: gzipSync(readFileSync(path.join(distDir, file))).length, modules });
  }
  return { distDir, chunks };
}

/** The configuration the deployment would write, with the local stack's endpoints (as lib/local/web serves it). */
export function runtimeConfigOf(stack: StackInfo): LocalRuntimeConfig {
  return {
    apiUrl: stack.urls.api,
    region: stack.env.AWS_REGION!,
    userPoolId: stack.userPoolId,
    userPoolClientId: stack.userPoolClientId,
    assetBaseUrl: stack.env.ASSET_BASE_URL!,
    cognitoEndpoint: stack.urls.cognito,
    stage: 'local',
    mailViewerUrl: stack.urls.ses,
  };
}

export interface RouteJs {
  route: string;
  /** gzip bytes of the JS files the page loaded to its first render: its lazy chunks but the after-render ones. */
  gzipBytes: number;
  files: string[];
  /** What the page loaded after its first render: the chunks holding a library only drawn after it (afterRenderLibraries). */
  afterRenderGzipBytes: number;
  afterRenderFiles: string[];
}

/**
 * The libraries the pages draw only after their first render, through lazy components: the Market page's
 * charts and map (ECharts) once near the screen, the listing's map (pigeon-maps). test/e2e/market.test.ts
 * holds the Market page to it.
 */
const afterRenderLibraries = /node_modules\/(echarts|zrender|pigeon-maps)\//;

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Audits below a full score in the accessibility and best-practices categories (what to fix). */
  findings: string[];
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  /** What moved (Lighthouse's layout-shifts audit), largest first: the element and its share of the CLS. */
  shifts: string[];
}

export interface WebRun {
  routes: RouteJs[];
  lighthouse: LighthouseScores[];
  /** Routes whose page loaded a chunk holding the map library (pigeon-maps). */
  mapRoutes: string[];
}

interface Pages {
  signedOut: { route: string; path: string }[];
  signedIn: { route: string; path: string }[];
  lighthouse: { page: string; path: string; signedIn: boolean }[];
}

/** JS files (under /assets) the page requested since its navigation, the entry and lazy chunks alike. */
async function loadedScripts(page: Page, url: string): Promise<string[]> {
  await page.goto(url, { waitUntil: 'networkidle' });
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  return [...new Set(names.map((name) => new URL(name).pathname.slice(1)).filter((file) => /^assets\/.+\.js$/.test(file)))];
}

/** The layout-shifts audit's items as "<element> <score>", largest first. */
function layoutShifts(details: unknown): string[] {
  const items = (details as { items?: { node?: { selector?: string; nodeLabel?: string }; score?: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => (item.score ?? 0) > 0)
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
    .slice(0, 3)
    .map((item) => `${item.node?.selector ?? item.node?.nodeLabel ?? 'unattributed'} ${(item.score ?? 0).toFixed(3)}`);
}

async function scores(port: number, url: string, page: string): Promise<LighthouseScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The session of the signed-in pages lives in this profile's localStorage.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const findings = ['accessibility', 'best-practices'].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  );
  const metric = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    findings,
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    },
    shifts: layoutShifts(audits['layout-shifts']?.details),
  };
}

/**
 * Serves the build on the stack's site origin and drives one headless Chromium: every route's loaded JS
 * (signed out, then signed in through the login form), and Lighthouse (mobile, simulated throttling) on
 * the listed pages in the same browser profile, so the signed-in ones run with the session.
 */
export async function measureWeb(options: {
  build: WebBuild;
  stack: StackInfo;
  webPort: BenchStack['webPort'];
  login: { email: string; password: string };
  pages: Pages;
}): Promise<WebRun> {
  await options.webPort.release();
  const site = await serveStaticSite(options.build.distDir, runtimeConfigOf(options.stack), options.webPort.port);
  const profile = mkdtempSync(path.join(tmpdir(), 'bisn-bench-chrome-'));
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      userDataDir: profile,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      logLevel: 'silent',
    });
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    const cdp = await page.context().newCDPSession(page);
    // Every route is measured as a first visit: nothing from the HTTP cache.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const routes: RouteJs[] = [];
    const afterRender = new Set([...options.build.chunks].filter(([, c]) => c.modules.some((m) => afterRenderLibraries.test(m))).map(([f]) => f));
    const gzipOf = (files: string[]) => files.reduce((sum, file) => sum + (options.build.chunks.get(file)?.gzipBytes ?? 0), 0);
    const measure = async ({ route, path: routePath }: { route: string; path: string }) => {
      const loaded = await loadedScripts(page, `${site.url}${routePath}`);
      const files = loaded.filter((file) => !afterRender.has(file));
      const afterRenderFiles = loaded.filter((file) => afterRender.has(file));
      routes.push({ route, gzipBytes: gzipOf(files), files, afterRenderGzipBytes: gzipOf(afterRenderFiles), afterRenderFiles });
    };
    const audit = async (signedIn: boolean) => {
      const out: LighthouseScores[] = [];
      for (const target of options.pages.lighthouse.filter((p) => p.signedIn === signedIn)) {
        out.push(await scores(chrome!.port, `${site.url}${target.path}`, target.page));
      }
      return out;
    };

    for (const target of options.pages.signedOut) await measure(target);
    const lighthouseRuns = await audit(false);

    await page.goto(`${site.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(options.login.email);
    await page.getByLabel('Password', { exact: true }).fill(options.login.password);
    await page.getByRole('button', { name: /^(sign in|login|log in)$/i }).click();
    await page.waitForURL('**/consumer/dashboard', { timeout: 30_000 });

    for (const target of options.pages.signedIn) await measure(target);
    lighthouseRuns.push(...(await audit(true)));
    await browser.close();

    const mapFiles = new Set([...options.build.chunks].filter(([, c]) => c.modules.some((m) => /node_modules\/pigeon-maps\//.test(m))).map(([f]) => f));
    const mapRoutes = routes.filter((r) => r.afterRenderFiles.some((f) => mapFiles.has(f))).map((r) => r.route);
    return { routes, lighthouse: lighthouseRuns, mapRoutes };
  } finally {
    chrome?.kill();
    await site.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}
