import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { eventFunctions } from '../../shared/api/routes';
import { LOCAL_REGION } from './aws';

const [consoleSync] = eventFunctions;
const consoleEventNames: ReadonlySet<string> = new Set(consoleSync.eventNames);

/**
 * EventBridge's "AWS API Call via CloudTrail" event for a Cognito admin call, as the cloud's rule
 * delivers it to the console sync (only the fields a rule or the handler reads, and their neighbours).
 */
export function cloudTrailEventOf(target: string, request: Record<string, unknown>): unknown {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'AWS API Call via CloudTrail',
    source: consoleSync.source,
    account: '000000000000',
    time: new Date().toISOString(),
    region: LOCAL_REGION,
    resources: [],
    detail: {
      eventVersion: '1.08',
      eventSource: 'cognito-idp.amazonaws.com',
      eventName: target,
      awsRegion: LOCAL_REGION,
      eventType: 'AwsApiCall',
      managementEvent: true,
      eventCategory: 'Management',
      requestParameters: {
        userPoolId: request.UserPoolId,
        username: request.Username,
        ...(request.GroupName !== undefined ? { groupName: request.GroupName } : {}),
      },
      responseElements: null,
    },
  };
}

/**
 * SES's EventBridge event for a bounce or a complaint of a mail sent through the stage's configuration
 * set, as the cloud's mailFeedback rule delivers it (the shape SES documents for event publishing, with
 * the fields around the ones the handler reads).
 */
export function sesFeedbackEventOf(
  kind: 'Bounce' | 'Complaint',
  address: string,
  options: { bounceType?: 'Permanent' | 'Transient' | 'Undetermined'; diagnosticCode?: string; configurationSet?: string } = {},
): unknown {
  const timestamp = new Date().toISOString();
  const mail = {
    timestamp,
    source: 'no-reply@bisn.local',
    messageId: randomUUID(),
    destination: [address],
    tags: { 'ses:configuration-set': [options.configurationSet ?? 'bisn-local'] },
  };
  const detail =
    kind === 'Bounce'
      ? {
          eventType: 'Bounce',
          bounce: {
            feedbackId: randomUUID(),
            bounceType: options.bounceType ?? 'Permanent',
            bounceSubType: 'General',
            bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: options.diagnosticCode ?? 'smtp; 550 5.1.1 user unknown' }],
            timestamp,
            reportingMTA: 'dns; a1-2.smtp-out.amazonses.com',
          },
          mail,
        }
      : { eventType: 'Complaint', complaint: { feedbackId: randomUUID(), complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse', timestamp }, mail };
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': kind === 'Bounce' ? 'Email Bounced' : 'Email Complaint Received',
    source: 'aws.ses',
    account: '000000000000',
    time: timestamp,
    region: LOCAL_REGION,
    resources: [],
    detail,
  };
}

export interface EventBus {
  /** Called by the Cognito emulator after each successful API call. */
  cognitoCalled(target: string, request: unknown): void;
  /** Hands an event to the console sync now and resolves with its result (tests replay events with it). */
  deliver(event: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The cloud's EventBridge rule on the user pool's admin calls, in this process: each successful Cognito
 * admin call the console sync reads is delivered to its handler asynchronously, as EventBridge does, after
 * the emulator has answered. A failed delivery is printed; stop() waits for deliveries under way.
 */
export function startEventBus(options: { root: string; quiet: boolean }): EventBus {
  const inFlight = new Set<Promise<unknown>>();
  const deliver = async (event: unknown) => {
    const module = (await import(pathToFileURL(`${options.root}/${consoleSync.entry}`).href)) as { handler: (event: unknown) => Promise<unknown> };
    return module.handler(event);
  };
  return {
    cognitoCalled(target, request) {
      if (!consoleEventNames.has(target)) return;
      const delivery = deliver(cloudTrailEventOf(target, request as Record<string, unknown>)).then(
        (result) => {
          if (!options.quiet) console.log(`[events] ${consoleSync.id} ${target}:`, JSON.stringify(result));
        },
        (error: unknown) => console.error(`[events] ${consoleSync.id} ${target} failed:`, error),
      );
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    },
    deliver,
    async stop() {
      await Promise.all(inFlight);
    },
  };
}
