import { randomUUID } from 'node:crypto';
import { toPlainText } from '@react-email/render';
import { plainTextOptions } from '../../../lambdas/domain/mail/render';
import { simpleParser } from 'mailparser';
import type { RouteId } from '../../../shared/api/routes';
import { callWithProfileVersion, type RouteAnswer, type RouteRequest } from '../http';
import type { CreateRequirementInput, Requirement } from '../../../shared/api';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../../lib/local/stack';
import { SQSClient } from '@aws-sdk/client-sqs';
import { localCredentials, LOCAL_REGION } from '../../../lib/local/aws';
import { DRAIN_WAIT_SECONDS, startQueuePoller } from '../../../lib/local/queue-poller';
import { queueFunctions } from '../../../shared/api/routes';
import { createConfirmedUser, signIn } from '../../../lib/local/testing';
import { TEST_QUERY_PAGE_SIZE, validRequirement } from '../../fixtures/inputs';

export { TEST_QUERY_PAGE_SIZE, validRequirement };

/**
 * A local stack of this test file's own, on free ports and in memory, without the scheduler: the tests
 * run the broadcast job themselves, so nothing else moves a requirement while they look at it.
 */
export async function startStack(options: Pick<LocalStackOptions, 'unsubscribeRequestLimits'> = {}): Promise<LocalStack> {
  return startLocalStack({
    ports: { api: 0, cognito: 0, dynamodb: 0, s3: 0, ses: 0, sqs: 0 },
    quiet: true,
    dailyLimits: generousDailyLimits,
    queryPageSize: TEST_QUERY_PAGE_SIZE,
    ...options,
  });
}


/**
 * The api tier's stacks let a broker create far more than a real day's limit: its tests and fuzzing
 * create hundreds of items per broker. The limits themselves are tested against the dev stage's values
 * in test/e2e/creation-limits.test.ts.
 */
export const generousDailyLimits = { requirements: 100_000, listings: 100_000 };

export type ApiAnswer<T = Record<string, unknown>> = RouteAnswer<T>;

/** Calls a route of this stack's gateway by id (Bearer ID token, JSON). */
export function call<T = Record<string, unknown>>(
  stack: LocalStack,
  token: string | null,
  id: RouteId,
  options: RouteRequest = {},
): Promise<ApiAnswer<T>> {
  return callWithProfileVersion<T>(stack.urls.api, token, id, options);
}

export interface Broker {
  userId: string;
  email: string;
  token: string;
}

const PASSWORD = 'Test!2345pass';

/** A signed-in user with a record (created by the API on first read), optionally an operator; an address of the label's unless given. */
export async function newUser(stack: LocalStack, label: string, options: { operator?: boolean; firstName?: string; email?: string } = {}): Promise<Broker> {
  const email = options.email ?? `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const userId = await createConfirmedUser(stack, {
    email,
    password: PASSWORD,
    firstName: options.firstName ?? label,
    lastName: 'Tester',
    operator: options.operator,
  });
  const { idToken } = await signIn(stack, email, PASSWORD);
  const answer = await call(stack, idToken, 'getUserByCognitoId', { params: { cognitoId: userId } });
  if (answer.status !== 200) throw new Error(`user record for ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { userId, email, token: idToken };
}

/** An approved broker: signed up, then approved by an operator through the API. */
export async function newApprovedBroker(stack: LocalStack, operator: Broker, label: string, options: { email?: string } = {}): Promise<Broker> {
  const broker = await newUser(stack, label, options);
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: broker.userId } }));
  return broker;
}

/**
 * An approved delegate of `broker`: a new account asks, the broker confirms, an operator approves
 * the account (which approves its confirmed delegations).
 */
export async function newDelegate(stack: LocalStack, operator: Broker, broker: Broker, label: string): Promise<Broker> {
  const delegate = await newUser(stack, label);
  await expectOk(call(stack, delegate.token, 'requestDelegation', { body: { brokerEmail: broker.email } }));
  await expectOk(call(stack, broker.token, 'updateDelegation', { params: { brokerId: broker.userId, delegateId: delegate.userId }, body: { action: 'confirm' } }));
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: delegate.userId } }));
  return delegate;
}

/** The header of a delegate's call for `broker`. */
export const actingFor = (broker: Pick<Broker, 'userId'>) => ({ 'x-acting-for': broker.userId });

export async function expectOk<T>(answer: Promise<ApiAnswer<T>>): Promise<T> {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`expected 2xx, got ${status}: ${JSON.stringify(body)}`);
  return body;
}


export async function createRequirement(stack: LocalStack, author: Broker, overrides: Partial<CreateRequirementInput> = {}) {
  const body = await expectOk(
    call<{ requirement: Requirement }>(stack, author.token, 'createRequirement', { body: validRequirement(overrides) }),
  );
  return body.requirement;
}

/** One mail in the local SES store, headers included. */
export interface StoredMail {
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  headers: { name: string; value: string }[];
}

export async function readMailStore(stack: Pick<LocalStack, 'urls'>): Promise<StoredMail[]> {
  const response = await fetch(`${stack.urls.ses}/store`);
  const { emails } = (await response.json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { html?: string; text?: string }; headers?: StoredMail['headers'] }[];
  };
  return emails.map((e) => ({ to: e.destination.to, subject: e.subject, html: e.body.html, text: e.body.text, headers: e.headers ?? [] }));
}

/** One mail as a mail client reads it: the MIME message the SES emulator holds, parsed by mailparser. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Lower-case header name → its value as sent (mailparser's `headerLines`). */
  header(name: string): string | undefined;
  /** What a reader sees of the HTML part: its text, entities decoded (html-to-text, as the text part is made). */
  visibleHtml: string;
}

/** Every mail the stack's SES emulator received, each fetched as its MIME message and parsed. */
export async function readReceivedMails(stack: Pick<LocalStack, 'urls'>, since = 0): Promise<ReceivedMail[]> {
  const { emails } = (await (await fetch(`${stack.urls.ses}/store`)).json()) as { emails: { messageId: string }[] };
  return Promise.all(
    emails.slice(since).map(async ({ messageId }) => {
      const answer = (await (await fetch(`${stack.urls.ses}/get-emlContent?messageId=${encodeURIComponent(messageId)}`)).json()) as {
        body: { data: number[] };
      };
      const parsed = await simpleParser(Buffer.from(answer.body.data));
      const addresses = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
      const html = parsed.html || '';
      return {
        to: addresses,
        subject: parsed.subject ?? '',
        html,
        text: parsed.text ?? '',
        header: (name: string) => {
          const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
          return line?.slice(line.indexOf(':') + 1).trim();
        },
        visibleHtml: toPlainText(html, plainTextOptions),
      };
    }),
  );
}

/** How many mails the emulator holds now: pass it to readReceivedMails to read only what came after. */
export async function mailCount(stack: Pick<LocalStack, 'urls'>): Promise<number> {
  return (await readMailStore(stack)).length;
}

/**
 * The delivery workers, in this process (Lambda's event source for the stack's delivery queue, so faults
 * injected here reach them), fed until the queue is empty, redeliveries included.
 */
export async function drainDeliveryQueue(): Promise<void> {
  const { handler } = await import('../../../lambdas/queues/delivery');
  const client = new SQSClient({ endpoint: process.env.AWS_ENDPOINT_URL_SQS, region: LOCAL_REGION, credentials: localCredentials });
  const fn = queueFunctions.find((candidate) => candidate.id === 'deliveryWorker')!;
  const poller = startQueuePoller({ client, queueUrl: process.env.DELIVERY_QUEUE_URL!, handler, batchSize: fn.batchSize, concurrency: fn.maxConcurrency, waitSeconds: DRAIN_WAIT_SECONDS });
  try {
    await poller.drain();
  } finally {
    await poller.stop();
    client.destroy();
  }
}

/** Runs the broadcast job's handler in this process against the stack, as the scheduler does, then its mails' workers. */
export async function runBroadcast(event?: { time: string }) {
  const { handler } = await import('../../../lambdas/jobs/broadcast-requirements');
  const report = await handler(event);
  await drainDeliveryQueue();
  return report;
}
