import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { stageNames } from '../../lib/config/stages';
import { repoRoot } from '../../lib/constructs/code-root';
import { GitHubDeployStack } from '../../lib/stacks/github-deploy-stack';
import { resourcesOf } from './synth';

const workflowsDir = path.join(repoRoot, '.github/workflows');
const workflowFiles = readdirSync(workflowsDir).filter((f) => f.endsWith('.yml'));
const text = (file: string) => readFileSync(path.join(workflowsDir, file), 'utf8');
interface Step { uses?: string; run?: string; with?: Record<string, string> }
interface Job { environment?: { name: string }; concurrency?: { group: string }; steps: Step[] }
interface Workflow { on: Record<string, unknown>; permissions: Record<string, string>; jobs: Record<string, Job> }
const workflow = (file: string) => load(text(file)) as Workflow;
const runs = (job: Job) => job.steps.map((s) => s.run ?? '').join('\n');

describe('GitHub workflows', () => {
  it.each(workflowFiles)('%s passes the workflow linter', (file) => {
    expect(validateWorkflow(text(file)).errors).toEqual([]);
  });

  it('ci runs the README test command on pull requests and pushes, with the npm cache', () => {
    const ci = workflow('ci.yml');
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['pull_request', 'push']));
    const job = ci.jobs.test!;
    expect(job.steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with?.cache).toBe('npm');
    expect(runs(job)).toMatch(/^npm ci\b/m);
    expect(runs(job)).toMatch(/^npm test$/m);
    expect(runs(job)).toMatch(/apt-get install .*chromium/);
  });

  describe('deploy', () => {
    const deploy = workflow('deploy.yml');
    const job = deploy.jobs.deploy!;
    const stageExpression = job.environment!.name;

    it('deploys main to dev and prod by dispatch or release tag, one concurrency group per stage', () => {
      expect(deploy.on).toMatchObject({ push: { branches: ['main'], tags: ['v*'] }, workflow_dispatch: { inputs: { stage: { options: [...stageNames] } } } });
      expect(stageExpression).toMatch(/inputs\.stage/);
      expect(stageExpression).toMatch(/refs\/tags\/v'\) && 'prod' \|\| 'dev'/);
      expect(job.concurrency!.group).toBe(`deploy-${stageExpression}`);
    });

    it('reaches AWS through OIDC only: an id token, a role to assume, no stored keys', () => {
      expect(deploy.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
      const credentials = job.steps.find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials'))!;
      expect(Object.keys(credentials.with!)).not.toContain('aws-access-key-id');
      expect(credentials.with!['role-to-assume']).toBe('${{ vars.AWS_DEPLOY_ROLE_ARN }}');
      expect(text('deploy.yml')).not.toMatch(/secrets\./);
    });

    it('builds the web app, prints the diff, deploys every stack of the stage, then smoke-checks it', () => {
      const commands = runs(job).split('\n').filter(Boolean);
      const order = ['npm ci', 'npm run build:web', 'npx cdk diff --all -c stage="$STAGE"', 'npx cdk deploy --all -c stage="$STAGE"', 'npm run smoke -- --stage "$STAGE"'];
      const positions = order.map((prefix) => commands.findIndex((c) => c.startsWith(prefix)));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(commands.find((c) => c.startsWith('npx cdk deploy'))).toMatch(/--require-approval never$/);
    });
  });
});

describe('the GitHub deploy stack', () => {
  const app = new App();
  const stack = new GitHubDeployStack(app, 'bisn-github-deploy', { repository: 'bisn-co/bisn' });
  const template = Template.fromStack(stack);

  it("trusts GitHub's OIDC tokens for STS, from this repository's main, release tags and stage environments only", () => {
    template.hasResourceProperties('AWS::IAM::OIDCProvider', { Url: 'https://token.actions.githubusercontent.com', ClientIdList: ['sts.amazonaws.com'] });
    const [role] = resourcesOf(template, 'AWS::IAM::Role');
    const statements = (role!.properties.AssumeRolePolicyDocument as { Statement: unknown[] }).Statement;
    expect(statements).toEqual([
      {
        Action: 'sts:AssumeRoleWithWebIdentity',
        Effect: 'Allow',
        Principal: { Federated: expect.anything() },
        Condition: {
          StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
          StringLike: {
            'token.actions.githubusercontent.com:sub': [
              'repo:bisn-co/bisn:ref:refs/heads/main',
              'repo:bisn-co/bisn:ref:refs/tags/v*',
              'repo:bisn-co/bisn:environment:dev',
              'repo:bisn-co/bisn:environment:prod',
            ],
          },
        },
      },
    ]);
  });

  it('may do nothing but assume the CDK bootstrap roles of its account', () => {
    const policies = resourcesOf(template, 'AWS::IAM::Policy');
    const statements = policies.flatMap((p) => (p.properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement);
    expect(statements).toEqual([
      expect.objectContaining({
        Action: 'sts:AssumeRole',
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':role/cdk-hnb659fds-*-', { Ref: 'AWS::AccountId' }, '-*']] },
      }),
    ]);
    expect(resourcesOf(template, 'AWS::IAM::ManagedPolicy')).toEqual([]);
  });

  it('has no unacknowledged cdk-nag finding', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(stack);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });

  it('refuses a repository that is not owner/name', () => {
    expect(() => new GitHubDeployStack(new App(), 'x', { repository: 'https://github.com/bisn-co/bisn' })).toThrow(/owner\/name/);
  });
});
