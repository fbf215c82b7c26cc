import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDb } from '../lib/local/dynamodb';
import type { LocalStackOptions } from '../lib/local/stack';

const ENDPOINT = 'BISN_TEST_DYNAMODB_ENDPOINT';

/**
 * A global setup: one DynamoDB Local for the whole run (a JVM per stack would cost seconds and hundreds of
 * MB each), in memory; every stack of the tier makes a table of its own on it. Its URL reaches the test
 * workers through their environment.
 */
export default async function setup() {
  if (process.env[ENDPOINT]) return;
  const engine = await startDynamoDb({ port: 0, logFile: join(mkdtempSync(join(tmpdir(), 'bisn-ddb-')), 'dynamodb.log') });
  process.env[ENDPOINT] = engine.url;
  return async () => {
    delete process.env[ENDPOINT];
    await engine.stop();
  };
}

/** What a test's stack adds to its options: the run's engine, and requests that see what earlier ones derived. */
export function testEngineOptions(): Pick<LocalStackOptions, 'dynamodbEndpoint' | 'settleWrites'> {
  const endpoint = process.env[ENDPOINT];
  if (!endpoint) throw new Error(`${ENDPOINT} is not set: the tier's globalSetup must list test/dynamodb-engine.ts`);
  return { dynamodbEndpoint: endpoint, settleWrites: true };
}
