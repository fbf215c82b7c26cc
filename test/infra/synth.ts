import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { adminFunctions, eventFunctions, jobs, routes } from '../../shared/api/routes';
import { stageConfig, stageNames, type StageName } from '../../lib/config/stages';
import { repoRoot } from '../../lib/constructs/code-root';
import { BisnStage } from '../../lib/stacks/bisn-stage';

/**
 * Builds both stages the way bin/app.ts does, with cdk.json's context (feature flags), and synthesises
 * them once. Bundling is skipped (`aws:cdk:bundling-stacks: []`): these tests read templates, and
 * test/infra/bundling.test.ts bundles real functions. prod gets a stand-in domain and certificate.
 *
 * Handler modules are resolved against the repository, or against BISN_LAMBDA_ROOT when set (a directory
 * of stand-in handlers, which must lie inside the repository, e.g. under node_modules/.cache/).
 */
export const codeRoot = process.env.BISN_LAMBDA_ROOT ? path.resolve(process.env.BISN_LAMBDA_ROOT) : repoRoot;

const allEntries = [...routes.map((r) => r.entry), ...jobs.map((j) => j.entry), ...adminFunctions.map((fn) => fn.entry), ...eventFunctions.map((fn) => fn.entry)];
/** Handler modules that do not exist: test/infra/nag.test.ts fails on any. */
export const missingEntries = allEntries.filter((entry) => !existsSync(path.join(codeRoot, entry)));

export const prodDomain = 'bisn.example.com';
export const prodCertificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-4000-8000-000000000000';

export interface SynthesisedApp {
  readonly app: App;
  readonly stages: Record<StageName, BisnStage>;
  template(stage: StageName, stack: 'mail' | 'data' | 'auth' | 'web' | 'api' | 'api2' | 'apiAlarms' | 'jobs' | 'monitoring'): Template;
  /** Every template of a stage, keyed by stack name. */
  templates(stage: StageName): Record<string, Template>;
}

/**
 * The app synthesised once per test worker and shared by its files, which only read it (about 3–7 s a
 * synthesis). The files of a worker share its globals (vitest.config.ts `isolate: false`) while this module
 * is evaluated afresh for each, so the memo lives on globalThis, keyed by the handlers' root.
 */
export function synthesiseStages(): SynthesisedApp {
  const memo = ((globalThis as { bisnInfraSynthesis?: Map<string, SynthesisedApp> }).bisnInfraSynthesis ??= new Map());
  let synthesised = memo.get(codeRoot);
  if (!synthesised) memo.set(codeRoot, (synthesised = synthesise()));
  return synthesised;
}

function synthesise(): SynthesisedApp {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({
    outdir: mkdtempSync(path.join(os.tmpdir(), 'bisn-infra-')),
    builtinCloudFormationValidation: false,
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      'bisn:prod:domainName': prodDomain,
      'bisn:prod:certificateArn': prodCertificateArn,
    },
  });
  const stages = Object.fromEntries(
    stageNames.map((name) => [name, new BisnStage(app, `bisn-${name}`, { config: stageConfig(name, (key) => app.node.tryGetContext(key)), codeRoot })]),
  ) as Record<StageName, BisnStage>;
  app.synth();

  const cache = new Map<Stack, Template>();
  const templateOf = (stack: Stack) => {
    let template = cache.get(stack);
    if (!template) cache.set(stack, (template = Template.fromStack(stack)));
    return template;
  };
  const stacksOf = (stage: BisnStage) => ({ mail: stage.mail, data: stage.data, auth: stage.auth, web: stage.web, api: stage.api, api2: stage.api2, apiAlarms: stage.apiAlarms, jobs: stage.jobs, monitoring: stage.monitoring });
  return {
    app,
    stages,
    template: (stage, stack) => templateOf(stacksOf(stages[stage])[stack]),
    templates: (stage) => Object.fromEntries(Object.values(stacksOf(stages[stage])).map((s) => [s.stackName, templateOf(s)])),
  };
}

type Json = unknown;

/**
 * A template value as a string, with every intrinsic other than Fn::Join replaced by `sample`: enough to
 * check the shape of URLs and policies built from references.
 */
export function renderSample(value: Json, sample = 'sample'): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [delimiter, parts] = (value as { 'Fn::Join': [string, Json[]] })['Fn::Join'];
    return parts.map((part) => renderSample(part, sample)).join(delimiter);
  }
  return sample;
}

export interface ResourceEntry {
  readonly logicalId: string;
  readonly type: string;
  readonly properties: Record<string, Json>;
  readonly raw: Record<string, Json>;
}

export function resourcesOf(template: Template, type?: string): ResourceEntry[] {
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, Json> }>;
  return Object.entries(resources)
    .filter(([, r]) => !type || r.Type === type)
    .map(([logicalId, r]) => ({ logicalId, type: r.Type, properties: r.Properties ?? {}, raw: r as Record<string, Json> }));
}

/** Logical id behind a `{ Ref }` or `{ Fn::GetAtt }`. */
export function referencedId(value: Json): string | undefined {
  if (value && typeof value === 'object') {
    if ('Ref' in value) return (value as { Ref: string }).Ref;
    if ('Fn::GetAtt' in value) return (value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  }
  return undefined;
}

export interface FunctionInfo {
  readonly logicalId: string;
  readonly description: string;
  readonly properties: Record<string, Json>;
  /** IAM actions of every policy attached to the function's role. */
  readonly actions: ReadonlySet<string>;
  /** Rendered resources of each action. */
  readonly resourcesByAction: ReadonlyMap<string, string[]>;
}

/** Lambda functions of a template with what their roles may do. */
export function functionsOf(template: Template): FunctionInfo[] {
  const policies = resourcesOf(template, 'AWS::IAM::Policy');
  return resourcesOf(template, 'AWS::Lambda::Function').map((fn) => {
    const roleId = referencedId(fn.properties.Role);
    const resourcesByAction = new Map<string, string[]>();
    for (const policy of policies) {
      const roles = (policy.properties.Roles as Json[]).map(referencedId);
      if (!roleId || !roles.includes(roleId)) continue;
      const statements = (policy.properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: Json }[] }).Statement;
      for (const statement of statements) {
        for (const action of [statement.Action].flat()) {
          const list = resourcesByAction.get(action) ?? [];
          list.push(...[statement.Resource].flat().map((r) => renderSample(r, `<${referencedId(r) ?? 'ref'}>`)));
          resourcesByAction.set(action, list);
        }
      }
    }
    return {
      logicalId: fn.logicalId,
      description: String(fn.properties.Description ?? ''),
      properties: fn.properties,
      actions: new Set(resourcesByAction.keys()),
      resourcesByAction,
    };
  });
}
