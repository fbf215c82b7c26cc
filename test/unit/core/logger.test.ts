import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The functions' logger (lambdas/core/logger.ts, Powertools): what a line carries, where it goes, and
 * the level from LOG_LEVEL. Each test loads the module afresh: the level is read when it loads.
 */
function capture() {
  const lines: { stream: 'stdout' | 'stderr'; entry: Record<string, unknown> }[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push({ stream, entry: JSON.parse(text) as Record<string, unknown> });
      return true;
    });
  }
  return lines;
}

async function freshLogger(level?: string) {
  vi.resetModules();
  vi.stubEnv('LOG_LEVEL', level);
  return (await import('../../../lambdas/core/logger')).logger;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('logger', () => {
  it('writes one JSON line per entry: level, message, time, service, the keys added and the fields, errors serialised', async () => {
    const logger = await freshLogger('INFO');
    const lines = capture();
    logger.appendKeys({ route: 'getListing' });
    logger.info('request', { status: 200, ms: 12 });
    logger.resetKeys();
    logger.warn('mail send failed', { to: 'a@example.com', error: new Error('SES said no') });
    expect(lines[0]).toMatchObject({ stream: 'stdout', entry: { level: 'INFO', message: 'request', service: 'bisn-api', route: 'getListing', status: 200, ms: 12 } });
    expect(Date.parse(lines[0]!.entry.timestamp as string)).not.toBeNaN();
    expect(lines[1]!.entry).not.toHaveProperty('route');
    expect(lines[1]!.entry).toMatchObject({ level: 'WARN', to: 'a@example.com', error: { name: 'Error', message: 'SES said no' } });
  });

  it('takes its level from LOG_LEVEL: WARN drops INFO; SILENT writes nothing', async () => {
    const warnOnly = await freshLogger('warn');
    let lines = capture();
    warnOnly.info('dropped');
    warnOnly.error('kept');
    expect(lines.map((l) => l.entry.message)).toEqual(['kept']);
    vi.restoreAllMocks();

    const silent = await freshLogger('SILENT');
    lines = capture();
    silent.error('nothing');
    expect(lines).toEqual([]);
  });

  it('an HTTP handler’s lines carry the function name, the request id and the cold-start flag', async () => {
    vi.resetModules();
    const env = {
      TABLE_NAME: 't', IMAGES_BUCKET: 'b', ASSET_BASE_URL: 'http://localhost/images', SITE_URL: 'http://localhost', API_URL: 'http://localhost/api',
      MAIL_FROM: 'BISN <no-reply@bisn.example>', USER_POOL_ID: 'p', UNSUBSCRIBE_SECRET: 'x'.repeat(32), LOG_LEVEL: 'INFO',
    };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const { httpHandler } = await import('../../../lambdas/core/http');
    const { countActiveRequirements } = await import('../../../shared/api/contract');
    const handler = httpHandler(countActiveRequirements, async () => ({ count: 1 }));
    const lines = capture();
    const context = { functionName: 'bisn-dev-Api-countActiveRequirements', awsRequestId: 'req-42', functionVersion: '$LATEST', invokedFunctionArn: 'arn:aws:lambda:us-west-2:1:function:f', memoryLimitInMB: '512' } as Context;
    // No token: a 401, logged as a refusal.
    await handler({ headers: {}, requestContext: { requestId: 'req-42' } } as never, context);
    expect(lines.at(-1)?.entry).toMatchObject({ function_name: 'bisn-dev-Api-countActiveRequirements', function_request_id: 'req-42', cold_start: expect.any(Boolean) });
  });
});
