import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Business metrics (lambdas/core/metrics.ts): EMF lines, flushed once per invocation by the HTTP pipeline. */
function captureStdout() {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Record<string, unknown>);
    return true;
  });
  return lines;
}
const emfLines = (lines: Record<string, unknown>[]) => lines.filter((line) => '_aws' in line);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('business metrics', () => {
  it('a recorded count becomes one EMF line in the BISN namespace when flushed; nothing recorded, nothing written', async () => {
    vi.resetModules();
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const { countMetric, flushMetrics } = await import('../../../lambdas/core/metrics');
    const lines = captureStdout();
    flushMetrics();
    expect(emfLines(lines)).toEqual([]);
    countMetric('BroadcastMailsSent', 3);
    countMetric('BroadcastMailsFailed', 0);
    flushMetrics();
    const [emf] = emfLines(lines) as [{ _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string; Unit: string }[] }[] }; BroadcastMailsSent: number; service: string }];
    expect(emf._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'BISN', Metrics: [{ Name: 'BroadcastMailsSent', Unit: 'Count' }] });
    expect(emf.BroadcastMailsSent).toBe(3);
    expect(emf.service).toBe('bisn-api');
  });

  it('a gauge is written even at zero, so an alarm tells "fine" from "not reporting"', async () => {
    vi.resetModules();
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const { gaugeMetric, flushMetrics } = await import('../../../lambdas/core/metrics');
    const lines = captureStdout();
    gaugeMetric('BlastLate', 0);
    gaugeMetric('BroadcastBacklogSeconds', 42.5, 'Seconds');
    flushMetrics();
    const [emf] = emfLines(lines) as [{ _aws: { CloudWatchMetrics: { Metrics: { Name: string; Unit: string }[] }[] }; BlastLate: number; BroadcastBacklogSeconds: number }];
    expect(emf._aws.CloudWatchMetrics[0]!.Metrics).toEqual(
      expect.arrayContaining([{ Name: 'BlastLate', Unit: 'Count' }, { Name: 'BroadcastBacklogSeconds', Unit: 'Seconds' }]),
    );
    expect([emf.BlastLate, emf.BroadcastBacklogSeconds]).toEqual([0, 42.5]);
  });

  it('the HTTP pipeline flushes what its invocation recorded', async () => {
    vi.resetModules();
    const env = {
      TABLE_NAME: 't', IMAGES_BUCKET: 'b', ASSET_BASE_URL: 'http://localhost/images', SITE_URL: 'http://localhost', API_URL: 'http://localhost/api',
      MAIL_FROM: 'BISN <no-reply@bisn.example>', USER_POOL_ID: 'p', UNSUBSCRIBE_SECRET: 'x'.repeat(32), LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'false', CHECK_RESPONSES: 'false',
    };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const { httpHandler } = await import('../../../lambdas/core/http');
    const { countMetric } = await import('../../../lambdas/core/metrics');
    const { createUser } = await import('../../../shared/api/contract');
    // A public route, so no caller record is needed: the fake domain function records a metric.
    const handler = httpHandler(createUser, async () => {
      countMetric('AccountApproved');
      return { user: {} } as never;
    });
    const lines = captureStdout();
    await handler({ headers: {}, body: JSON.stringify({ email: 'a@example.com', firstName: 'A', lastName: 'B', cognitoId: 'abc', acceptedTermsAndConditions: true }), requestContext: { requestId: 'r' } } as never, {} as Context);
    expect(emfLines(lines).map((line) => line.AccountApproved)).toEqual([1]);
  });
});
