import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/**
 * An alarm on any error and on any throttle of each function, to the operators' topic. Errors are
 * unhandled failures only: the HTTP pipeline turns expected refusals into 4xx answers, and a 500 there is
 * a bug (lambdas/core/http.ts), so one in five minutes is worth a look.
 */
export class FunctionAlarms extends Construct {
  constructor(scope: Construct, id: string, functions: ReadonlyMap<string, IFunction>, topic: ITopic) {
    super(scope, id);
    const action = new SnsAction(topic);
    for (const [name, fn] of functions) {
      for (const [kind, metric] of [
        ['Errors', fn.metricErrors({ period: Duration.minutes(5) })],
        ['Throttles', fn.metricThrottles({ period: Duration.minutes(5) })],
      ] as const) {
        new Alarm(this, `${name}${kind}`, {
          alarmDescription: `${name}: ${kind.toLowerCase()} in the last 5 minutes`,
          metric,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }).addAlarmAction(action);
      }
    }
  }
}
