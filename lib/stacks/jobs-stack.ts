import { CfnOutput, Duration, RemovalPolicy, Stack, TimeZone, type StackProps } from 'aws-cdk-lib';
import { Trail } from 'aws-cdk-lib/aws-cloudtrail';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { adminFunctions, adminOutputKey, eventFunctions, jobs, queueFunctions, type AdminFunctionId, type EventFunctionId, type JobId, type QueueFunctionId, type ScheduledJob } from '../../shared/api/routes';
import { MAX_DELIVERIES } from '../../lambdas/domain/delivery/messages';
import { jobCapabilities, jobProfiles } from '../config/functions';
import { removalPolicyOf, type StageConfig } from '../config/stages';
import { BisnFunction, type FunctionTargets } from '../constructs/bisn-function';
import { FunctionAlarms } from '../constructs/function-alarms';
import { repoRoot, resolveEntry } from '../constructs/code-root';
import { acknowledge, acknowledgeWildcardResources } from '../constructs/nag';
import { scanEntries } from '../constructs/bundle-scan';

export interface JobsStackProps extends StackProps {
  readonly config: StageConfig;
  readonly codeRoot: string;
  readonly targets: FunctionTargets;
  readonly environment: Readonly<Record<string, string>>;
  readonly alarmTopic: ITopic;
  /** The pool whose admin calls the console sync follows. */
  readonly userPoolId: string;
  /** The SES configuration set every mail goes through: its bounces and complaints reach mailFeedback. */
  readonly configurationSetName: string;
}

type Job = ScheduledJob;

/** EventBridge Scheduler expression of a job of shared/api/routes.ts: its cron in its time zone, or its rate. */
export function scheduleExpressionOf(job: Job): ScheduleExpression {
  if ('cron' in job) return ScheduleExpression.expression(`cron(${job.cron})`, TimeZone.of(job.timeZone));
  const rate = /^(\d+) (minute|hour|day)s?$/.exec(job.rate);
  if (!rate) throw new Error(`Job ${job.id}: rate "${job.rate}" is not "<n> minute(s)|hour(s)|day(s)"`);
  const amount = Number(rate[1]);
  const unit = rate[2] as 'minute' | 'hour' | 'day';
  const duration = { minute: () => Duration.minutes(amount), hour: () => Duration.hours(amount), day: () => Duration.days(amount) }[unit]();
  return ScheduleExpression.rate(duration);
}

/**
 * Background work: one function and one EventBridge schedule per job of shared/api/routes.ts (the
 * weekday blast at 09:00 America/New_York, the requirement broadcast every minute, the nightly expiry),
 * and the admin functions operators invoke from the command line (`npm run admin -- --stage <stage> …`,
 * which finds each by its `<Id>FunctionName` output): one per family of commands, each with only the
 * permissions of its commands.
 */
export class JobsStack extends Stack {
  readonly functions: ReadonlyMap<JobId, NodejsFunction>;
  readonly adminFunctions: ReadonlyMap<AdminFunctionId, NodejsFunction>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const entries = new Map<JobId | AdminFunctionId | EventFunctionId | QueueFunctionId, string>([
      ...jobs.map((job) => [job.id, resolveEntry(props.codeRoot, job.entry, `job ${job.id}`)] as const),
      ...eventFunctions.map((fn) => [fn.id, resolveEntry(props.codeRoot, fn.entry, `event function ${fn.id}`)] as const),
      ...adminFunctions.map((fn) => [fn.id, resolveEntry(props.codeRoot, fn.entry, `admin function ${fn.id}`)] as const),
      ...queueFunctions.map((fn) => [fn.id, resolveEntry(props.codeRoot, fn.entry, `queue function ${fn.id}`)] as const),
    ]);
    const scans = scanEntries([...entries.values()], repoRoot);
    const makeFunction = (id: JobId | AdminFunctionId | EventFunctionId | QueueFunctionId, description: string) => {
      const entry = entries.get(id)!;
      return new BisnFunction(this, id, {
        entry,
        description,
        profile: jobProfiles[id],
        capabilities: jobCapabilities[id],
        targets: props.targets,
        environment: props.environment,
        scan: scans.get(entry)!,
        logRetention: config.logRetention,
        removalPolicy: removalPolicyOf(config),
      }).function;
    };

    // A run that failed after Lambda's retries, or that the scheduler could not deliver, lands here with
    // its event, and the alarm below tells the operators; nothing is lost silently.
    const deadLetters = new Queue(this, 'JobDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(deadLetters, 'This queue is itself the dead-letter queue of the jobs and their schedules; a dead-letter queue of a dead-letter queue would only hide the same messages one level further.', 'AwsSolutions-SQS3');
    new Alarm(this, 'JobDeadLettersAlarm', {
      alarmDescription: 'A scheduled job failed after its retries, or its schedule could not invoke it: its event is in the jobs dead-letter queue',
      metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(props.alarmTopic));

    const functions = new Map<JobId, NodejsFunction>();
    for (const job of jobs) {
      const fn = makeFunction(job.id, `job ${job.id}`);
      functions.set(job.id, fn);
      // Async invocations (the schedule's) that still fail after Lambda's retries.
      (fn.node.defaultChild as CfnFunction).deadLetterConfig = { targetArn: deadLetters.queueArn };
      deadLetters.grantSendMessages(fn);
      // A job run by hand (rematch) has no schedule: an operator invokes it.
      if ('manual' in job) continue;
      const role = new Role(this, `${job.id}ScheduleRole`, {
        assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': this.account } } }),
        description: `EventBridge Scheduler: invokes job ${job.id}`,
      });
      new Schedule(this, `${job.id}Schedule`, {
        description: `Runs job ${job.id}`,
        schedule: scheduleExpressionOf(job),
        // Scheduler retries only failed deliveries; a failing run is retried by Lambda (jobProfiles).
        target: new LambdaInvoke(fn, { role, retryAttempts: 2, maxEventAge: Duration.minutes(5), deadLetterQueue: deadLetters }),
      });
      acknowledgeWildcardResources(role, 'lambda:InvokeFunction on the job function\'s versions and aliases (ARN:*), as the scheduler target grants it; the role can invoke nothing else.', [`${fn.functionArn}:*`]);
    }
    this.functions = functions;

    // The delivery queue (docs/DECISIONS.md "The weekday blast and the delivery queue"): the blast's planner enqueues
    // batches of digests, the broadcast job batches of requirement mails, the alert job due saved searches; the
    // worker sends them paced to SES's rate. A message its worker failed
    // MAX_DELIVERIES times moves to the dead-letter queue, and the alarm below tells the operators.
    const deliveryDeadLetters = new Queue(this, 'DeliveryDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(deliveryDeadLetters, 'This queue is itself the dead-letter queue of the delivery queue; a dead-letter queue of a dead-letter queue would only hide the same messages one level further.', 'AwsSolutions-SQS3');
    new Alarm(this, 'DeliveryDeadLettersAlarm', {
      alarmDescription: 'A delivery message (a batch of digests, or a run to publish) failed on every delivery: it is in the delivery dead-letter queue',
      metric: deliveryDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(props.alarmTopic));
    const queueWorkers = new Map<QueueFunctionId, NodejsFunction>();
    for (const spec of queueFunctions) {
      const fn = makeFunction(spec.id, `queue function ${spec.id}`);
      queueWorkers.set(spec.id, fn);
      const queue = new Queue(this, 'DeliveryQueue', {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // AWS's advice for a Lambda event source: six times the function's timeout.
        visibilityTimeout: Duration.seconds(6 * jobProfiles[spec.id].timeoutSeconds),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: deliveryDeadLetters, maxReceiveCount: MAX_DELIVERIES },
      });
      fn.addEventSource(new SqsEventSource(queue, { batchSize: spec.batchSize, maxConcurrency: spec.maxConcurrency, reportBatchItemFailures: true }));
      // The worker enqueues a run's publishing when it counts the run's last batch.
      queue.grantSendMessages(fn);
      // The account's send rate, to pace the sends (GetAccount has no resource type to name).
      fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
      acknowledgeWildcardResources(fn.role!, 'ses:GetAccount reads the account\'s sending quota; the action has no resource type, so it can only be granted on *.', ['*']);
      // The planners: the jobs that put work on this queue.
      const planners = jobs.filter((job) => 'enqueues' in job && job.enqueues === spec.queue).map((job) => functions.get(job.id)!);
      for (const planner of planners) queue.grantSendMessages(planner);
      for (const sender of [fn, ...planners]) sender.addEnvironment('DELIVERY_QUEUE_URL', queue.queueUrl);
    }

    const admin = new Map<AdminFunctionId, NodejsFunction>();
    for (const fn of adminFunctions) {
      const created = makeFunction(fn.id, `admin function ${fn.id}: ${fn.actions.join(', ')} (npm run admin)`);
      admin.set(fn.id, created);
      new CfnOutput(this, adminOutputKey(fn), {
        description: `Invoked by \`npm run admin -- ${fn.actions.join('|')} … --stage <stage>\` (bin/admin.ts)`,
        value: created.functionName,
      });
    }
    this.adminFunctions = admin;

    // The Cognito console's admin calls reach EventBridge as CloudTrail management events.
    if (config.createTrail) {
      const trailBucket = new Bucket(this, 'TrailLogs', {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        minimumTLSVersion: 1.2,
        // Kept when the stage is destroyed (an audit record outlives what it records); the lifecycle empties it.
        lifecycleRules: [{ expiration: Duration.days(config.retainData ? 365 : 30) }],
        removalPolicy: RemovalPolicy.RETAIN,
      });
      acknowledge(trailBucket, "The bucket holds CloudTrail's own record of every API call of the account, read by nobody but auditors; logging access to it would need yet another logged bucket.", 'AwsSolutions-S1');
      new Trail(this, 'ManagementEvents', { bucket: trailBucket, isMultiRegionTrail: true, includeGlobalServiceEvents: true, enableFileValidation: true });
    }
    const eventHandlers = new Map<EventFunctionId, NodejsFunction>();
    for (const spec of eventFunctions) {
      const cloudTrail = 'eventNames' in spec;
      const fn = makeFunction(spec.id, `event function ${spec.id}: ${(cloudTrail ? spec.eventNames : spec.detailTypes).join(', ')}`);
      eventHandlers.set(spec.id, fn);
      new Rule(this, `${spec.id}Rule`, {
        description: cloudTrail
          ? `${spec.id}: the user pool's admin calls (Cognito console or API), from CloudTrail`
          : `${spec.id}: SES bounces and complaints of the stage's configuration set`,
        eventPattern: cloudTrail
          ? {
              source: [spec.source],
              detailType: ['AWS API Call via CloudTrail'],
              detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: [...spec.eventNames], requestParameters: { userPoolId: [props.userPoolId] } },
            }
          : { source: [spec.source], detailType: [...spec.detailTypes], detail: { mail: { tags: { 'ses:configuration-set': [props.configurationSetName] } } } },
        targets: [new LambdaFunction(fn, { retryAttempts: 8, maxEventAge: Duration.hours(2), deadLetterQueue: deadLetters })],
      });
    }
    new FunctionAlarms(this, 'Alarms', new Map<string, NodejsFunction>([...functions, ...admin, ...eventHandlers, ...queueWorkers]), props.alarmTopic);
  }
}
