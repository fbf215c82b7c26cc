import { CfnOutput, Duration, Stack, TimeZone, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { adminFunctions, adminOutputKey, jobs, type AdminFunctionId, type JobId } from '../../shared/api/routes';
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
}

type Job = (typeof jobs)[number];

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
    const entries = new Map<JobId | AdminFunctionId, string>([
      ...jobs.map((job) => [job.id, resolveEntry(props.codeRoot, job.entry, `job ${job.id}`)] as const),
      ...adminFunctions.map((fn) => [fn.id, resolveEntry(props.codeRoot, fn.entry, `admin function ${fn.id}`)] as const),
    ]);
    const scans = scanEntries([...entries.values()], repoRoot);
    const makeFunction = (id: JobId | AdminFunctionId, description: string) => {
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
    new FunctionAlarms(this, 'Alarms', new Map<string, NodejsFunction>([...functions, ...admin]), props.alarmTopic);
  }
}
