import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../../lambdas/core/env';
import { httpHandler, type Event } from '../../../lambdas/core/http';
import { recentCallers } from '../../../lambdas/core/recent-callers';
import { countActiveRequirements } from '../../../shared/api/contract';

// The logger reads its level when its module loads.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

const CALLER = 'caller-sub';
const handlerEnv = {
  TABLE_NAME: 'unit',
  IMAGES_BUCKET: 'unit',
  ASSET_BASE_URL: 'http://assets.test',
  SITE_URL: 'http://site.test',
  API_URL: 'http://api.test',
  MAIL_FROM: 'BISN <no-reply@bisn.test>',
  USER_POOL_ID: 'pool',
  UNSUBSCRIBE_SECRET: 'unit-test-unsubscribe-secret',
};

/** A signed-in GET as the gateway hands it over; the caller was seen active moments ago (no record read). */
const event = {
  version: '2.0',
  rawPath: '/requirements/active-count',
  headers: {},
  isBase64Encoded: false,
  requestContext: { requestId: 'r-1', authorizer: { jwt: { claims: { sub: CALLER }, scopes: null } } },
} as unknown as Event;

async function answer(output: unknown): Promise<{ statusCode?: number; body?: string }> {
  resetEnvCache();
  const handler = httpHandler(countActiveRequirements, async () => output as { count: number });
  return handler(event, {} as Context);
}

describe('httpHandler responses', () => {
  beforeEach(() => {
    for (const [name, value] of Object.entries(handlerEnv)) vi.stubEnv(name, value);
    recentCallers.set(CALLER, 'active');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    recentCallers.delete(CALLER);
    resetEnvCache();
  });

  it('sends what the schema makes of the answer, with or without the check', async () => {
    for (const check of ['true', 'false']) {
      vi.stubEnv('CHECK_RESPONSES', check);
      expect(await answer({ count: 3 })).toMatchObject({ statusCode: 200, body: '{"count":3}' });
    }
  });

  it('with CHECK_RESPONSES, refuses an answer the schema would change or reject (500), so tests see it', async () => {
    vi.stubEnv('CHECK_RESPONSES', 'true');
    for (const output of [{ count: 3, internal: 'pk#1' }, { count: -1 }, {}]) {
      expect((await answer(output)).statusCode).toBe(500);
    }
  });

  it('without the check (as deployed) sends the answer as it is', async () => {
    vi.stubEnv('CHECK_RESPONSES', 'false');
    expect(await answer({ count: 3, internal: 'pk#1' })).toMatchObject({ statusCode: 200, body: '{"count":3,"internal":"pk#1"}' });
  });
});
