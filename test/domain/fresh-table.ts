import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { tableCredentials } from '../../lib/local/aws';
import { ensureTable } from '../../lib/local/dynamodb';
import { inStreamHandler, isReadCommand, startStreamPoller } from '../../lib/local/stream-poller';
import { dynamoDb } from '../../lambdas/core/aws';
import { resetEnvCache } from '../../lambdas/core/env';
import { handler } from '../../lambdas/streams/projector';
import { streamFunctions } from '../../shared/api/routes';
import { TEST_QUERY_PAGE_SIZE } from '../fixtures/inputs';
import { projectionsRun, useProjector } from './projections';

/**
 * Each domain test file gets a table of its own on the run's DynamoDB Local, so a job that reads everything
 * (the blast, expiry, rematch) sees only what the file made, with the projector fed from its stream in this
 * worker; and every full read pages by a few items, so each data set spans pages.
 */
const tableName = `bisn-domain-${randomUUID().slice(0, 8)}`;
const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '';
await ensureTable(endpoint, tableName);
process.env.TABLE_NAME = tableName;
// The file's table is in a database of its own on the engine (see tableCredentials).
Object.assign(process.env, { AWS_ACCESS_KEY_ID: tableCredentials(tableName).accessKeyId, AWS_SECRET_ACCESS_KEY: tableCredentials(tableName).secretAccessKey });
process.env.QUERY_PAGE_SIZE = String(TEST_QUERY_PAGE_SIZE);
resetEnvCache();

let writesSent = 0;
const projector = startStreamPoller({
  endpoint,
  tableName,
  handler,
  batchSize: streamFunctions[0].batchSize,
  maxAttempts: streamFunctions[0].retryAttempts + 1,
  idleMs: 20,
  writesSent: () => writesSent,
});
useProjector(projector);
afterAll(() => projector.stop());

/**
 * A read after a write waits until the stream's projections have caught up with it, as the api tier's
 * requests do: what a write derives is there for the test's next read, as it is a moment later in the cloud.
 * The projector's own calls go straight through.
 */
dynamoDb().middlewareStack.add(
  (next, context) => async (args) => {
    if (!inStreamHandler()) {
      if (!isReadCommand(String(context.commandName))) writesSent++;
      else if (projectionsRun()) await projector.settled(120_000);
    }
    return next(args);
  },
  { step: 'initialize', name: 'settleBeforeRead' },
);
