import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBRecord } from 'aws-lambda';
import { queueFunctions, routes, streamFunctions } from '../../shared/api/routes';
import { senderPostalAddress, unsubscribeRequestLimits } from '../../shared/catalog/product';
import { localCredentials, LOCAL_REGION, tableCredentials } from './aws';
import { codeMailer } from './code-mail';
import { startCognito } from './cognito';
import { ensureTable, startDynamoDb } from './dynamodb';
import { startGateway } from './gateway';
import { localUrl, reservePort } from './net';
import { startS3 } from './s3';
import { dailyCreationLimits } from '../config/daily-limits';
import { LOCAL_CONFIGURATION_SET, startEventBus, type EventBus } from './events';
import { startScheduler } from './scheduler';
import { seedOnce } from './seed';
import type { StackInfo } from './stack-info';
import { startQueuePoller } from './queue-poller';
import { isReadCommand, startStreamPoller } from './stream-poller';
import { startSes } from './ses';
import { createDeliveryQueues, startSqs } from './sqs';
import { REPO_ROOT } from './state';
import { serveStaticSite } from './static-site';
import { buildWebApp, startWeb, type LocalRuntimeConfig, type WebServer } from './web';

export const TABLE_NAME = 'bisn-local';
export const IMAGES_BUCKET = 'bisn-images-local';
export const MAIL_FROM = 'BISN <no-reply@bisn.local>';
/** Signs one-click unsubscribe links locally; the cloud reads its key from Secrets Manager. */
export const LOCAL_UNSUBSCRIBE_SECRET = 'local-unsubscribe-secret-not-for-production';

/** `npm start`'s ports; each can be changed with the environment variable named beside it. */
export const DEFAULT_PORTS = { web: 5173, api: 3001, cognito: 9229, dynamodb: 4567, s3: 4569, ses: 8005, sqs: 9324 } as const;
export type PortName = keyof typeof DEFAULT_PORTS;

export interface LocalStackOptions {
  /** Where state persists (`.local` for npm start); undefined keeps everything in memory or a temp dir. */
  dataDir?: string;
  /** 0 picks a free port; a missing entry takes DEFAULT_PORTS. */
  ports?: Partial<Record<PortName, number>>;
  /**
   * The web app: true for Vite's dev server (hot reload, `npm start`), 'built' for the production build
   * served as CloudFront serves it (the browser tests); default none.
   */
  web?: boolean | 'built';
  /** The in-process job schedules (default false). */
  scheduler?: boolean;
  /**
   * The queue functions (the delivery worker) fed from the SQS emulator as Lambda's event source would
   * (default: as `scheduler`). Off, the queues are there and tests drain them with pollers of their own.
   */
  queueWorkers?: boolean;
  /** The delivery queue's visibility timeout: how long a crashed worker's messages wait to come back (default 30 s). */
  deliveryVisibilitySeconds?: number;
  /** How long a delivery message its worker failed waits to come back (DELIVERY_RETRY_SECONDS; default 1 s, the cloud's 60). */
  deliveryRetrySeconds?: number;
  /** Seed the demo data once (default false). */
  seed?: boolean;
  /** No emulator, gateway or scheduler output, and the handlers log warnings and errors only (default false). */
  quiet?: boolean;
  /** The handlers' LOG_LEVEL, over what `quiet` sets (the browser tests keep the warnings of faults they cause out of the log). */
  logLevel?: 'INFO' | 'WARN' | 'ERROR';
  /**
   * Handlers check every response against its schema (CHECK_RESPONSES, lambdas/core/http.ts); default
   * true. The bench turns it off to measure the handlers as deployed.
   */
  checkResponses?: boolean;
  /** What one broker may create a day (default: the dev stage's limits, as `npm start` runs). */
  dailyLimits?: { requirements: number; listings: number };
  /** The unsubscribe form's hourly limits (default: the deployed stages'); tests that send many raise them. */
  unsubscribeRequestLimits?: { perAddress: number; perClient: number };
  /** Items per Query page of the jobs' full reads (QUERY_PAGE_SIZE); tests set a few to read past page one. */
  queryPageSize?: number;
  /**
   * A DynamoDB Local already running (the tests' one engine, test/dynamodb-engine.ts): the stack makes a
   * table of its own on it instead of starting an engine. Default: an engine of the stack's own.
   */
  dynamodbEndpoint?: string;
  /**
   * Every API request waits until the stream's projections have caught up with the changes before it
   * (tests: what a request derived is there for the next one, as it is a moment later in the cloud). Default false.
   */
  settleWrites?: boolean;
}

export type { StackInfo } from './stack-info';

let writesSent = 0;
let writesCounted: object | undefined;

/** Counts the writes the handlers of this process send to the table (their one client), for the settles. */
async function countWrites(): Promise<void> {
  const { dynamoDb } = await import('../../lambdas/core/aws');
  const client = dynamoDb();
  if (writesCounted === client) return;
  writesCounted = client;
  client.middlewareStack.add(
    (next, context) => (args) => {
      if (!isReadCommand(String(context.commandName))) writesSent++;
      return next(args);
    },
    { step: 'initialize', name: 'countLocalWrites' },
  );
}

export interface LocalStack extends StackInfo {
  /**
   * The local event bus (in this process only): `deliver` hands an event to the function the cloud's rule
   * would, `settled` waits for the deliveries under way (an SES bounce is delivered after the send answered).
   */
  events: Pick<EventBus, 'deliver' | 'settled'>;
  /** Resolves once the stream's projections have caught up with every change committed before the call. */
  projectionsSettled(timeoutMs?: number): Promise<void>;
  /** Runs a bulk seed that writes its derived records itself; the projector passes over its changes. */
  unprojected<T>(write: () => Promise<T>): Promise<T>;
  /** Stream records the projector kept failing on (the cloud's failure-destination queue). */
  projectionFailures: readonly DynamoDBRecord[];
  /** Stops every piece (servers closed, temp dirs removed); safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The whole product on one machine, in this process: DynamoDB Local (or a table on a running one) with the stream projector, cognito-local (+ our extras), s3rver,
 * aws-ses-v2-local, local-aws-sqs (the delivery queue and its workers), the API gateway over the same route table and handlers, the job scheduler and Vite.
 * Handlers read `env`, which is also written onto process.env before the first handler is imported.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const quiet = options.quiet ?? false;
  const port = (name: PortName) => options.ports?.[name] ?? DEFAULT_PORTS[name];
  const dataDir = options.dataDir === undefined ? undefined : resolve(options.dataDir);
  const scratch = dataDir ?? mkdtempSync(join(tmpdir(), 'bisn-local-'));
  const stoppers: (() => Promise<void>)[] = [];
  if (!dataDir) stoppers.push(async () => rmSync(scratch, { recursive: true, force: true }));
  const stop = once(async () => {
    const errors: unknown[] = [];
    for (const stopper of stoppers.reverse()) await stopper().catch((error: unknown) => errors.push(error));
    if (errors.length) throw new AggregateError(errors, 'local stack: some pieces did not stop cleanly');
  });

  try {
    // The site's origin is part of the handlers' env and the CORS rules, so its port is fixed (and held) first.
    const webReservation = options.web && port('web') === 0 ? await reservePort() : undefined;
    if (webReservation) stoppers.push(webReservation.release);
    const webPort = webReservation?.port ?? (port('web') || DEFAULT_PORTS.web);
    const siteUrl = localUrl(webPort);

    // The event rules of the event functions; SES publishes bounces and complaints to it, Cognito its admin calls.
    const events = startEventBus({ root: REPO_ROOT, quiet });
    const ses = await startSes({ port: port('ses'), configurationSet: LOCAL_CONFIGURATION_SET, publish: (event) => events.publish(event) });
    stoppers.push(ses.stop);
    const sesClient = new SESv2Client({ endpoint: ses.url, region: LOCAL_REGION, credentials: localCredentials });
    stoppers.push(async () => sesClient.destroy());

    let dynamodbUrl = options.dynamodbEndpoint;
    if (!dynamodbUrl) {
      const dynamodb = await startDynamoDb({ port: port('dynamodb'), path: dataDir && join(dataDir, 'ddb'), logFile: join(scratch, 'dynamodb.log') });
      stoppers.push(dynamodb.stop);
      dynamodbUrl = dynamodb.url;
    }
    // One engine for many stacks (the tests'): a table each.
    const tableName = options.dynamodbEndpoint ? `bisn-${randomUUID().slice(0, 8)}` : TABLE_NAME;
    await ensureTable(dynamodbUrl, tableName);

    const sqs = await startSqs({ port: port('sqs') });
    stoppers.push(sqs.stop);
    const sqsClient = new SQSClient({ endpoint: sqs.url, region: LOCAL_REGION, credentials: localCredentials });
    stoppers.push(async () => sqsClient.destroy());
    const deliveryQueues = await createDeliveryQueues(sqsClient, 'bisn-delivery-local', options.deliveryVisibilitySeconds ?? 30);

    const s3 = await startS3({ port: port('s3'), directory: join(scratch, 's3'), bucket: IMAGES_BUCKET, webOrigin: siteUrl });
    stoppers.push(s3.stop);

    const cognito = await startCognito({
      port: port('cognito'),
      directory: join(scratch, 'cognito'),
      sendCode: codeMailer(sesClient, MAIL_FROM),
      onCall: (target, request) => events.cognitoCalled(target, request),
    });
    stoppers.push(cognito.stop);

    // The table's change stream feeds the projector, as the stream's event source mapping does in the cloud.
    const projector = startStreamPoller({
      endpoint: dynamodbUrl,
      tableName,
      handler: { root: REPO_ROOT, entry: streamFunctions[0].entry },
      batchSize: streamFunctions[0].batchSize,
      maxAttempts: streamFunctions[0].retryAttempts + 1,
      idleMs: options.settleWrites ? 20 : 100,
      ...(options.settleWrites && { writesSent: () => writesSent }),
      ...(dataDir && { checkpointFile: join(dataDir, 'stream-position.json') }),
      onError: (error) => quiet || console.error('[stream] projector failed (retried):', error),
      onGiveUp: (record) => console.error(`[stream] projector gave up on ${JSON.stringify(record.dynamodb?.Keys)} (seq ${record.dynamodb?.SequenceNumber})`),
    });
    stoppers.push(projector.stop);

    const gateway = await startGateway({
      ...(options.settleWrites && { beforeRequest: () => projector.settled() }),
      port: port('api'),
      routes,
      issuer: `${cognito.url}/${cognito.userPoolId}`,
      audience: cognito.userPoolClientId,
      webOrigin: siteUrl,
      root: REPO_ROOT,
      quiet,
    });
    stoppers.push(gateway.stop);
    // Stopped before the emulators its deliveries call: its stopper is pushed after theirs.
    stoppers.push(events.stop);

    const assetBaseUrl = `${s3.url}/${IMAGES_BUCKET}`;
    const unsubscribeLimits = options.unsubscribeRequestLimits ?? unsubscribeRequestLimits;
    const env: Record<string, string> = {
      TABLE_NAME: tableName,
      IMAGES_BUCKET,
      ASSET_BASE_URL: assetBaseUrl,
      SITE_URL: siteUrl,
      API_URL: gateway.url,
      MAIL_FROM,
      USER_POOL_ID: cognito.userPoolId,
      UNSUBSCRIBE_SECRET: LOCAL_UNSUBSCRIBE_SECRET,
      POSTAL_ADDRESS: senderPostalAddress,
      UNSUBSCRIBE_LIMIT_PER_ADDRESS: String(unsubscribeLimits.perAddress),
      UNSUBSCRIBE_LIMIT_PER_CLIENT: String(unsubscribeLimits.perClient),
      GEOCODER: 'zip-centroids',
      AWS_REGION: LOCAL_REGION,
      LOG_LEVEL: options.logLevel ?? (quiet ? 'WARN' : 'INFO'),
      // The business metrics' EMF lines print with the other logs of `npm start` at BISN_LOG=info, not in tests.
      POWERTOOLS_METRICS_DISABLED: String(quiet || (options.logLevel ?? 'INFO') !== 'INFO'),
      AWS_ENDPOINT_URL_DYNAMODB: dynamodbUrl,
      AWS_ENDPOINT_URL_S3: s3.url,
      AWS_ENDPOINT_URL_SESV2: ses.url,
      AWS_ENDPOINT_URL_SQS: sqs.url,
      DELIVERY_QUEUE_URL: deliveryQueues.queueUrl,
      DELIVERY_RETRY_SECONDS: String(options.deliveryRetrySeconds ?? 1),
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.url,
      S3_FORCE_PATH_STYLE: 'true',
      CHECK_RESPONSES: String(options.checkResponses ?? true),
      DAILY_REQUIREMENT_LIMIT: String((options.dailyLimits ?? dailyCreationLimits.dev).requirements),
      DAILY_LISTING_LIMIT: String((options.dailyLimits ?? dailyCreationLimits.dev).listings),
      // The handlers' table is under its own key (see tableCredentials); the other emulators take any key.
      AWS_ACCESS_KEY_ID: tableCredentials(tableName).accessKeyId,
      AWS_SECRET_ACCESS_KEY: tableCredentials(tableName).secretAccessKey,
      ...(options.queryPageSize ? { QUERY_PAGE_SIZE: String(options.queryPageSize) } : {}),
    };
    // Handlers validate process.env when their module loads. The gateway imports one on its first request,
    // which cannot arrive before this synchronous continuation of its listen() has run.
    Object.assign(process.env, env);
    if (options.settleWrites) await countWrites();

    const runtimeConfig: LocalRuntimeConfig = {
      apiUrl: gateway.url,
      region: LOCAL_REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      assetBaseUrl,
      cognitoEndpoint: cognito.url,
      stage: 'local',
      mailViewerUrl: ses.url,
    };
    let web: WebServer | undefined;
    if (options.web === 'built') {
      const distDir = join(scratch, 'web');
      await buildWebApp(REPO_ROOT, distDir);
      await webReservation?.release();
      web = await serveStaticSite(distDir, runtimeConfig, webPort);
    } else if (options.web) {
      await webReservation?.release();
      web = await startWeb({ root: REPO_ROOT, port: webPort, quiet, runtimeConfig });
    }
    if (web) stoppers.push(web.stop);

    const stack: LocalStack = {
      urls: {
        ...(web && { web: web.url }),
        api: gateway.url,
        cognito: cognito.url,
        dynamodb: dynamodbUrl,
        s3: s3.url,
        ses: ses.url,
        sqs: sqs.url,
        mailViewer: ses.url,
      },
      deadLetterQueueUrl: deliveryQueues.deadLetterQueueUrl,
      env,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      demoLogins: [],
      events: { deliver: events.deliver, settled: events.settled },
      projectionsSettled: (timeoutMs) => projector.settled(timeoutMs),
      unprojected: (write) => projector.passOver(write, 300_000),
      projectionFailures: projector.givenUp,
      stop,
    };
    if (options.seed) {
      stack.demoLogins = await seedOnce(stack);
      await projector.settled(120_000);
    }
    // After the seed, so a job never sees half-written demo data.
    if (options.queueWorkers ?? options.scheduler) {
      for (const fn of queueFunctions) {
        const poller = startQueuePoller({
          client: sqsClient,
          queueUrl: deliveryQueues.queueUrl,
          handler: { root: REPO_ROOT, entry: fn.entry },
          batchSize: fn.batchSize,
          concurrency: fn.maxConcurrency,
          onError: (error) => quiet || console.error(`[queue] ${fn.id} failed:`, error),
        });
        stoppers.push(poller.stop);
      }
    }
    if (options.scheduler) stoppers.push(startScheduler({ root: REPO_ROOT, quiet }).stop);
    return stack;
  } catch (error) {
    await stop().catch((stopError: unknown) => console.error(stopError));
    throw error;
  }
}

function once(task: () => Promise<void>): () => Promise<void> {
  let run: Promise<void> | undefined;
  return () => (run ??= task());
}
