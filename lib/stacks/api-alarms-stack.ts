import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { FunctionAlarms } from '../constructs/function-alarms';

export interface ApiAlarmsStackProps extends StackProps {
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly alarmTopic: ITopic;
}

/**
 * The API functions' error and throttle alarms, in a stack of their own: each route brings seven resources
 * to the Api stack and two alarms here, and CloudFormation allows 500 resources a stack (62 routes made the
 * Api stack 558 with its alarms).
 */
export class ApiAlarmsStack extends Stack {
  constructor(scope: Construct, id: string, props: ApiAlarmsStackProps) {
    super(scope, id, props);
    new FunctionAlarms(this, 'Alarms', props.functions, props.alarmTopic);
  }
}
