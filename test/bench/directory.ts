import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { DirectoryBroker } from '../../shared/api';
import { buildPath, routeById } from '../../shared/api/routes';
import { markets, propertyTypes, requirementTypes } from '../../shared/catalog';
import { directoryRepository, type DirectoryEntry, type DirectoryFilter } from '../../lambdas/data/directory';
import { firstCallEvent, lambdaBuildOptions } from './bundles';
import { lambdaHeapFlags } from './measure';

const DAY_MS = 24 * 60 * 60 * 1000;
const nth = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** The deal type of the first `exportRows` brokers only: a saved filter on it is a list of exactly that many. */
export const EXPORT_DEAL_TYPE = requirementTypes[0].id;
const OTHER_DEAL_TYPE = requirementTypes[2].id;

/** The filtered page the bench times: one submarket and one property type, the activity order. */
export const benchDirectoryFilter: Required<Pick<DirectoryFilter, 'marketId' | 'propertyTypeId'>> = {
  marketId: markets[0]!.id,
  propertyTypeId: propertyTypes[0]!.id,
};

/**
 * `count` directory entries as refreshDirectory writes them, with activity: one to three markets (with
 * their counties), one or two property types, a deal type (`EXPORT_DEAL_TYPE` for the first `exportRows`),
 * a last activity spread over the past year (every tenth broker has none yet).
 */
export function* directoryEntries(count: number, exportRows: number, now: number): Generator<{ userId: string; entry: DirectoryEntry }> {
  for (let n = 0; n < count; n++) {
    const userId = `bench-directory-${String(n).padStart(5, '0')}`;
    const brokerMarkets = Array.from({ length: 1 + (n % 3) }, (_, k) => nth(markets, n * 7 + k * 11));
    const types = Array.from({ length: 1 + (n % 2) }, (_, k) => nth(propertyTypes, n + k * 3));
    const dealTypeId = n < exportRows ? EXPORT_DEAL_TYPE : OTHER_DEAL_TYPE;
    const broker: DirectoryBroker = {
      userId,
      firstName: nth(['Ana', 'Ben', 'Chloé', 'Dmitri', 'Esther', 'Farid', 'Grace', 'Hiro'], n),
      lastName: `Broker${n}`,
      title: 'Senior Associate',
      phone: `(916) 555-${String(n % 10_000).padStart(4, '0')}`,
      email: `bench-directory-${n}@example.com`,
      photoUrl: null,
      firm: { name: nth(['Capitol Commercial', 'Delta Realty', 'River City Partners', 'Foothill CRE'], n), logoUrl: null },
      propertyTypes: types.map(({ id, name }) => ({ id, name })),
      markets: brokerMarkets.map(({ id, name }) => ({ id, name })),
      dealTypes: [requirementTypes.find((t) => t.id === dealTypeId)!].map(({ id, name }) => ({ id, name })),
      activeListings: n % 5,
      activeRequirements: n % 4,
      lastActiveAt: n % 10 === 9 ? null : new Date(now - (n % 365) * DAY_MS).toISOString(),
    };
    const facets = {
      dealTypeIds: [dealTypeId],
      propertyTypeIds: types.map((t) => t.id),
      areaIds: [...new Set([...brokerMarkets.map((m) => m.id), ...brokerMarkets.map((m) => m.countyId)])],
    };
    yield { userId, entry: { broker, facets } };
  }
}

/** Writes the entries through the directory's own repository (its meta items included), `concurrency` at a time. */
export async function writeDirectory(count: number, exportRows: number, concurrency = 16): Promise<{ items: number; ms: number; perSecond: number }> {
  const started = performance.now();
  const entries = directoryEntries(count, exportRows, Date.now());
  let written = 0;
  const worker = async () => {
    for (let next = entries.next(); !next.done; next = entries.next()) {
      await directoryRepository.replace(next.value.userId, next.value.entry);
      written += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - started;
  return { items: written, ms, perSecond: written / (ms / 1000) };
}

/** The bare read the filtered page is compared with: the repository's page, no gateway, no handler. */
export const bareDirectoryPage = (limit: number) => directoryRepository.page(benchDirectoryFilter, 'activity', limit);

export const directoryPagePath = (limit: number) =>
  `${buildPath(routeById.listBrokers.path)}?marketId=${benchDirectoryFilter.marketId}&propertyTypeId=${benchDirectoryFilter.propertyTypeId}&limit=${limit}`;

/** The memory an export must fit in: the child runs with a Lambda function's heap limits for it. */
export const EXPORT_MEMORY_MB = 128;

export interface ExportRun {
  /** The handler call, cold (right after the import) and warm (a second call in the same process). */
  coldMs: number;
  warmMs: number;
  status: number;
  rows: number;
  /** The process's resident set high-water mark (what Lambda's memory setting is measured against): after the import, the first call, both calls. */
  importRssMb: number;
  firstCallRssMb: number;
  peakRssMb: number;
}

/**
 * The export as its Lambda runs it: the function bundled as CDK bundles it, imported in a fresh `node`
 * process (no tsx, nothing else loaded) with the heap limits Lambda sets for EXPORT_MEMORY_MB, called twice
 * with the API Gateway event of the list's owner.
 */
export async function runExportBundle(root: string, env: Record<string, string>, claims: Record<string, string>, listId: string, format: 'csv' | 'vcard'): Promise<ExportRun> {
  const route = routeById.exportContactList;
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'bisn-bench-export-'));
  try {
    const file = path.join(outdir, 'export.mjs');
    await build({ ...lambdaBuildOptions(root), entryPoints: [path.join(root, route.entry)], outfile: file });
    const event = firstCallEvent(route, claims) as { rawPath: string; pathParameters: Record<string, string>; body: string; requestContext: { http: { path: string } } };
    event.pathParameters = { listId };
    event.rawPath = event.requestContext.http.path = buildPath(route.path, { listId });
    event.body = JSON.stringify({ format });
    const script = [
      "import fs from 'node:fs';",
      "const hwm = () => Number(/VmHWM:\\s+(\\d+)\\s+kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;",
      `const m = await import(${JSON.stringify(pathToFileURL(file).href)});`,
      'const importRssMb = hwm();',
      "const ctx = { awsRequestId: 'bench', functionName: 'bench' };",
      'const event = JSON.parse(process.env.BENCH_EVENT);',
      'let t = performance.now(); const first = await m.handler(event, ctx); const coldMs = performance.now() - t; const firstCallRssMb = hwm();',
      't = performance.now(); await m.handler(event, ctx); const warmMs = performance.now() - t;',
      'const rows = first.statusCode === 200 ? JSON.parse(first.body).rows : 0;',
      'console.log(JSON.stringify({ coldMs, warmMs, status: first.statusCode, rows, importRssMb, firstCallRssMb, peakRssMb: hwm() }));',
      'process.exit(0);',
    ].join(' ');
    const { stdout } = await promisify(execFile)(process.execPath, [...lambdaHeapFlags(EXPORT_MEMORY_MB), '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...env, NODE_NO_WARNINGS: '1', BENCH_EVENT: JSON.stringify(event) },
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 64 * 2 ** 20,
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as ExportRun;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
