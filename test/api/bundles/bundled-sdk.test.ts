import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../lib/constructs/code-root';
import { lambdaBuildOptions } from '../../bench/bundles';
import { fileStack } from '../file-stack';

const stack = await fileStack();
// Inside node_modules, so the bundle resolves its packages; a fresh `npm ci` has no .cache folder yet.
const cacheDir = path.join(repoRoot, 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const outdir = mkdtempSync(path.join(cacheDir, 'bisn-bundled-sdk-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * The other api tests run the handlers unbundled; the Lambda bundles swap the SDK's credential chain
 * and take the clients from rewritten copies (lib/constructs/bisn-function.ts `bundleAliases`). This
 * bundles sdk-calls.ts with those settings and runs it in a fresh Node process with the handler env, as
 * Lambda would: credentials only in the environment. S3 goes through lambdas/core/images-bucket.ts (the
 * S3 client and the presigned POST of the SDK).
 */
describe('the SDK as bundled for Lambda', () => {
  const bundle = path.join(outdir, 'sdk-calls.mjs');
  const runBundle = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--input-type=module', '-e', `await (await import(${JSON.stringify(pathToFileURL(bundle).href)})).run();`], {
      env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  beforeAll(async () => {
    await build({ ...lambdaBuildOptions(repoRoot), entryPoints: [path.join(repoRoot, 'test/api/bundles/sdk-calls.ts')], outfile: bundle });
  });

  it('talks to every service the handlers use, modelled errors included', async () => {
    // Async: the emulators answer from this process.
    const { stdout } = await runBundle(stack.env);
    expect(stdout.trim().split('\n')).toEqual([
      'ok dynamodb get',
      'ok dynamodb query',
      'ok dynamodb ConditionalCheckFailedException',
      'ok s3 get',
      'ok s3 list',
      'ok s3 missing object',
      'ok s3 presigned post',
      'ok s3 delete objects',
      'ok ses send',
      'ok ses suppression NotFoundException',
      'ok ses suppression lifted',
      'ok cognito UserNotFoundException',
    ]);
  });

  it('holds the S3 client from its tree-shaken copy, and the presigned POST', () => {
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.includes('bisn-lambda-sdk/@aws-sdk+client-s3@'))).toBe(true);
    expect(map.sources.some((source) => /@aws-sdk[/+]s3-presigned-post/.test(source))).toBe(true);
  });

  it('takes credentials from the environment only', async () => {
    const { AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, AWS_SESSION_TOKEN: _token, ...withoutCredentials } = stack.env;
    const failure = await runBundle(withoutCredentials).catch((error: { stderr: string }) => error);
    expect((failure as { stderr?: string }).stderr).toContain('Unable to find environment variable credentials');
  });
});
