import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeById } from '../../shared/api/routes';
import { httpProfile, imageProcessingProfile } from '../../lib/config/functions';
import { BisnFunction, type FunctionTargets } from '../../lib/constructs/bisn-function';
import { repoRoot, resolveEntry } from '../../lib/constructs/code-root';
import { scanEntries } from '../../lib/constructs/bundle-scan';
import { sdkClients, sdkCopyPath } from '../../lib/constructs/sdk-copies';
import { codeRoot, resourcesOf } from './synth';

/**
 * Real bundling, offline and without Docker, of two handlers: one that imports sharp and one that does
 * not. Then each bundle is loaded from a directory outside the repository, as Lambda would load it.
 */
const plainRoute = routeById.getUserByCognitoId;
const sharpRoute = routeById.finaliseProfileImage;
const entries = [plainRoute, sharpRoute].map((route) => path.join(codeRoot, route.entry));

const lambdaEnvironment = {
  TABLE_NAME: 'table',
  IMAGES_BUCKET: 'images',
  ASSET_BASE_URL: 'https://d111.cloudfront.net/images',
  SITE_URL: 'https://d111.cloudfront.net',
  API_URL: 'https://d111.cloudfront.net/api',
  MAIL_FROM: 'BISN <no-reply@bisn.example>',
  USER_POOL_ID: 'us-west-2_abc',
  UNSUBSCRIBE_SECRET_ARN: 'arn:aws:secretsmanager:us-west-2:123456789012:secret:key',
  GEOCODER: 'amazon-location',
  PLACE_INDEX_NAME: 'places',
  LOG_LEVEL: 'ERROR',
};

describe('bundling', () => {
  it('bundles entries that exist (a missing one fails, never skips)', () => {
    expect(entries.filter((entry) => !existsSync(entry))).toEqual([]);
  });

  let assetDirs: Record<'plain' | 'sharp', string>;
  let architectures: Record<'plain' | 'sharp', string>;

  beforeAll(() => {
    const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
    const app = new App({ outdir: mkdtempSync(path.join(os.tmpdir(), 'bisn-bundle-')), builtinCloudFormationValidation: false, context: cdkJson.context });
    const stack = new Stack(app, 'Bundling', { env: { region: 'us-west-2' } });
    const targets: FunctionTargets = {
      table: new TableV2(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
      tableIndexes: [],
      imagesBucket: new Bucket(stack, 'Images'),
      userPoolArn: 'arn:aws:cognito-idp:us-west-2:123456789012:userpool/us-west-2_abc',
      mail: { identityArn: 'arn:aws:ses:us-west-2:123456789012:identity/bisn.example', configurationSetArn: 'arn:aws:ses:us-west-2:123456789012:configuration-set/c', sandbox: false },
      unsubscribeSecret: new Secret(stack, 'Key'),
      placeIndexArn: 'arn:aws:geo:us-west-2:123456789012:place-index/places',
    };
    const scans = scanEntries(entries, repoRoot);
    const make = (id: 'plain' | 'sharp', route: typeof plainRoute | typeof sharpRoute) => {
      const entry = resolveEntry(codeRoot, route.entry, route.id);
      return new BisnFunction(stack, id, {
        entry,
        description: route.id,
        profile: id === 'sharp' ? imageProcessingProfile : httpProfile,
        capabilities: [],
        targets,
        environment: lambdaEnvironment,
        scan: scans.get(entry)!,
        logRetention: RetentionDays.ONE_DAY,
        removalPolicy: RemovalPolicy.DESTROY,
      }).function;
    };
    const functions = { plain: make('plain', plainRoute), sharp: make('sharp', sharpRoute) };
    const assembly = app.synth();
    const template = Template.fromStack(stack);
    const fnResources = resourcesOf(template, 'AWS::Lambda::Function');
    const resourceOf = (id: 'plain' | 'sharp') => fnResources.find((r) => r.logicalId === stack.getLogicalId(functions[id].node.defaultChild as CfnFunction))!;
    const assetDir = (id: 'plain' | 'sharp') => {
      const key = String((resourceOf(id).properties.Code as { S3Key: string }).S3Key);
      return path.join(assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
    };
    assetDirs = { plain: assetDir('plain'), sharp: assetDir('sharp') };
    architectures = {
      plain: (resourceOf('plain').properties.Architectures as string[])[0]!,
      sharp: (resourceOf('sharp').properties.Architectures as string[])[0]!,
    };
  }, 180_000);

  it('finds sharp imported by the image handler only, and the sources each bundle is made of', () => {
    const [plain, withSharp] = entries.map((entry) => scanEntries(entries, repoRoot).get(entry)!);
    expect(withSharp!.packageImports.has('sharp')).toBe(true);
    expect(plain!.packageImports.has('sharp')).toBe(false);
    expect(plain!.packageImports.has('zod')).toBe(true);
    expect(plain!.sourceFiles).toContain(plainRoute.entry);
    expect(plain!.sourceFiles).toContain('lambdas/core/env.ts');
  });

  it('makes a minified ESM bundle with a source map, on arm64, without node_modules', () => {
    expect(existsSync(path.join(assetDirs.plain, 'index.mjs'))).toBe(true);
    expect(existsSync(path.join(assetDirs.plain, 'index.mjs.map'))).toBe(true);
    expect(existsSync(path.join(assetDirs.plain, 'node_modules'))).toBe(false);
    expect(architectures.plain).toBe('arm64');
  });

  it("replaces the SDK's default credential chain with the environment provider (bundleAliases)", () => {
    const code = readFileSync(path.join(assetDirs.plain, 'index.mjs'), 'utf8');
    expect(code).toContain('Unable to find environment variable credentials');
    // Links of the default chain that Lambda never reaches, and the STS client they would bring.
    expect(code).not.toContain('defaultProvider::fromSSO');
    expect(code).not.toContain('AssumeRoleWithWebIdentity');
  });

  it('takes each SDK client from its copy, whose schemas esbuild can tree-shake (lib/constructs/sdk-copies.ts)', () => {
    for (const pkg of sdkClients) {
      const copy = path.join(repoRoot, sdkCopyPath(repoRoot, pkg));
      const schemas = readdirSync(path.join(copy, 'dist-es', 'schemas')).filter((file) => /^schemas_\d+\.js$/.test(file));
      expect(schemas.length, pkg).toBeGreaterThan(0);
      for (const file of schemas) expect(readFileSync(path.join(copy, 'dist-es', 'schemas', file), 'utf8'), `${pkg} ${file}`).not.toMatch(/[{,]\s*\[_\w+\]:/);
    }
    const map = JSON.parse(readFileSync(path.join(assetDirs.sharp, 'index.mjs.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.includes('bisn-lambda-sdk/@aws-sdk+client-dynamodb@'))).toBe(true);
    expect(map.sources.some((source) => /node_modules\/@aws-sdk\/client-dynamodb\//.test(source))).toBe(false);
  });

  it('talks to S3 through the SDK client (its tree-shaken copy) and presigned POST, only where images are handled', () => {
    for (const id of ['plain', 'sharp'] as const) {
      const map = JSON.parse(readFileSync(path.join(assetDirs[id], 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(map.sources.some((source) => source.includes('bisn-lambda-sdk/@aws-sdk+client-s3@')), id).toBe(id === 'sharp');
      expect(map.sources.some((source) => source.endsWith('lambdas/core/images-bucket.ts')), id).toBe(id === 'sharp');
    }
  });

  it("bundles a stand-in for the SDK's event-stream codec, which no call of ours uses (lambdas/core/no-event-streams.ts)", () => {
    for (const id of ['plain', 'sharp'] as const) {
      const map = JSON.parse(readFileSync(path.join(assetDirs[id], 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(map.sources.some((source) => source.endsWith('lambdas/core/no-event-streams.ts')), id).toBe(true);
      expect(map.sources.some((source) => source.includes('@smithy/core/dist-es/submodules/event-streams/')), id).toBe(false);
    }
  });

  it('ships sharp with its Linux binaries next to the image bundle, on their architecture', () => {
    for (const dir of ['sharp', 'detect-libc', 'semver', '@img/colour', '@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64']) {
      expect(existsSync(path.join(assetDirs.sharp, 'node_modules', dir)), dir).toBe(true);
    }
    expect(architectures.sharp).toBe('x86_64');
  });

  it('loads each bundle on its own, outside the repository, and sharp works from the copy', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, lambdaEnvironment, { AWS_REGION: 'us-west-2' });
    try {
      for (const id of ['plain', 'sharp'] as const) {
        const dir = mkdtempSync(path.join(os.tmpdir(), `bisn-lambda-${id}-`));
        cpSync(assetDirs[id], dir, { recursive: true });
        const mod = (await import(pathToFileURL(path.join(dir, 'index.mjs')).href)) as { handler?: unknown };
        expect(typeof mod.handler, id).toBe('function');
        if (id === 'sharp') {
          const { default: sharp } = (await import(pathToFileURL(path.join(dir, 'node_modules', 'sharp', 'lib', 'index.js')).href)) as {
            default: (input: { create: { width: number; height: number; channels: 3; background: string } }) => { jpeg(): { toBuffer(): Promise<Buffer> } };
          };
          const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1f5f7a' } }).jpeg().toBuffer();
          expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
        }
      }
    } finally {
      process.env = saved;
    }
  });
});
