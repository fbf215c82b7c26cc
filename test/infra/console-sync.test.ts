import { beforeAll, describe, expect, it } from 'vitest';
import { approvedGroupName, eventFunctions } from '../../shared/api/routes';
import { functionsOf, referencedId, renderSample, resourcesOf, synthesiseStages, type SynthesisedApp } from './synth';

describe('Cognito console sync', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthesiseStages();
  }, 120_000);
  const [consoleSync] = eventFunctions;

  it("routes the user pool's admin calls, from CloudTrail, to the sync function, with retries and the jobs' dead-letter queue", () => {
    const template = synth.template('dev', 'jobs');
    const rule = resourcesOf(template, 'AWS::Events::Rule').find((r) => (r.properties.EventPattern as { source: string[] }).source[0] === 'aws.cognito-idp');
    const pattern = rule!.properties.EventPattern as { source: string[]; 'detail-type': string[]; detail: { eventSource: string[]; eventName: string[]; requestParameters: { userPoolId: unknown[] } } };
    expect(pattern.source).toEqual(['aws.cognito-idp']);
    expect(pattern['detail-type']).toEqual(['AWS API Call via CloudTrail']);
    expect(pattern.detail.eventSource).toEqual(['cognito-idp.amazonaws.com']);
    expect(pattern.detail.eventName).toEqual(['AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'AdminDisableUser', 'AdminEnableUser', 'AdminDeleteUser']);
    expect(renderSample(pattern.detail.requestParameters.userPoolId[0], 'POOL')).toBe('POOL'); // this stage's pool only

    const [target] = rule!.properties.Targets as { Arn: unknown; RetryPolicy: { MaximumRetryAttempts: number }; DeadLetterConfig: { Arn: unknown } }[];
    const fn = functionsOf(template).find((f) => f.description.startsWith(`event function ${consoleSync.id}`))!;
    expect(referencedId(target!.Arn)).toBe(fn.logicalId);
    expect(target!.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    const [queue] = resourcesOf(template, 'AWS::SQS::Queue');
    expect(referencedId(target!.DeadLetterConfig.Arn)).toBe(queue!.logicalId);
    // It reads the user's state and groups, writes the record and sends the approval mail; nothing else in Cognito.
    expect([...fn.actions].filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser']);
    expect(fn.actions.has('ses:SendEmail')).toBe(true);
  });

  it('creates a multi-region trail of management events, with log file validation, unless the stage says the account has one', () => {
    const [trail] = resourcesOf(synth.template('prod', 'jobs'), 'AWS::CloudTrail::Trail');
    expect(trail!.properties).toMatchObject({ IsMultiRegionTrail: true, IncludeGlobalServiceEvents: true, EnableLogFileValidation: true, IsLogging: true });
  });

  it('has the approved group in the pool', () => {
    synth.template('dev', 'auth').hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: approvedGroupName });
  });
});

describe('SES bounces and complaints', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthesiseStages();
  }, 120_000);

  it('the configuration set every mail goes through publishes bounces, complaints, opens and clicks to the default event bus', () => {
    const [destination] = resourcesOf(synth.template('dev', 'mail'), 'AWS::SES::ConfigurationSetEventDestination');
    const props = destination!.properties.EventDestination as { Enabled: boolean; MatchingEventTypes: string[]; EventBridgeDestination: { EventBusArn: unknown } };
    expect(props.MatchingEventTypes.sort()).toEqual(['bounce', 'click', 'complaint', 'open']);
    expect(renderSample(props.EventBridgeDestination.EventBusArn, 'BUS')).toMatch(/event-bus\/default$/);
  });

  it('a rule on this stage’s configuration set sends them to the mail feedback function, which may only write the table', () => {
    const template = synth.template('dev', 'jobs');
    const rule = resourcesOf(template, 'AWS::Events::Rule').find((r) => (r.properties.EventPattern as { source: string[] }).source[0] === 'aws.ses')!;
    const pattern = rule.properties.EventPattern as { 'detail-type': string[]; detail: { mail: { tags: Record<string, unknown[]> } } };
    expect(pattern['detail-type']).toEqual(['Email Bounced', 'Email Complaint Received', 'Email Opened', 'Email Clicked']);
    expect(renderSample(pattern.detail.mail.tags['ses:configuration-set']![0], 'SET')).toBe('SET');
    const [target] = rule.properties.Targets as { Arn: unknown; DeadLetterConfig: { Arn: unknown } }[];
    const fn = functionsOf(template).find((f) => f.description.startsWith('event function mailFeedback'))!;
    expect(referencedId(target!.Arn)).toBe(fn.logicalId);
    expect(fn.actions.has('ses:SendEmail')).toBe(false);
    expect([...fn.actions].some((a) => a.startsWith('dynamodb:UpdateItem'))).toBe(true);
  });
});
