import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The AWS SDK clients the handlers use. The bundles take each
 * from a rewritten copy (prepareSdkCopies), through an esbuild alias (lib/constructs/bisn-function.ts), so
 * that esbuild can drop what a handler does not call. A client missing here is still bundled, just from
 * node_modules and larger.
 */
export const sdkClients = [
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/client-location',
  '@aws-sdk/client-s3',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-sesv2',
] as const;

/**
 * A client's `schemas/schemas_N.js` declares every shape and operation of the service as a module-scope
 * array, e.g. `export var PutObject$ = [9, n0, _PO, { [_h]: ["PUT", "/{Key+}?x-id=PutObject", 200] }, …]`.
 * esbuild drops an unused declaration only if evaluating it cannot have side effects, and it cannot
 * prove that for a computed key (`[_h]` could be an object whose toString runs code), so every shape
 * with a trait object stayed in every bundle, with all the shapes it references: all of S3's 480 shapes
 * (66 KB minified) for a handler that calls PutObject. The keys are module-scope string constants
 * (`const _h = "http";`), so writing the string in their place is the same object, and esbuild then
 * keeps only the shapes of the operations a handler sends (and the errors, which the file registers).
 */
export function rewriteSchemas(source: string): string {
  const strings = new Map<string, string>();
  for (const [, name, literal] of source.matchAll(/^const (_\w+) = ("(?:[^"\\\n]|\\.)*");$/gm)) strings.set(name!, literal!);
  return source.replace(/([{,]\s*)\[(_\w+)\]:/g, (whole, before: string, name: string) => {
    const literal = strings.get(name);
    return literal === undefined ? whole : `${before}${literal}:`;
  });
}

/**
 * The copy's package.json: what resolution and tree shaking read (entry points, `sideEffects`) and what
 * the client reads at run time (`version`, for the user agent). The client imports its package.json
 * whole, so the full file (scripts and metadata) would land in every bundle.
 */
function trimPackageJson(manifest: Record<string, unknown>): Record<string, unknown> {
  const { name, version, module, sideEffects } = manifest;
  // Only dist-es is copied: `main` (dist-cjs) points at the ES build too.
  return { name, version, main: module, module, sideEffects };
}

/** Changes to the rewriting give new copy folders, so a stale copy is never used. */
const rewriteId = createHash('sha256').update(rewriteSchemas.toString()).update(trimPackageJson.toString()).digest('hex').slice(0, 10);

const readManifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;

/** The copy of `pkg` (installed version, current rewriting), relative to the project root: an alias target. */
export function sdkCopyPath(projectRoot: string, pkg: string): string {
  const { version } = readManifest(path.join(projectRoot, 'node_modules', pkg));
  return `./node_modules/.cache/bisn-lambda-sdk/${pkg.replace('/', '+')}@${String(version)}-${rewriteId}`;
}

/**
 * Writes the copies the aliases point at, once per installed version: package.json (trimmed) and
 * dist-es with the schema files rewritten. The copy's own imports (`@smithy/core`, `@aws-sdk/core`, …)
 * resolve from the project's node_modules, as the original's do; a client with a nested node_modules
 * of its own would resolve differently, so that is refused.
 */
export function prepareSdkCopies(projectRoot: string): void {
  for (const pkg of sdkClients) {
    const target = path.join(projectRoot, sdkCopyPath(projectRoot, pkg));
    if (existsSync(target)) continue;
    const source = path.join(projectRoot, 'node_modules', pkg);
    if (existsSync(path.join(source, 'node_modules'))) {
      throw new Error(`${pkg} has its own node_modules; its copy (lib/constructs/sdk-copies.ts) would resolve other dependency versions`);
    }
    const staging = `${target}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    cpSync(path.join(source, 'dist-es'), path.join(staging, 'dist-es'), { recursive: true });
    writeFileSync(path.join(staging, 'package.json'), JSON.stringify(trimPackageJson(readManifest(source)), null, 2));
    const schemasDir = path.join(staging, 'dist-es', 'schemas');
    for (const file of existsSync(schemasDir) ? readdirSync(schemasDir) : []) {
      if (!/^schemas_\d+\.js$/.test(file)) continue;
      const schemaFile = path.join(schemasDir, file);
      writeFileSync(schemaFile, rewriteSchemas(readFileSync(schemaFile, 'utf8')));
    }
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another process (a parallel synth or bench) finished the same copy first.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(target)) throw error;
    }
  }
}
