import { beforeAll, describe, expect, it } from 'vitest';
import { adminFunctions, jobs, routes } from '../../shared/api/routes';
import { api5xxMinRequests, api5xxPercentAlarm, broadcastBacklogAlarmSeconds, sesBounceRateAlarm, sesComplaintRateAlarm } from '../../lib/stacks/monitoring-stack';
import { referencedId, renderSample, resourcesOf, synthesiseStages, type SynthesisedApp } from './synth';

describe('alarms and dashboard', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthesiseStages();
  }, 120_000);

  const alarmsOf = (stack: 'apiAlarms' | 'jobs' | 'monitoring') => resourcesOf(synth.template('dev', stack), 'AWS::CloudWatch::Alarm');
  /** Every alarm action is the stage's one alarm topic (imported into the Api and Jobs stacks). */
  const topicActions = (stack: 'apiAlarms' | 'jobs' | 'monitoring') => alarmsOf(stack).map((a) => renderSample((a.properties.AlarmActions as unknown[])[0], 'TOPIC'));

  it('mails the operators through one encrypted, TLS-only topic', () => {
    const template = synth.template('dev', 'monitoring');
    const [topic] = resourcesOf(template, 'AWS::SNS::Topic');
    expect(referencedId(topic!.properties.KmsMasterKeyId)).toMatch(/^AlarmTopicKey/);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'operators@dev.bisn.example' });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    expect(JSON.stringify(resourcesOf(template, 'AWS::KMS::Key')[0]!.properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    expect(JSON.stringify(resourcesOf(template, 'AWS::SNS::TopicPolicy')[0]!.properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('alarms on any error and any throttle of every function, to that topic', () => {
    const described = [...alarmsOf('apiAlarms'), ...alarmsOf('jobs')].map((a) => String(a.properties.AlarmDescription));
    for (const id of [...routes.map((r) => r.id), ...jobs.map((j) => j.id), ...adminFunctions.map((f) => f.id)]) {
      expect(described, id).toContain(`${id}: errors in the last 5 minutes`);
      expect(described, id).toContain(`${id}: throttles in the last 5 minutes`);
    }
    for (const alarm of alarmsOf('apiAlarms')) {
      expect(alarm.properties, alarm.logicalId).toMatchObject({ Threshold: 1, EvaluationPeriods: 1, Period: 300, TreatMissingData: 'notBreaching' });
    }
    const actions = new Set([...topicActions('apiAlarms'), ...topicActions('jobs'), ...topicActions('monitoring')]);
    expect(actions.size).toBe(1);
  });

  it('alarms on the API 5xx rate and on SES reputation before SES reviews the account', () => {
    const byDescription = (text: RegExp) => alarmsOf('monitoring').find((a) => text.test(String(a.properties.AlarmDescription)))!;
    const api = byDescription(/API 5xx/);
    expect(api.properties.Threshold).toBe(api5xxPercentAlarm);
    const expression = (api.properties.Metrics as { Expression?: string }[]).find((m) => m.Expression)!.Expression;
    expect(expression).toBe(`IF(requests >= ${api5xxMinRequests}, 100 * errors / requests, 0)`);
    expect(byDescription(/bounce/).properties).toMatchObject({ MetricName: 'Reputation.BounceRate', Namespace: 'AWS/SES', Threshold: sesBounceRateAlarm });
    expect(byDescription(/complaint/).properties).toMatchObject({ MetricName: 'Reputation.ComplaintRate', Namespace: 'AWS/SES', Threshold: sesComplaintRateAlarm });
    expect(sesBounceRateAlarm).toBeLessThan(0.05);
    expect(sesComplaintRateAlarm).toBeLessThan(0.001);
  });

  it('alarms when the weekday blast has not finished by 10:00 Eastern, checked by its own weekday job', () => {
    const watchdog = jobs.find((job) => job.id === 'blastWatchdog')!;
    expect(watchdog).toMatchObject({ cron: '0 10 ? * MON-FRI *', timeZone: 'America/New_York' });
    synth.template('dev', 'jobs').hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 10 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'America/New_York',
    });
    const late = alarmsOf('monitoring').find((a) => a.properties.MetricName === 'BlastLate')!;
    expect(late.properties).toMatchObject({
      Namespace: 'BISN', Dimensions: [{ Name: 'service', Value: 'bisn-api' }], Statistic: 'Maximum', Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching',
    });
  });

  it('alarms when a requirement has waited more than 5 minutes for its broadcast, or the job stops reporting', () => {
    const backlog = alarmsOf('monitoring').find((a) => a.properties.MetricName === 'BroadcastBacklogSeconds')!;
    expect(broadcastBacklogAlarmSeconds).toBe(300);
    expect(backlog.properties).toMatchObject({
      Namespace: 'BISN', Statistic: 'Maximum', Period: 300, Threshold: 300, ComparisonOperator: 'GreaterThanThreshold', TreatMissingData: 'breaching',
    });
  });

  it('keeps a failed job run in a dead-letter queue and alarms when anything is in it', () => {
    const template = synth.template('dev', 'jobs');
    const [queue] = resourcesOf(template, 'AWS::SQS::Queue');
    const jobFunctions = resourcesOf(template, 'AWS::Lambda::Function').filter((f) => String(f.properties.Description).startsWith('job '));
    expect(jobFunctions).toHaveLength(jobs.length);
    for (const fn of jobFunctions) expect(referencedId((fn.properties.DeadLetterConfig as { TargetArn: unknown }).TargetArn), fn.logicalId).toBe(queue!.logicalId);
    for (const schedule of resourcesOf(template, 'AWS::Scheduler::Schedule')) {
      expect(referencedId((schedule.properties.Target as { DeadLetterConfig: { Arn: unknown } }).DeadLetterConfig.Arn)).toBe(queue!.logicalId);
    }
    const dlqAlarm = alarmsOf('jobs').find((a) => a.properties.MetricName === 'ApproximateNumberOfMessagesVisible')!;
    expect(dlqAlarm.properties).toMatchObject({ Threshold: 1, Namespace: 'AWS/SQS' });
  });

  it('has one dashboard per stage with the API, SES and function widgets', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const [dashboard] = resourcesOf(synth.template(stage, 'monitoring'), 'AWS::CloudWatch::Dashboard');
      const body = JSON.stringify(dashboard!.properties.DashboardBody);
      expect(body).toContain('API requests and 5xx');
      expect(body).toContain('Reputation.BounceRate');
      expect(body).toContain(`bisn-${stage}-Api`);
      expect(body).toContain(`bisn-${stage}-Jobs`);
      for (const metric of ['RequirementCreated', 'ListingCreated', 'AccountApproved', 'BlastDigestsSent', 'BroadcastMailsFailed', 'BroadcastBacklogSeconds', 'BlastLate']) {
        expect(body).toContain(metric);
      }
    }
  });
});
