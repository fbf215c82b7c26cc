import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { bundling, prepareBundling } from '../../lib/constructs/bisn-function';
import { adminFunctions, buildPath, eventFunctions, jobs, routeById, routes, type RouteDef, type RouteId } from '../../shared/api/routes';

export interface BundleResult {
  id: string;
  entry: string;
  bytes: number;
  /** Median of the cold imports, each in a fresh `node` process: wall and CPU time. */
  importMs: number;
  importCpuMs: number;
  /**
   * Median of the first call right after that import, against the local stack (HTTP routes: a signed-in
   * broker's request, `{}` as the body of a write), and the status it answered; null for jobs and admin
   * functions, whose first run does the work of a whole run.
   */
  firstCallMs: number | null;
  firstCallStatus: number | null;
  /** The largest contributors (package or project folder → bytes in the bundle). */
  top: [string, number][];
}

/** Every Lambda function's handler module: one per route, one per job, one per admin function. */
export function functionEntries(): { id: string; entry: string }[] {
  return [
    ...routes.map((route) => ({ id: route.id, entry: route.entry })),
    ...jobs.map((job) => ({ id: `job:${job.id}`, entry: job.entry })),
    ...adminFunctions.map((fn) => ({ id: fn.id, entry: fn.entry })),
    ...eventFunctions.map((fn) => ({ id: `event:${fn.id}`, entry: fn.entry })),
  ];
}

/**
 * `bundling.esbuildArgs` (CLI flags, as NodejsFunction passes them) as esbuild API options. A flag this
 * does not translate fails the bench rather than measure bundles that differ from the deployed ones.
 */
function esbuildArgsAsOptions(args: Readonly<Record<string, string | boolean | readonly string[]>>): { alias: Record<string, string> } {
  const alias: Record<string, string> = {};
  for (const [flag, value] of Object.entries(args)) {
    if (flag !== '--alias' || !Array.isArray(value)) throw new Error(`test/bench/bundles.ts does not replicate esbuildArgs ${flag}`);
    for (const pair of value as readonly string[]) {
      const [from, to] = pair.split('=');
      if (!from || !to) throw new Error(`malformed --alias ${pair}`);
      alias[from] = to;
    }
  }
  return { alias };
}

/**
 * The esbuild options NodejsFunction builds a function with, from our `bundling` settings
 * (lib/constructs/bisn-function.ts: bundle, node platform, ESM, node22, minified, external source map,
 * sharp external, the createRequire banner, the aliases), with what the aliases point at prepared.
 */
export function lambdaBuildOptions(root: string): BuildOptions {
  prepareBundling();
  return {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: bundling.format,
    target: bundling.target,
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    sourcesContent: bundling.sourcesContent,
    mainFields: bundling.mainFields,
    define: bundling.define,
    external: bundling.externalModules,
    banner: { js: bundling.banner },
    ...esbuildArgsAsOptions(bundling.esbuildArgs),
    logLevel: 'error',
  };
}

/**
 * Builds every function as NodejsFunction does (lambdaBuildOptions). Without code splitting each entry
 * is bundled on its own, so one esbuild call with many entry points gives the same files as one call
 * per function.
 */
export async function buildBundles(root: string, outdir: string): Promise<{ id: string; entry: string; file: string; metafile: Metafile['outputs'][string] }[]> {
  const entries = functionEntries();
  const result = await build({
    ...lambdaBuildOptions(root),
    entryPoints: Object.fromEntries(entries.map(({ id, entry }) => [id.replace(':', '-'), path.join(root, entry)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  });
  return entries.map(({ id, entry }) => {
    const file = path.join(outdir, `${id.replace(':', '-')}.mjs`);
    const output = result.metafile.outputs[path.relative(root, file)];
    if (!output) throw new Error(`esbuild wrote no bundle for ${entry}`);
    return { id, entry, file, metafile: output };
  });
}

/** Bytes in the bundle per npm package (or per project folder), largest first. */
function contributors(output: Metafile['outputs'][string], limit = 4): [string, number][] {
  const byOwner = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    // The SDK clients come from their rewritten copies (lib/constructs/sdk-copies.ts).
    const copy = /bisn-lambda-sdk\/([^/+]+)\+([^/@]+)@/.exec(input);
    const pkg = copy ? `${copy[1]}/${copy[2]}` : (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/'));
    byOwner.set(pkg, (byOwner.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

/**
 * `import()` of the bundle in a fresh Node process with the handler env set, nothing called: wall time
 * and the process's CPU time (which other work on the machine inflates far less).
 */
async function coldImport(file: string, env: Record<string, string>, event?: unknown): Promise<{ ms: number; cpuMs: number; callMs?: number; status?: number }> {
  const script = [
    'const cpu = process.cpuUsage(); const t = performance.now();',
    `const m = await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const used = process.cpuUsage(cpu); const ms = performance.now() - t;',
    'let callMs; let status;',
    "if (process.env.BENCH_EVENT) { const c = performance.now(); const r = await m.handler(JSON.parse(process.env.BENCH_EVENT), { awsRequestId: 'bench', functionName: 'bench' }); callMs = performance.now() - c; status = r?.statusCode; }",
    'console.log(JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000, callMs, status }));',
    // The SDK's keep-alive sockets would hold the process open after a call.
    'process.exit(0);',
  ].join(' ');
  // Asynchronous: the first call talks to the emulators, which answer from this process.
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...env, NODE_NO_WARNINGS: '1', ...(event ? { BENCH_EVENT: JSON.stringify(event) } : {}) },
      encoding: 'utf8',
      timeout: 60_000,
    }));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    const reason = stderr.split('\n').find((line) => /Error/.test(line)) ?? stderr.slice(0, 200);
    throw new Error(`importing ${path.basename(file)} failed: ${reason}`);
  }
  return JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number; cpuMs: number; callMs?: number; status?: number };
}

/**
 * The API Gateway event of one request to `route` by the broker whose token claims are given: path
 * parameters naming the broker, or ids nobody has; `{}` as the body of a write.
 */
export function firstCallEvent(route: RouteDef, claims: Record<string, string>): unknown {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const params = Object.fromEntries(names.map((name) => [name, name === 'userId' || name === 'cognitoId' ? claims.sub! : `bench-missing-${name}`]));
  const write = route.method === 'POST' || route.method === 'PUT';
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: buildPath(route.path, params),
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: params,
    queryStringParameters: {},
    ...(write ? { body: '{}' } : {}),
    isBase64Encoded: false,
    requestContext: {
      requestId: 'bench',
      http: { method: route.method, path: buildPath(route.path, params), sourceIp: '127.0.0.1' },
      ...(route.auth === 'public' ? {} : { authorizer: { jwt: { claims, scopes: [] } } }),
    },
  };
}

const execFileAsync = promisify(execFile);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureBundles(root: string, env: Record<string, string>, claims: Record<string, string>, runs = 3): Promise<BundleResult[]> {
  // Inside the repository, so a bundle's one external package (sharp) resolves from node_modules as it
  // does from the function's own node_modules on Lambda.
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'bisn-bench-bundles-'));
  try {
    const bundles = await buildBundles(root, outdir);
    // One untimed import first: the first `node` processes of a run pay for a cold file cache.
    await coldImport(bundles[0]!.file, env);
    const results: BundleResult[] = [];
    for (const { id, entry, file, metafile } of bundles) {
      const route = routeById[id as RouteId] as RouteDef | undefined;
      const event = route ? firstCallEvent(route, claims) : undefined;
      const imports = [];
      for (let i = 0; i < runs; i++) imports.push(await coldImport(file, env, event));
      results.push({
        id,
        entry,
        bytes: statSync(file).size,
        importMs: median(imports.map((i) => i.ms)),
        importCpuMs: median(imports.map((i) => i.cpuMs)),
        firstCallMs: route ? median(imports.map((i) => i.callMs ?? 0)) : null,
        firstCallStatus: route ? (imports[0]!.status ?? null) : null,
        top: contributors(metafile),
      });
    }
    return results;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
