import { randomUUID } from 'node:crypto';
import { ensureTable } from '../../lib/local/dynamodb';
import { resetEnvCache } from '../../lambdas/core/env';
import { TEST_QUERY_PAGE_SIZE } from '../fixtures/inputs';

/**
 * Each domain test file gets a table of its own on the run's dynalite, so a job that reads everything (the
 * blast, expiry, rematch) sees only what the file made; and every full read pages by a few items, so each
 * data set spans pages.
 */
const tableName = `bisn-domain-${randomUUID().slice(0, 8)}`;
await ensureTable(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '', tableName);
process.env.TABLE_NAME = tableName;
process.env.QUERY_PAGE_SIZE = String(TEST_QUERY_PAGE_SIZE);
resetEnvCache();
