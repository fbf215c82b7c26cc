import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { metricsNamespace, metricsService } from '../../shared/catalog/product';
import { removalPolicyOf, type StageConfig } from '../config/stages';

export interface MonitoringStackProps extends StackProps {
  readonly config: StageConfig;
  readonly httpApi: HttpApi;
}

/** SES reviews an account at a 5 % bounce or 0.1 % complaint rate; the alarms fire before that. */
export const sesBounceRateAlarm = 0.04;
export const sesComplaintRateAlarm = 0.0008;
/** API 5xx share of requests (%), over 5 minutes with at least this many requests. */
export const api5xxPercentAlarm = 1;
export const api5xxMinRequests = 20;
/** A requirement goes out within a minute (PRODUCT.md); five minutes of waiting is an incident. */
export const broadcastBacklogAlarmSeconds = 300;

/**
 * What tells the operators something is wrong: one SNS topic (encrypted with a key CloudWatch may use)
 * mailed to the stage's alarm address, the stage-wide alarms (API 5xx rate, SES reputation), and one
 * dashboard. The Api and Jobs stacks add their functions' alarms to the same topic.
 */
export class MonitoringStack extends Stack {
  readonly alarmTopic: Topic;
  readonly alarmAction: SnsAction;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, httpApi } = props;

    const key = new Key(this, 'AlarmTopicKey', {
      description: `BISN ${config.name}: encrypts the alarm topic`,
      enableKeyRotation: true,
      removalPolicy: removalPolicyOf(config),
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.alarmTopic = new Topic(this, 'Alarms', { displayName: `BISN ${config.name} alarms`, masterKey: key, enforceSSL: true });
    this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));
    this.alarmAction = new SnsAction(this.alarmTopic);

    const apiMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: httpApi.apiId, Stage: 'api' }, statistic: 'Sum', period: Duration.minutes(5) });
    const api5xxPercent = new MathExpression({
      label: 'API 5xx %',
      expression: `IF(requests >= ${api5xxMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { errors: apiMetric('5xx'), requests: apiMetric('Count') },
      period: Duration.minutes(5),
    });
    const sesMetric = (metricName: string) => new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    const alarms: [string, string, IMetric, number][] = [
      ['Api5xxRate', `API 5xx answers ≥ ${api5xxPercentAlarm} % of requests over 5 minutes`, api5xxPercent, api5xxPercentAlarm],
      ['SesBounceRate', `SES bounce rate ≥ ${sesBounceRateAlarm * 100} % (SES reviews the account at 5 %)`, sesMetric('Reputation.BounceRate'), sesBounceRateAlarm],
      ['SesComplaintRate', `SES complaint rate ≥ ${sesComplaintRateAlarm * 100} % (SES reviews the account at 0.1 %)`, sesMetric('Reputation.ComplaintRate'), sesComplaintRateAlarm],
    ];
    for (const [alarmId, description, metric, threshold] of alarms) {
      new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(this.alarmAction);
    }

    // The jobs' readings (lambdas/core/metrics.ts gauges), under the functions' Powertools service.
    const gauge = (metricName: string, period: Duration) =>
      new Metric({ namespace: metricsNamespace, metricName, dimensionsMap: { service: metricsService }, statistic: 'Maximum', period });
    new Alarm(this, 'BlastLate', {
      alarmDescription: 'The weekday blast had not finished by 10:00 America/New_York (blastWatchdog: an unfinished run, or listings still queued)',
      metric: gauge('BlastLate', Duration.hours(1)),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // Only the 10:00 weekday check records it.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(this.alarmAction);
    new Alarm(this, 'BroadcastBacklog', {
      alarmDescription: `A requirement has waited more than ${broadcastBacklogAlarmSeconds / 60} minutes for its broadcast (or the broadcast job has stopped reporting)`,
      metric: gauge('BroadcastBacklogSeconds', Duration.minutes(5)),
      threshold: broadcastBacklogAlarmSeconds,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      // The job reports every minute: silence means it is not running, which is a backlog too.
      treatMissingData: TreatMissingData.BREACHING,
    }).addAlarmAction(this.alarmAction);

    // Functions are found by their stack's name prefix, so the dashboard needs no reference to each.
    const lambdaSearch = (metricName: string, stack: string) =>
      new MathExpression({
        label: `${stack} ${metricName}`,
        expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" "bisn-${config.name}-${stack}"', 'Sum', 300)`,
        period: Duration.minutes(5),
      });
    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(1) });
    this.dashboard.addWidgets(new TextWidget({ markdown: `# BISN ${config.name}\nAlarms mail ${config.alarmEmail}.`, width: 24, height: 2 }));
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and 5xx', left: [apiMetric('Count'), apiMetric('5xx'), apiMetric('4xx')], right: [api5xxPercent], width: 12 }),
      new GraphWidget({ title: 'SES reputation', left: [sesMetric('Reputation.BounceRate'), sesMetric('Reputation.ComplaintRate')], width: 12 }),
    );
    // The functions' business metrics (lambdas/core/metrics.ts), by name.
    const business = (label: string, names: string[]) =>
      new MathExpression({
        label,
        expression: `SEARCH('{${metricsNamespace},service} MetricName=(${names.map((n) => `"${n}"`).join(' OR ')})', 'Sum', 3600)`,
        period: Duration.hours(1),
      });
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Created and approved', left: [business('created, approved', ['RequirementCreated', 'ListingCreated', 'AccountApproved'])], width: 12 }),
      new GraphWidget({ title: 'Mail sent and failed', left: [business('mail', ['BlastDigestsSent', 'BlastDigestsFailed', 'BroadcastMailsSent', 'BroadcastMailsFailed'])], width: 12 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Broadcast backlog (oldest waiting requirement, s)',
        left: [gauge('BroadcastBacklogSeconds', Duration.minutes(5))],
        leftAnnotations: [{ value: broadcastBacklogAlarmSeconds, label: 'alarm' }],
        width: 12,
      }),
      new GraphWidget({ title: 'Weekday blast late at 10:00 Eastern', left: [gauge('BlastLate', Duration.hours(1))], width: 12 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API function errors and throttles', left: [lambdaSearch('Errors', 'Api'), lambdaSearch('Throttles', 'Api')], width: 12 }),
      new GraphWidget({ title: 'Job function errors and throttles', left: [lambdaSearch('Errors', 'Jobs'), lambdaSearch('Throttles', 'Jobs')], width: 12 }),
    );
  }
}
