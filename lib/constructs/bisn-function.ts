import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Capability, FunctionProfile } from '../config/functions';
import { repoRoot } from './code-root';
import { type EntryScan, sourceFingerprint } from './bundle-scan';
import { acknowledgeWildcardResources } from './nag';
import { nativeModule, shipSharp } from './native-modules';
import { prepareSdkCopies, sdkClients, sdkCopyPath } from './sdk-copies';

/**
 * Node 22, the runtime the brief fixes for the handlers. cdk-nag's L1 wants the newest (24); the stage
 * acknowledges that (lib/stacks/bisn-stage.ts).
 */
export const lambdaRuntime = Runtime.NODEJS_22_X;

/** The resources capabilities act on (lib/config/functions.ts). */
export interface FunctionTargets {
  readonly table: ITableV2;
  /** GSI names of the table, so index permissions name each index instead of `index/*`. */
  readonly tableIndexes: readonly string[];
  readonly imagesBucket: IBucket;
  readonly userPoolArn: string;
  readonly mail: { readonly identityArn: string; readonly configurationSetArn: string; readonly sandbox: boolean };
  readonly unsubscribeSecret: ISecret;
  readonly placeIndexArn: string;
}

export interface BisnFunctionProps {
  /** Absolute path of the handler module (see resolveEntry). */
  readonly entry: string;
  readonly description: string;
  readonly profile: FunctionProfile;
  readonly capabilities: readonly Capability[];
  readonly targets: FunctionTargets;
  readonly environment: Readonly<Record<string, string>>;
  /** The entry's scan (lib/constructs/bundle-scan.ts): whether it needs sharp, what its bundle is made of. */
  readonly scan: EntryScan;
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * Packages only the local stack loads: the ZIP-centroid geocoder's 5 MB table is imported when
 * GEOCODER=zip-centroids, which no deployed stage sets, so it stays out of the bundles.
 */
const localOnlyModules = ['zipcodes'];

/**
 * Modules replaced in every bundle (esbuild `alias`; targets relative to the project root, where CDK runs
 * esbuild). The local stack runs the handlers unbundled, with the packages themselves.
 * - The SDK's default credential chain becomes the environment provider Lambda actually uses
 *   (lambdas/core/lambda-credentials.ts says why).
 * - The SDK's event-stream codec becomes a stand-in that refuses: no call of ours streams events
 *   (lambdas/core/no-event-streams.ts).
 * - Each SDK client comes from a copy whose schema file esbuild can tree-shake (lib/constructs/sdk-copies.ts;
 *   prepareBundling writes the copies).
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './lambdas/core/lambda-credentials.ts',
  '@smithy/core/event-streams': './lambdas/core/no-event-streams.ts',
  ...Object.fromEntries(sdkClients.map((pkg) => [pkg, sdkCopyPath(repoRoot, pkg)])),
};

/** Writes what the aliases point at; whoever runs esbuild with `bundling` calls it first (idempotent). */
export function prepareBundling(): void {
  prepareSdkCopies(repoRoot);
}

/** esbuild settings of every function (test/bench rebuilds the bundles with these to measure them). */
export const bundling = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // esbuild's size table and timing on every synth bury real output; its warnings and errors still print.
  logLevel: LogLevel.WARNING,
  // React (the mail templates) picks its production build by NODE_ENV; the rest is dropped as dead code.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  externalModules: [nativeModule, ...localOnlyModules],
  // Bundled CommonJS dependencies may call require() for Node built-ins; ESM has none.
  banner: "import { createRequire as __bisnCreateRequire } from 'node:module'; const require = __bisnCreateRequire(import.meta.url);",
  // NodejsFunction has no `alias` option; it passes these to the esbuild CLI as `--alias:from=to`.
  esbuildArgs: { '--alias': Object.entries(bundleAliases).map(([from, to]) => `${from}=${to}`) },
};

/**
 * One Lambda function with our defaults: Node 22 on arm64 (x64 when it carries sharp's binaries), an ESM
 * bundle made locally by esbuild (minified, source maps, the AWS SDK bundled too), its own log group
 * with a retention, and its own role holding exactly its capabilities. No AWS managed policy: the role
 * may write to its log group and nothing else beyond the capabilities.
 *
 * The SDK is bundled rather than taken from the runtime: the bundle then runs the SDK version the
 * handlers were tested with locally (whose endpoint behaviour the emulators depend on), and esbuild
 * keeps only the clients a handler imports. Aliases (`bundleAliases`) keep that small:
 * the default credential chain is replaced by the environment provider Lambda uses, the event-stream
 * codec by a stand-in that refuses, and each client comes from a copy whose schemas tree-shake
 * (lib/constructs/sdk-copies.ts). Bundle sizes and cold
 * imports: `BENCH_PHASES=bundles npm run bench`; test/api/bundles runs the bundled SDK against the
 * emulators.
 */
/**
 * Project files the aliases point at: they shape every bundle, so they are part of its fingerprint. (The
 * SDK copies are named after the installed version and the rewriting, which `bundling` already carries.)
 */
const aliasTargets = Object.values(bundleAliases)
  .filter((to) => to.startsWith('./') && !to.startsWith('./node_modules/'))
  .map((to) => path.normalize(to));

export class BisnFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: IRole;

  constructor(scope: Construct, id: string, props: BisnFunctionProps) {
    super(scope, id);
    prepareBundling();
    const sharp = props.scan.packageImports.has(nativeModule) ? shipSharp(repoRoot) : undefined;
    const architecture = sharp?.architecture ?? Architecture.ARM_64;

    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Lambda ${props.description}`,
    });
    logGroup.grantWrite(role);
    this.role = role;

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      handler: 'handler',
      runtime: lambdaRuntime,
      architecture,
      memorySize: props.profile.memoryMb,
      timeout: Duration.seconds(props.profile.timeoutSeconds),
      ...(props.profile.asyncRetries !== undefined ? { retryAttempts: props.profile.asyncRetries } : {}),
      description: props.description,
      role,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        ...bundling,
        ...(sharp ? { commandHooks: sharp.commandHooks } : {}),
        // A content hash instead of hashing esbuild's output: a synth whose cdk.out already holds this
        // asset skips esbuild for it.
        // The alias targets are read by esbuild but not by the scan (only SDK packages import them).
        assetHash: sourceFingerprint(props.scan, repoRoot, { bundling, runtime: lambdaRuntime.name, architecture: architecture.name, sharp: !!sharp }, aliasTargets),
      },
    });

    for (const capability of new Set(props.capabilities)) grant(this, role, capability, props.targets);
  }
}

const tableReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const tableWriteActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const cognitoReadActions = ['cognito-idp:AdminGetUser'];
const cognitoAdminActions = ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminEnableUser', 'cognito-idp:AdminUserGlobalSignOut'];
const objectWildcardReason =
  'Object-level S3 actions name objects by key, and keys are per upload (a UUID each); the wildcard is limited to the one images bucket of this stage.';

function grant(scope: Construct, role: Role, capability: Capability, t: FunctionTargets): void {
  const allow = (actions: string[], resources: string[]) => role.addToPrincipalPolicy(new PolicyStatement({ actions, resources }));
  const tableResources = [t.table.tableArn, ...t.tableIndexes.map((index) => `${t.table.tableArn}/index/${index}`)];
  const objects = t.imagesBucket.arnForObjects('*');
  switch (capability) {
    case 'table:read':
      return void allow(tableReadActions, tableResources);
    case 'table:write':
      return void allow([...tableReadActions, ...tableWriteActions], tableResources);
    case 'images:read':
      allow(['s3:GetObject'], [objects]);
      allow(['s3:ListBucket'], [t.imagesBucket.bucketArn]);
      return acknowledgeWildcardResources(role, objectWildcardReason, [objects]);
    case 'images:write':
      allow(['s3:PutObject', 's3:DeleteObject'], [objects]);
      return acknowledgeWildcardResources(role, objectWildcardReason, [objects]);
    case 'mail:send': {
      const resources = [t.mail.identityArn, t.mail.configurationSetArn];
      if (t.mail.sandbox) {
        // In the SES sandbox a send is also authorised against the verified recipient's identity.
        const anyIdentity = Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
        resources.push(anyIdentity);
        acknowledgeWildcardResources(role, 'SES sandbox (dev): sending to a verified recipient is authorised against that recipient identity too, so any identity of this account.', [anyIdentity]);
      }
      return void allow(['ses:SendEmail', 'ses:SendRawEmail'], resources);
    }
    case 'mail:unsuppress':
      // The suppression list is the account's: the action has no resource type to name.
      allow(['ses:DeleteSuppressedDestination'], ['*']);
      return acknowledgeWildcardResources(role, "SES's account-level suppression list has no resource ARN (ses:DeleteSuppressedDestination supports only *); the one action lifts one address, the broker's own.", ['*']);
    case 'unsubscribe-key:read':
      return void t.unsubscribeSecret.grantRead(role);
    case 'users:read':
      return void allow(cognitoReadActions, [t.userPoolArn]);
    case 'users:admin':
      return void allow([...cognitoReadActions, ...cognitoAdminActions], [t.userPoolArn]);
    case 'users:groups':
      return void allow([...cognitoReadActions, 'cognito-idp:AdminListGroupsForUser'], [t.userPoolArn]);
    case 'geo:search':
      return void allow(['geo:SearchPlaceIndexForText'], [t.placeIndexArn]);
  }
}
