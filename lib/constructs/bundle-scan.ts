import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** What one handler entry is made of, as esbuild sees it. */
export interface EntryScan {
  /** Packages the entry's own code imports (statically or dynamically), e.g. `zod`, `@aws-sdk/client-dynamodb`, `sharp`. */
  readonly packageImports: ReadonlySet<string>;
  /** Project files (relative to the project root) the bundle is built from: sources, JSON. */
  readonly sourceFiles: readonly string[];
}

const cache = new Map<string, ReadonlyMap<string, EntryScan>>();

/**
 * One esbuild pass over all entries with every package left external: only our own modules are read,
 * nothing is written, and it takes a second for forty entries. It tells which functions need a native
 * module, and what their bundles depend on (see sourceFingerprint).
 */
export function scanEntries(entries: readonly string[], projectRoot: string): ReadonlyMap<string, EntryScan> {
  const key = [projectRoot, ...[...entries].sort()].join('\n');
  const cached = cache.get(key);
  if (cached) return cached;
  const result = buildSync({
    entryPoints: [...entries],
    absWorkingDir: projectRoot,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outdir: path.join(projectRoot, 'cdk.out', '.scan'),
    logLevel: 'silent',
  });
  const scans = new Map<string, EntryScan>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    scans.set(path.resolve(projectRoot, output.entryPoint), {
      packageImports: new Set(output.imports.filter((i) => i.external).map((i) => packageName(i.path))),
      sourceFiles: Object.keys(output.inputs).sort(),
    });
  }
  cache.set(key, scans);
  return scans;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Files outside the import graph that still shape every bundle: dependency versions, compiler settings. */
const sharedInputs = ['package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];

/**
 * A content hash of everything a function's bundle is made from: its source files, the lock file (every
 * package version, esbuild's and CDK's included), the TypeScript settings, `settings` (the bundling
 * options) and `extraFiles` (project files the bundle reads outside the entry's import graph). Used as
 * the asset hash, so a synth whose cdk.out already holds the asset skips esbuild.
 */
export function sourceFingerprint(scan: EntryScan, projectRoot: string, settings: unknown, extraFiles: readonly string[] = []): string {
  const hash = createHash('sha256').update(JSON.stringify(settings));
  for (const file of [...sharedInputs, ...extraFiles, ...scan.sourceFiles]) {
    hash.update(`\0${file}\0`).update(readFileSync(path.join(projectRoot, file)));
  }
  return hash.digest('hex');
}
