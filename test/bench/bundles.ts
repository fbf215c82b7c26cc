import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { bundling, prepareBundling } from '../../lib/constructs/bisn-function';
import { adminFunctions, jobs, routes } from '../../shared/api/routes';

export interface BundleResult {
  id: string;
  entry: string;
  bytes: number;
  /** Median of the cold imports, each in a fresh `node` process: wall and CPU time. */
  importMs: number;
  importCpuMs: number;
  /** The largest contributors (package or project folder → bytes in the bundle). */
  top: [string, number][];
}

/** Every Lambda function's handler module: one per route, one per job, one per admin function. */
export function functionEntries(): { id: string; entry: string }[] {
  return [
    ...routes.map((route) => ({ id: route.id, entry: route.entry })),
    ...jobs.map((job) => ({ id: `job:${job.id}`, entry: job.entry })),
    ...adminFunctions.map((fn) => ({ id: fn.id, entry: fn.entry })),
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
function coldImport(file: string, env: Record<string, string>): { ms: number; cpuMs: number } {
  const script = [
    'const cpu = process.cpuUsage(); const t = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const used = process.cpuUsage(cpu);',
    'console.log(JSON.stringify({ ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 }));',
  ].join(' ');
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env, NODE_NO_WARNINGS: '1' },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    const reason = run.stderr.split('\n').find((line) => /Error/.test(line)) ?? run.stderr.slice(0, 200);
    throw new Error(`importing ${path.basename(file)} failed: ${reason}`);
  }
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as { ms: number; cpuMs: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureBundles(root: string, env: Record<string, string>, runs = 3): Promise<BundleResult[]> {
  // Inside the repository, so a bundle's one external package (sharp) resolves from node_modules as it
  // does from the function's own node_modules on Lambda.
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'bisn-bench-bundles-'));
  try {
    const bundles = await buildBundles(root, outdir);
    // One untimed import first: the first `node` processes of a run pay for a cold file cache.
    coldImport(bundles[0]!.file, env);
    return bundles.map(({ id, entry, file, metafile }) => {
      const imports = Array.from({ length: runs }, () => coldImport(file, env));
      return {
        id,
        entry,
        bytes: statSync(file).size,
        importMs: median(imports.map((i) => i.ms)),
        importCpuMs: median(imports.map((i) => i.cpuMs)),
        top: contributors(metafile),
      };
    });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
