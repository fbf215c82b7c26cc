import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageNames } from '../../lib/config/stages';
import { missingEntries, resourcesOf, synthesiseStages, type SynthesisedApp } from './synth';

/** Rules acknowledged somewhere, each with its reason in the code; a new kind of acknowledgement fails here until reviewed. */
const reviewedAcknowledgements = [
  'AwsSolutions-APIG4', // public routes (sign-up record, unsubscribe form, one-click unsubscribe)
  'AwsSolutions-CFR1', // no geo restriction
  'AwsSolutions-CFR2', // no WAF yet
  'AwsSolutions-CFR4', // dev only: *.cloudfront.net certificate
  'AwsSolutions-COG2', // no MFA in the product
  'AwsSolutions-COG8', // dev only: Essentials plan
  'AwsSolutions-IAM4', // CDK's own handler functions
  'AwsSolutions-IAM5', // object keys in the images bucket; invoke versions of a job; CDK handlers; dev SES sandbox
  'AwsSolutions-L1', // Node 22
  'AwsSolutions-S1', // the CloudTrail bucket is not access-logged
  'AwsSolutions-SMG4', // unsubscribe HMAC key not rotated automatically
  'AwsSolutions-SQS3', // the jobs' dead-letter queue has none of its own
];

function acknowledgedRules(scope: IConstruct): Map<string, string> {
  const rules = new Map<string, string>();
  for (const node of scope.node.findAll()) {
    for (const entry of node.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [key, reason] of Object.entries(entry.data as Record<string, string>)) rules.set(key.replace(/^annotation::/i, ''), reason);
    }
  }
  return rules;
}

describe('cdk-nag and naming', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthesiseStages();
  }, 120_000);

  it('has a handler module for every route, job, event and admin function (a missing one fails, never skips)', () => {
    expect(missingEntries).toEqual([]);
  });

  it.each(stageNames)('%s: no unacknowledged AwsSolutions finding', (stage) => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(synth.stages[stage]);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });

  it('acknowledges only reviewed rules, each with a reason of substance', () => {
    const acknowledged = acknowledgedRules(synth.app);
    expect(acknowledged.size).toBeGreaterThan(0);
    for (const [rule, reason] of acknowledged) {
      expect(reviewedAcknowledgements, rule).toContain(rule.replace(/\[.*$/, ''));
      expect(reason.length, rule).toBeGreaterThan(40);
    }
  });

  it('hard-codes no physical name that two stages in one account would fight over', () => {
    // Names unique only inside their parent (an API, a user pool) may repeat across stages.
    const scoped = new Set([
      'AWS::ApiGatewayV2::Api.Name',
      'AWS::ApiGatewayV2::Authorizer.Name',
      'AWS::ApiGatewayV2::Stage.StageName',
      'AWS::Cognito::UserPoolGroup.GroupName',
      'AWS::Cognito::UserPoolClient.ClientName',
      'AWS::IAM::Policy.PolicyName', // an inline policy of its role
      'AWS::CloudWatch::Alarm.MetricName', // the metric an alarm watches, not a resource name
    ]);
    const literalNames = (stage: (typeof stageNames)[number]) =>
      new Set(
        Object.values(synth.templates(stage)).flatMap((template) =>
          resourcesOf(template).flatMap((r) =>
            Object.entries(r.properties)
              .filter(([key, value]) => key.endsWith('Name') && typeof value === 'string' && !scoped.has(`${r.type}.${key}`))
              .map(([key, value]) => `${r.type}.${key}=${String(value)}`),
          ),
        ),
      );
    const prod = literalNames('prod');
    expect([...literalNames('dev')].filter((name) => prod.has(name))).toEqual([]);

    for (const stage of stageNames) {
      for (const template of Object.values(synth.templates(stage))) {
        for (const r of resourcesOf(template)) {
          const literals = Object.entries(r.properties).filter(
            ([key, value]) => /^(Table|Bucket|UserPool|Function|Role|LogGroup|Secret|Queue|Topic)Name$/.test(key) && typeof value === 'string',
          );
          expect(literals, `${r.type} ${r.logicalId}`).toEqual([]);
        }
      }
    }
  });
});
