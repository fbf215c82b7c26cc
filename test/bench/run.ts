import { decodeJwt } from 'jose';
import './quiet-logs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/core/aws';
import { marketOverview } from '../../lambdas/domain/market';
import { env } from '../../lambdas/core/env';
import { listingsRepository } from '../../lambdas/data/listings';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { usersRepository } from '../../lambdas/data/users';
import { REPO_ROOT } from '../../lib/local/state';
import { buildPath, routeById } from '../../shared/api/routes';
import { measureApi, p50Ratio, type ApiContext, type EndpointResult } from './api-latency';
import type { BlastRunResult } from './blast-worker';
import { measureBundles } from './bundles';
import { runChild } from './child';
import { closeAgent, openLatencyClient } from './http';
import { bareDirectoryPage, directoryPagePath, EXPORT_DEAL_TYPE, EXPORT_MEMORY_MB, runExportBundle } from './directory';
import { broadcastLatency } from './jobs';
import { deliverBlast, seedSavedSearches, type DeliveryRun } from './delivery';
import { call, expectOk } from '../api/requirements/support';
import { round, summarise, timeInterleaved, type LatencySummary } from './measure';
import type { MarketJob, MarketSeedResult, MarketTransitionsResult } from './market-worker';
import type { MarketReconcileResult } from './reconcile-worker';
import type { MatchingRunResult } from './matching-worker';
import { bareMatchesPage, brokerMatches, listingCandidates, requirementCandidates, seedMatchingTable } from './matching';
import { Collector, formatTable, writeResults } from './report';
import { ITEMS_PER_UNIT } from './seed';
import type { SeedJob } from './seed-worker';
import { startBenchStack, type BenchStack } from './setup';
import { loadTest } from './throughput';
import { buildWeb, measureWeb } from './web';

/**
 * `npm run bench`: the performance numbers in one run on the embedded stack (within 10 minutes), printed as
 * a table and written to bench/results/<timestamp>.json and bench/results/latest.json. Nothing here asserts
 * on time; a missed target is a row marked MISSED. `npm run bench:scale` (BENCH_SCALE=1) runs the scale runs
 * alone: the API, matching and the Market page at 100k items, the delivery at 10,000 and 50,000 brokers.
 * BENCH_SAMPLES, BENCH_ITEMS and BENCH_PHASES shrink a run while working on the bench.
 */
const SCALE = process.env.BENCH_SCALE === '1';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_ITEMS ?? (SCALE ? 100_000 : 10_000));
const MY_LISTINGS = 10;
const BLAST_BROKERS = 5_000;
const BLAST_LISTINGS = 200;
const DIRECTORY_BROKERS = 5_000;
const EXPORT_ROWS = 2_000;
/** The delivery phase's broker counts: the planner's memory at each, the delivery's targets at each. */
const DELIVERY_BROKERS = (process.env.BENCH_DELIVERY_BROKERS ?? (SCALE ? '10000,50000' : '5000,10000')).split(',').map(Number);
const DELIVERY_LISTINGS = 1_000;
const DELIVERY_SAVED_SEARCHES = 5_000;
/** mails/s, the SES emulator's enforced rate (GetAccount's MaxSendRate) during the delivery phase. */
const DELIVERY_SEND_RATE = 200;
/** The delivery phase's brokers' numbers start here: their addresses are apart from the jobs phase's. */
const DELIVERY_BROKER_NUMBERS = 1_000_000;
const KB = 1024;

type SeedResult = { items: number; ms: number; perSecond: number };
const seed = (job: SeedJob) => runChild<SeedResult>('./seed-worker.ts', job);

async function tableItemCount(): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: env().TABLE_NAME, Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** A token's claims as API Gateway's JWT authorizer hands them to a function (lists as `[a b]`). */
const claimsOf = (token: string) =>
  Object.fromEntries(Object.entries(decodeJwt(token)).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));

const thousands = (n: number) => `${Math.round(n / 1000)}k`;
const ms = (l: LatencySummary) => `${round(l.p50, 2)}/${round(l.p99, 1)} ms`;

function apiRows(out: Collector, small: EndpointResult[], large: EndpointResult[], sizes: [number, number]) {
  for (const [i, s] of small.entries()) {
    const l = large[i]!;
    for (const [size, r] of [[sizes[0], s], [sizes[1], l]] as const) {
      out.atMost(
        'api',
        `${r.endpoint} @${thousands(size)}: gateway/bare p50`,
        p50Ratio(r.gateway, r.bare),
        1.3,
        '×',
        `p50/p99 gateway ${ms(r.gateway)}, bare ${ms(r.bare)}; cpu/call ${round(r.gateway.cpuMs ?? 0, 2)} vs ${round(r.bare.cpuMs ?? 0, 2)} ms`,
      );
    }
    out.atMost('api', `${s.endpoint}: gateway p50 @${thousands(sizes[1])} / @${thousands(sizes[0])}`, p50Ratio(l.gateway, s.gateway), 1.2, '×');
  }
}

/** 1 + 2: the API against its physical limit at a small and a large table, then under load. */
/** The small marketplace (about SMALL items, MY_LISTINGS of them the bench broker's); answers the seed units it used. */
async function seedSmallMarketplace(bench: BenchStack): Promise<{ units: number; count: number }> {
  const base = await tableItemCount();
  const units = Math.floor((SMALL - base) / ITEMS_PER_UNIT);
  const seeded = await seed({ kind: 'marketplace', from: 0, units, ownerIds: bench.ownerIds, myUserId: bench.broker.userId, mine: MY_LISTINGS });
  return { units, count: base + seeded.items };
}

async function apiPhase(out: Collector, bench: BenchStack): Promise<void> {
  const { units: smallUnits, count: smallCount } = await seedSmallMarketplace(bench);
  const newest = await listingsRepository.pagePublished({}, 1);
  const ctx: ApiContext = { apiUrl: bench.stack.urls.api, token: bench.broker.token, myUserId: bench.broker.userId, listingId: newest.items[0]!.listingId };

  const small = await measureApi(ctx, SAMPLES);

  const largeUnits = Math.ceil((LARGE - smallCount) / ITEMS_PER_UNIT);
  const seedLarge = await seed({ kind: 'marketplace', from: smallUnits, units: largeUnits, ownerIds: bench.ownerIds });
  const largeCount = smallCount + seedLarge.items;
  out.info('api', 'seed: items written', seedLarge.items, 'items', `table ${thousands(smallCount)} → ${thousands(largeCount)} items`);
  out.info('api', 'seed: BatchWrite rate', Math.round(seedLarge.perSecond), 'items/s', `${round(seedLarge.ms / 1000)} s; 8 × 25 items in flight, from a child process`);

  const large = await measureApi(ctx, SAMPLES);
  apiRows(out, small, large, [smallCount, largeCount]);
  out.details.api = { samples: SAMPLES, items: { small: smallCount, large: largeCount }, small, large };

  const url = `${bench.stack.urls.api}${buildPath(routeById.listListings.path)}`;
  const load = await loadTest(url, bench.broker.token, 50, 20);
  out.info('load', 'listings list: 50 connections, 20 s', round(load.requestsPerSecond), 'req/s', `${load.requests} requests, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms @${thousands(largeCount)} items`);
  out.atMost('load', 'listings list: errors + non-2xx', load.errors + load.non2xx, 0, 'responses');
  out.details.load = load;
}

/**
 * 3: every Lambda bundle as CDK builds it: its size (information), its cold import and, for the API's
 * functions, the first call after it against the local stack. Target: cold import + first call ≤ 150 ms.
 */
async function bundlePhase(out: Collector, bench: BenchStack): Promise<void> {
  const claims = claimsOf(bench.broker.token);
  const bundles = await measureBundles(REPO_ROOT, bench.stack.env, claims);
  for (const b of bundles) {
    const top = b.top.map(([name, bytes]) => `${name} ${Math.round(bytes / KB)}`).join(', ');
    const call = b.firstCallMs === null ? 'no first call (a job or operator command)' : `first call ${Math.round(b.firstCallMs)} ms (answered ${b.firstCallStatus})`;
    out.info('bundles', b.id, round(b.bytes / KB), 'KB', `import ${Math.round(b.importMs)} ms (cpu ${Math.round(b.importCpuMs)}) · ${call} · ${top}`);
  }
  const imports = bundles.map((b) => b.importMs).sort((a, b) => a - b);
  const slowest = bundles.reduce((a, b) => (b.importMs > a.importMs ? b : a));
  out.atMost('bundles', 'cold import, median of all bundles', Math.round(imports[Math.floor(imports.length / 2)]!), 150, 'ms');
  out.info('bundles', 'cold import, slowest bundle', Math.round(slowest.importMs), 'ms', slowest.id);
  const api = bundles.filter((b) => b.firstCallMs !== null).map((b) => ({ id: b.id, ms: b.importMs + b.firstCallMs! }));
  const sorted = api.map((a) => a.ms).sort((a, b) => a - b);
  const worst = api.reduce((a, b) => (b.ms > a.ms ? b : a));
  out.atMost('bundles', 'API functions: cold import + first call, median', Math.round(sorted[Math.floor(sorted.length / 2)]!), 150, 'ms');
  out.info('bundles', 'API functions: cold import + first call, slowest', Math.round(worst.ms), 'ms', worst.id);
  out.details.bundles = bundles;
}

/** 4: the web app's JS per route, the map's place, Lighthouse. */
async function webPhase(out: Collector, bench: BenchStack): Promise<void> {
  const distDir = mkdtempSync(path.join(tmpdir(), 'bisn-bench-web-'));
  try {
    // Run alone (BENCH_PHASES=web), the web phase seeds the small marketplace the api phase would have.
    if ((await listingsRepository.pagePublished({}, 1)).items.length === 0) await seedSmallMarketplace(bench);
    const listingId = (await listingsRepository.pagePublished({}, 1)).items[0]!.listingId;
    const requirementId = (await requirementsRepository.pageSent({}, 1)).items[0]!.requirementId;
    const build = await buildWeb(REPO_ROOT, distDir);
    const run = await measureWeb({
      build,
      stack: bench.stack,
      webPort: bench.webPort,
      login: { email: bench.broker.email, password: bench.broker.password },
      pages: {
        signedOut: [
          { route: 'landing', path: '/' },
          { route: 'login', path: '/login' },
          { route: 'signup', path: '/signup' },
          { route: 'forgot password', path: '/forgotPassword' },
          { route: 'terms', path: '/termsAndConditions' },
          { route: 'unsubscribe', path: '/unsubscribe' },
        ],
        signedIn: [
          { route: 'dashboard', path: '/consumer/dashboard' },
          { route: 'listings browse', path: '/consumer/listings' },
          { route: 'listing detail', path: `/consumer/listing/${listingId}` },
          { route: 'my listings', path: '/consumer/my-listings' },
          { route: 'requirements browse', path: '/consumer/requirements' },
          { route: 'requirement detail', path: `/consumer/requirement/${requirementId}` },
          { route: 'my requirements', path: '/consumer/my-requirements' },
          { route: 'profile', path: '/consumer/profile' },
          // The Market page draws ECharts after its first render (its row's note gives the chunks it loads after).
          { route: 'brokers', path: '/consumer/brokers' },
          { route: 'saved searches', path: '/consumer/saved-searches' },
          { route: 'market', path: '/consumer/market' },
        ],
        lighthouse: [
          { page: 'landing', path: '/', signedIn: false },
          { page: 'login', path: '/login', signedIn: false },
          { page: 'listings browse', path: '/consumer/listings', signedIn: true },
          { page: 'listing detail', path: `/consumer/listing/${listingId}`, signedIn: true },
          { page: 'market', path: '/consumer/market', signedIn: true },
        ],
      },
    });
    for (const r of run.routes) {
      const limit = r.route === 'landing' ? 100 : 200;
      const top = [...r.files]
        .sort((a, b) => build.chunks.get(b)!.gzipBytes - build.chunks.get(a)!.gzipBytes)
        .slice(0, 4)
        .map((f) => `${path.basename(f).replace(/-[\w-]{8}\.js$/, '')} ${round(build.chunks.get(f)!.gzipBytes / KB)}`)
        .join(', ');
      const after = r.afterRenderFiles.length ? ` · after it ${round(r.afterRenderGzipBytes / KB)} KB (${r.afterRenderFiles.map((f) => path.basename(f).replace(/-[\w-]{8}\.js$/, '')).join(', ')})` : '';
      out.atMost('web', `${r.route}: gzip JS to first render`, round(r.gzipBytes / KB), limit, 'KB', `${r.files.length} files · ${top}${after}`);
    }
    out.add({
      section: 'web',
      metric: 'map (pigeon-maps) loaded on',
      value: run.mapRoutes.join(', ') || 'no route',
      target: 'listing detail only',
      ok: run.mapRoutes.length === 1 && run.mapRoutes[0] === 'listing detail',
    });
    for (const lh of run.lighthouse) {
      const note = `FCP ${lh.metrics.fcpMs} ms, LCP ${lh.metrics.lcpMs} ms, TBT ${lh.metrics.tbtMs} ms, CLS ${lh.metrics.cls}`;
      out.atLeast('lighthouse', `${lh.page}: performance`, lh.performance, 95, '', note, true);
      // Layout stability on its own: unlike the performance score (which this machine's CPU sets), it is the
      // code's alone. 0.1 is the web's "good"; the note names what moved.
      out.atMost('lighthouse', `${lh.page}: layout shift (CLS)`, lh.metrics.cls, 0.1, '', lh.shifts.join('; '));
      out.atLeast('lighthouse', `${lh.page}: accessibility`, lh.accessibility, 95, '', lh.findings.filter((f) => f.startsWith('accessibility')).join(', '));
      out.atLeast('lighthouse', `${lh.page}: best practices`, lh.bestPractices, 95, '', lh.findings.filter((f) => f.startsWith('best')).join(', '));
    }
    out.details.web = run;
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
}

/** 5: the weekday blast to 5,000 brokers with 200 queued listings, and the requirement broadcast. */
async function jobsPhase(out: Collector, bench: BenchStack): Promise<void> {
  const small = await broadcastLatency(bench, bench.broker);
  let active = 0;
  for await (const _ of usersRepository.allByStatus('active')) active += 1;
  out.info('jobs', `requirement broadcast: create → sent (${active} brokers)`, round(small.ms / 1000, 2), 's', `${small.mailed} mailed; broadcast job every 5 s as the local scheduler runs it`);

  await seed({ kind: 'brokers', from: 0, count: BLAST_BROKERS - active });
  await seed({ kind: 'queued', count: BLAST_LISTINGS, ownerIds: bench.ownerIds });
  // The emulator keeps every mail in this process's memory; real SES does not. Emptied while the blast runs.
  const clearStore = () => fetch(`${bench.stack.urls.ses}/clear-store`, { method: 'POST' }).then(() => undefined, () => undefined);
  const clearing = setInterval(() => void clearStore(), 1000);
  let blast: BlastRunResult;
  const emulatorCpu = process.cpuUsage();
  try {
    blast = await runChild<BlastRunResult>('./blast-worker.ts', {});
  } finally {
    clearInterval(clearing);
    await clearStore();
  }
  const emulators = process.cpuUsage(emulatorCpu);
  const run = blast.report.runs[0];
  out.atMost('jobs', `blast: ${BLAST_BROKERS} brokers × ${BLAST_LISTINGS} listings, wall`, round(blast.wallMs / 1000, 1), 30, 's', `planner only: ${run?.batches ?? 0} batches enqueued, run ${run?.state ?? blast.report.status}; cpu: blast ${round(blast.cpuMs / 1000, 1)} s, emulators ${round((emulators.user + emulators.system) / 1e6, 1)} s`);
  out.info('jobs', 'blast: SES SendEmail calls', blast.sesCalls, 'calls');
  out.atMost('jobs', 'blast: peak RSS (its own process)', round(blast.peakRssMb), 512, 'MB', `peak heap ${round(blast.peakHeapMb)} MB`);
  out.details.blast = blast;

  const large = await broadcastLatency(bench, bench.broker);
  out.info('jobs', `requirement broadcast: create → sent (${BLAST_BROKERS} brokers)`, round(large.ms / 1000, 2), 's', `${large.mailed} mailed`);
  out.details.broadcast = { small, large };
}

/** 6: matching at LARGE active requirements and LARGE published listings (100k each in bench:scale), and the Matches page. */
async function matchingPhase(out: Collector, bench: BenchStack): Promise<void> {
  const now = Date.now();
  const requirements = await seedMatchingTable(requirementCandidates(LARGE, bench.ownerIds, now));
  const listings = await seedMatchingTable(listingCandidates(LARGE, bench.ownerIds));
  out.info('matching', 'seed: candidate items', requirements.items + listings.items, 'items', `${thousands(LARGE)} requirements (1–3 markets each) and ${thousands(LARGE)} listings`);

  const runs = Number(process.env.BENCH_MATCH_RUNS ?? 100);
  const result = await runChild<MatchingRunResult>('./matching-worker.ts', { runs, ownerId: bench.broker.userId });
  for (const [kind, series] of [['a listing published', result.listing], ['a requirement sent', result.requirement]] as const) {
    const time = summarise(series.ms);
    const reads = summarise(series.read);
    out.atMost('matching', `${kind}: matching p50`, round(time.p50), 300, 'ms', `against ${thousands(LARGE)}; ${runs} runs`);
    out.atMost('matching', `${kind}: matching p99`, round(time.p99), 1000, 'ms');
    out.info('matching', `${kind}: items read per run (p50/p99)`, `${reads.p50}/${reads.p99}`, 'items', `matches per run p50 ${summarise(series.matches).p50}: only the candidate partitions of its property type and markets`);
  }
  out.atMost('matching', 'matching: peak RSS (its own process)', round(result.peakRssMb), 256, 'MB');

  // The Matches page: the bench broker's page among LARGE match items.
  const mine = 200;
  await seedMatchingTable(brokerMatches(bench.broker.userId, bench.ownerIds, mine));
  await seedMatchingTable(brokerMatches(bench.ownerIds[0]!, bench.ownerIds, LARGE - mine));
  const client = await openLatencyClient(bench.stack.urls.api);
  try {
    const path = `${buildPath(routeById.listMatches.path)}?limit=${mine}`;
    const [gateway, bare] = await timeInterleaved([() => client.getOk(path, bench.broker.token), () => bareMatchesPage(bench.broker.userId, mine)], SAMPLES);
    out.atMost('matching', `Matches page @${thousands(LARGE)}: gateway/bare p50`, p50Ratio(gateway!, bare!), 1.3, '×', `p50/p99 gateway ${ms(gateway!)}, bare ${ms(bare!)}; ${mine} matches a page`);
  } finally {
    client.close();
  }
  out.details.matching = result;
}

/**
 * 7: the broker directory at 5,000 listed brokers with activity: a filtered page against the
 * bare Query of the same page, and a 2,000-row export as its Lambda runs it (time and memory).
 */
async function directoryPhase(out: Collector, bench: BenchStack): Promise<void> {
  const seeded = await seed({ kind: 'directory', count: DIRECTORY_BROKERS, exportRows: EXPORT_ROWS });
  out.info('directory', 'seed: listed brokers', seeded.items, 'brokers', `${round(seeded.ms / 1000)} s through the directory's repository`);

  const limit = 25;
  const client = await openLatencyClient(bench.stack.urls.api);
  try {
    const [gateway, bare] = await timeInterleaved([() => client.getOk(directoryPagePath(limit), bench.broker.token), () => bareDirectoryPage(limit)], SAMPLES);
    out.atMost('directory', `filtered page (submarket + property type) @${thousands(DIRECTORY_BROKERS)}: gateway/bare p50`, p50Ratio(gateway!, bare!), 1.3, '×', `p50/p99 gateway ${ms(gateway!)}, bare ${ms(bare!)}; ${limit} brokers a page`);
  } finally {
    client.close();
  }

  const { list } = await expectOk<{ list: { listId: string } }>(
    call(bench.stack, bench.broker.token, 'createContactList', { body: { name: 'Bench export', filter: { dealTypeId: EXPORT_DEAL_TYPE } } }),
  );
  const claims = claimsOf(bench.broker.token);
  for (const format of ['csv', 'vcard'] as const) {
    const run = await runExportBundle(REPO_ROOT, bench.stack.env, claims, list.listId, format);
    const note = `${run.rows} rows (answered ${run.status}); warm call ${Math.round(run.warmMs)} ms; its bundle in a fresh node process`;
    out.atMost('directory', `export ${format}, ${EXPORT_ROWS} rows: cold call`, round(run.coldMs / 1000, 2), 2, 's', note);
    out.atMost('directory', `export ${format}, ${EXPORT_ROWS} rows: peak RSS`, round(run.peakRssMb), EXPORT_MEMORY_MB, 'MB', `after the import ${round(run.importRssMb)} MB, after the first call ${round(run.firstCallRssMb)} MB`);
    out.details[`export-${format}`] = run;
  }
}

/**
 * 8: the Market page at LARGE listings and LARGE requirements (100k each in bench:scale) (a tenth closed in the last 13 weeks):
 * its API's p50 and the items it reads; then transitions through the domain and, in a process of its own, the nightly reconciliation,
 * its time and memory, and whether the aggregates equal its from-scratch recount.
 */
async function marketPhase(out: Collector, bench: BenchStack): Promise<void> {
  const market = (job: MarketJob) => runChild<MarketSeedResult | MarketTransitionsResult>('./market-worker.ts', job);
  const seeded = (await market({ kind: 'seed', count: LARGE, ownerIds: bench.ownerIds, sample: 100 })) as MarketSeedResult;
  out.info('market', 'seed: items written', seeded.items, 'items', `${thousands(LARGE)} listings and ${thousands(LARGE)} requirements (1–3 markets each) in ${round(seeded.ms / 1000)} s; ${seeded.cells} cells`);

  const query = { area: 'placer', propertyTypeId: 'office' } as const;
  const { itemsRead } = await marketOverview(query);
  const client = await openLatencyClient(bench.stack.urls.api);
  try {
    const path = `${buildPath(routeById.getMarket.path)}?area=${query.area}&propertyTypeId=${query.propertyTypeId}`;
    const [gateway, bare] = await timeInterleaved([() => client.getOk(path, bench.broker.token), () => marketOverview(query)], SAMPLES, 50);
    out.atMost('market', `Market API @${thousands(LARGE)}+${thousands(LARGE)}: gateway p50`, round(gateway!.p50, 1), 50, 'ms', `p50/p99 gateway ${ms(gateway!)}, bare ${ms(bare!)}`);
    out.info('market', 'Market API: aggregate items read per call', itemsRead, 'items', "never a listing or requirement: 43 + 11 cells' counts, 1 cell's counts and histograms, 52 weeks at most");
  } finally {
    client.close();
  }

  const changed = (await market({ kind: 'transitions', ids: { listings: seeded.listings, requirements: seeded.requirements } })) as MarketTransitionsResult;
  out.info('market', `write path: ${changed.transitions} leased/filled through the domain`, round(changed.ms / changed.transitions, 1), 'ms each');
  // The job's handler in a process of its own, as its Lambda runs it: its peak memory is its own.
  const run = await runChild<MarketReconcileResult>('./reconcile-worker.ts', {});
  const { report } = run;
  out.info('market', 'reconciliation: time', round(run.ms / 1000, 1), 's', `read ${report.read.listings} listings, ${report.read.requirements} requirements; ${report.cells} cells`);
  out.atMost('market', 'reconciliation: peak RSS (its own process)', round(run.peakRssMb), 512, 'MB');
  out.atMost('market', 'aggregates ≠ from-scratch recount (cells drifted + stale items)', report.driftedCells + report.staleItems, 0, 'cells', `${report.driftedValues} values drifted, ${report.busyCells} busy`);
  out.details.market = { seeded: { items: seeded.items, cells: seeded.cells, ms: seeded.ms }, itemsRead, transitions: changed, reconcile: run };
}

/**
 * 9: the weekday blast through the delivery queue, at DELIVERY_BROKERS brokers × 1,000 queued
 * listings with 5,000 saved searches, the SES emulator enforcing 200 mails/s: every broker with something to
 * receive gets exactly one digest, the wall time, the workers' peak memory, and the planner's memory at
 * each size (flat in the number of brokers). Last: the enforced send rate stays on the emulator.
 */
async function deliveryPhase(out: Collector, bench: BenchStack): Promise<void> {
  const rate = await fetch(`${bench.stack.urls.ses}/account`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ maxSendRate: DELIVERY_SEND_RATE }) });
  if (!rate.ok) throw new Error(`SES emulator refused the send rate: ${rate.status}`);
  const planners: { brokers: number; run: DeliveryRun }[] = [];
  for (const [i, brokers] of DELIVERY_BROKERS.entries()) {
    let active = 0;
    for await (const _ of usersRepository.allByStatus('active')) active += 1;
    if (brokers > active) {
      const seeded = await seed({ kind: 'brokers', from: DELIVERY_BROKER_NUMBERS + active, count: brokers - active });
      out.info('delivery', `seed: brokers → ${thousands(brokers)}`, seeded.items, 'items', `${round(seeded.ms / 1000)} s`);
    }
    if (i === 0) {
      const started = performance.now();
      const searches = await seedSavedSearches(DELIVERY_SAVED_SEARCHES);
      out.info('delivery', 'seed: saved searches', searches, 'searches', `${round((performance.now() - started) / 1000)} s through the repository`);
    }
    await seed({ kind: 'queued', count: DELIVERY_LISTINGS, ownerIds: bench.ownerIds });
    const run = await deliverBlast(bench.stack, i);
    planners.push({ brokers, run });
    const label = `${brokers.toLocaleString('en-US')} brokers × ${DELIVERY_LISTINGS.toLocaleString('en-US')} listings`;
    const seconds = run.wallMs / 1000;
    const limit = 1.2 * (run.mails / DELIVERY_SEND_RATE) + 30;
    out.atMost('delivery', `${label}: brokers without exactly one digest`, run.missing + run.duplicates + run.unexpected, 0, 'brokers', `${run.expected} expected, ${run.mails} sent; missing ${run.missing}, twice ${run.duplicates}, not expected ${run.unexpected}; ledger ${run.ledger}`);
    out.atMost('delivery', `${label}: wall`, round(seconds), round(limit), 's', `≤ 1.2 × ${run.mails} mails ÷ ${DELIVERY_SEND_RATE}/s + 30 s; planner ${round(run.planner.wallMs / 1000)} s, ${run.planner.report.runs.at(-1)?.batches ?? 0} batches; digests from ${round(run.firstDigestMs / 1000)} s to ${round(run.digestsMs / 1000)} s, then publishing`);
    out.info('delivery', `${label}: mails/s achieved vs set rate`, round(run.mails / seconds), 'mails/s', `set ${DELIVERY_SEND_RATE}/s (the workers pace to its share less the headroom); SES refused ${run.workers.reduce((n, w) => n + w.throttled, 0)} sends for the rate`);
    const worst = Math.max(...run.workers.map((w) => w.peakRssMb));
    out.atMost('delivery', `${label}: peak RSS of a worker`, round(worst), 256, 'MB', `${run.workers.length} workers; peak heap ${round(Math.max(...run.workers.map((w) => w.peakHeapMb)))} MB; cpu ${run.workers.map((w) => round(w.cpuMs / 1000)).join(' + ')} s`);
    out.info('delivery', `${label}: planner peak RSS`, round(run.planner.peakRssMb), 'MB', `peak heap ${round(run.planner.peakHeapMb)} MB`);
  }
  if (planners.length > 1) {
    const [small, large] = [planners[0]!, planners.at(-1)!];
    out.atMost('delivery', `planner peak heap @${thousands(large.brokers)} / @${thousands(small.brokers)} brokers`, round(large.run.planner.peakHeapMb / small.run.planner.peakHeapMb, 2), 1.25, '×', `${round(small.run.planner.peakHeapMb)} → ${round(large.run.planner.peakHeapMb)} MB heap, RSS ${round(small.run.planner.peakRssMb)} → ${round(large.run.planner.peakRssMb)} MB`);
  }
  out.details.delivery = planners.map(({ brokers, run }) => ({ brokers, ...run, workers: run.workers.map(({ accepted: _a, ...w }) => w) }));
}

async function main() {
  const out = new Collector();
  const bench = await startBenchStack();
  const phases: [string, (out: Collector, bench: BenchStack) => Promise<void>][] = [
    ['bundles', bundlePhase],
    ['api', apiPhase],
    ['web', webPhase],
    ['jobs', jobsPhase],
    ['matching', matchingPhase],
    ['directory', directoryPhase],
    ['market', marketPhase],
    ['delivery', deliveryPhase],
  ];
  // The phases whose sizes scale; BENCH_PHASES=bundles,web runs only those phases (while working on one of them).
  const only = process.env.BENCH_PHASES?.split(',') ?? (SCALE ? ['api', 'matching', 'market', 'delivery'] : undefined);
  try {
    for (const [name, phase] of phases.filter(([name]) => !only || only.includes(name))) {
      const started = performance.now();
      process.stdout.write(`bench: ${name}…`);
      out.startPhase();
      await phase(out, bench).catch((error: unknown) => out.failed(name, error));
      process.stdout.write(` ${round((performance.now() - started) / 1000)} s\n`);
    }
  } finally {
    closeAgent();
    await bench.stack.stop();
    await bench.webPort.release();
  }
  const result = out.finish();
  console.log(`\n${formatTable(result)}`);
  console.log(`\nwritten to ${path.relative(process.cwd(), writeResults(result, REPO_ROOT))}`);
}

await main();
