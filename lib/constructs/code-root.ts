import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: esbuild's project root (node_modules, package-lock.json) for every function. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Absolute path of a handler module named relative to the repository (shared/api/routes.ts `entry`),
 * looked up under `codeRoot` (the repository itself; tests may point it at a directory of stand-ins).
 */
export function resolveEntry(codeRoot: string, entry: string, owner: string): string {
  const absolute = path.resolve(codeRoot, entry);
  if (!existsSync(absolute)) {
    throw new Error(`${owner}: handler module ${entry} does not exist (looked for ${absolute}). Create it, or change the entry in shared/api/routes.ts.`);
  }
  return absolute;
}
