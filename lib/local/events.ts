import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { eventFunctions } from '../../shared/api/routes';
import { LOCAL_REGION } from './aws';

const [consoleSync, mailFeedback] = eventFunctions;
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
 * The configuration set every local mail goes through, as the stage's set is the identity's default in
 * the cloud: the local SES tags its events with it and the local mailFeedback rule matches on it.
 */
export const LOCAL_CONFIGURATION_SET = 'bisn-local';

export interface SesFeedbackOptions {
  bounceType?: 'Permanent' | 'Transient' | 'Undetermined';
  /** `OnAccountSuppressionList` when SES did not send because the address is on the account's list. */
  bounceSubType?: string;
  diagnosticCode?: string;
  configurationSet?: string;
  /** The mail's sender and SES message id, when the event is about a mail actually sent. */
  source?: string;
  messageId?: string;
}

/**
 * SES's EventBridge event for a bounce or a complaint of a mail sent through the stage's configuration
 * set, as the cloud's mailFeedback rule delivers it (the shape SES documents for event publishing, with
 * the fields around the ones the handler reads). One event may name several recipients of one mail.
 */
export function sesFeedbackEventOf(kind: 'Bounce' | 'Complaint', addresses: string | readonly string[], options: SesFeedbackOptions = {}): unknown {
  const recipients = [addresses].flat();
  const timestamp = new Date().toISOString();
  const mail = {
    timestamp,
    source: options.source ?? 'no-reply@bisn.local',
    messageId: options.messageId ?? randomUUID(),
    destination: recipients,
    tags: { 'ses:configuration-set': [options.configurationSet ?? LOCAL_CONFIGURATION_SET] },
  };
  const detail =
    kind === 'Bounce'
      ? {
          eventType: 'Bounce',
          bounce: {
            feedbackId: randomUUID(),
            bounceType: options.bounceType ?? 'Permanent',
            bounceSubType: options.bounceSubType ?? 'General',
            bouncedRecipients: recipients.map((emailAddress) => ({
              emailAddress,
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: options.diagnosticCode ?? 'smtp; 550 5.1.1 user unknown',
            })),
            timestamp,
            reportingMTA: 'dns; a1-2.smtp-out.amazonses.com',
          },
          mail,
        }
      : {
          eventType: 'Complaint',
          complaint: {
            feedbackId: randomUUID(),
            complainedRecipients: recipients.map((emailAddress) => ({ emailAddress })),
            complaintFeedbackType: 'abuse',
            timestamp,
          },
          mail,
        };
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': kind === 'Bounce' ? 'Email Bounced' : 'Email Complaint Received',
    source: mailFeedback.source,
    account: '000000000000',
    time: timestamp,
    region: LOCAL_REGION,
    resources: [],
    detail,
  };
}

type EventFunction = (typeof eventFunctions)[number];

/**
 * The event function the cloud's rule hands `event` to (lib/stacks/jobs-stack.ts builds the same
 * patterns), or undefined when no rule matches and EventBridge would drop it. The user pool is not
 * matched: the local stack has one.
 */
export function ruleFor(event: unknown, configurationSet = LOCAL_CONFIGURATION_SET): EventFunction | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const { source, 'detail-type': detailType, detail } = event as { source?: unknown; 'detail-type'?: unknown; detail?: Record<string, unknown> };
  if (source === consoleSync.source && detailType === 'AWS API Call via CloudTrail') {
    const matches = detail?.eventSource === 'cognito-idp.amazonaws.com' && consoleEventNames.has(String(detail.eventName));
    return matches ? consoleSync : undefined;
  }
  if (source === mailFeedback.source && (mailFeedback.detailTypes as readonly unknown[]).includes(detailType)) {
    const tags = (detail?.mail as { tags?: Record<string, unknown> } | undefined)?.tags;
    const sets = tags?.['ses:configuration-set'];
    return Array.isArray(sets) && sets.includes(configurationSet) ? mailFeedback : undefined;
  }
  return undefined;
}

export interface EventBus {
  /** Called by the Cognito emulator after each successful API call. */
  cognitoCalled(target: string, request: unknown): void;
  /**
   * Puts an event on the bus, as a service does (the local SES's bounces and complaints): it reaches the
   * function whose rule matches asynchronously, after the caller has moved on, as with EventBridge.
   */
  publish(event: unknown): void;
  /**
   * Hands an event to the function whose rule matches now and resolves with its result (undefined when no
   * rule matches): tests replay events with it.
   */
  deliver(event: unknown): Promise<unknown>;
  /** Resolves when every delivery under way has ended. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The cloud's EventBridge rules of the event functions, in this process: each successful Cognito admin call
 * the console sync reads, and each SES event published here, is delivered to the matching handler
 * asynchronously, as EventBridge does, after the emitter has answered. A failed delivery is printed (the
 * cloud retries it and then keeps it in the jobs' dead-letter queue); stop() waits for deliveries under way.
 */
export function startEventBus(options: { root: string; quiet: boolean }): EventBus {
  const inFlight = new Set<Promise<unknown>>();
  const deliver = async (event: unknown) => {
    const target = ruleFor(event);
    if (!target) return undefined;
    const module = (await import(pathToFileURL(`${options.root}/${target.entry}`).href)) as { handler: (event: unknown) => Promise<unknown> };
    return module.handler(event);
  };
  const publish = (event: unknown) => {
    const { 'detail-type': detailType, detail } = event as { 'detail-type'?: unknown; detail?: { eventName?: unknown } };
    const label = `${ruleFor(event)?.id ?? 'no rule'} ${String(detail?.eventName ?? detailType)}`;
    const delivery = deliver(event).then(
      (result) => {
        if (!options.quiet) console.log(`[events] ${label}:`, JSON.stringify(result));
      },
      (error: unknown) => console.error(`[events] ${label} failed:`, error),
    );
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  };
  const settled = async () => {
    while (inFlight.size > 0) await Promise.all(inFlight);
  };
  return {
    cognitoCalled(target, request) {
      if (consoleEventNames.has(target)) publish(cloudTrailEventOf(target, request as Record<string, unknown>));
    },
    publish,
    deliver,
    settled,
    stop: settled,
  };
}
