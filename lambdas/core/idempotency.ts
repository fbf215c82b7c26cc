import { IdempotencyAlreadyInProgressError, IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { dynamoDb } from './aws';
import { env } from './env';
import { badRequest, conflict } from './errors';

/** A repeated Idempotency-Key within this time answers the first result. */
export const IDEMPOTENCY_SECONDS = 24 * 60 * 60;
export const idempotencyKeyHeader = 'idempotency-key';
const keyShape = /^[A-Za-z0-9_-]{8,128}$/;
export const inProgressMessage = 'This request is already under way. Wait a moment, then check before trying again.';

interface Identity {
  readonly route: string;
  readonly sub: string;
  readonly key: string;
}

type Runner = (identity: Identity, work: () => Promise<unknown>) => Promise<unknown>;
let runner: Runner | undefined;
let config: IdempotencyConfig | undefined;

/**
 * Powertools idempotency on the single table: records `pk = IDEMPOTENCY`, `sk` = the hash of the route, the
 * caller and the key (lambdas/data/README.md). The first call runs and its answer is kept for 24 h; a
 * repeat answers it without running again; a repeat while the first still runs is a 409.
 */
function idempotentRunner(): Runner {
  if (!runner) {
    const persistenceStore = new DynamoDBPersistenceLayer({
      tableName: env().TABLE_NAME,
      awsSdkV3Client: dynamoDb(),
      keyAttr: 'pk',
      sortKeyAttr: 'sk',
      staticPkValue: 'IDEMPOTENCY',
    });
    config = new IdempotencyConfig({ expiresAfterSeconds: IDEMPOTENCY_SECONDS });
    runner = makeIdempotent(async (_identity: Identity, work: () => Promise<unknown>) => work(), { persistenceStore, config, dataIndexArgument: 0 });
  }
  return runner;
}

/**
 * Runs `work` once per Idempotency-Key of this caller and route: the header the web app sends, one per user
 * action, reused on retries. Without the header the work simply runs.
 */
export async function oncePerKey<T>(
  headerValue: string | undefined,
  identity: Omit<Identity, 'key'>,
  context: Context,
  work: () => Promise<T>,
): Promise<T> {
  if (headerValue === undefined) return work();
  if (!keyShape.test(headerValue)) throw badRequest('The Idempotency-Key header must be 8 to 128 letters, digits, - or _.');
  const run = idempotentRunner();
  // The in-progress record then lapses when this invocation's time is up: a function killed mid-work does
  // not leave the broker's retry answered "already under way" for the record's whole day.
  config!.registerLambdaContext(context);
  try {
    return (await run({ ...identity, key: headerValue }, work)) as T;
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) throw conflict(inProgressMessage);
    throw error;
  }
}
