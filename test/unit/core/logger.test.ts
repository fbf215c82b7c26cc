import { afterEach, describe, expect, it, vi } from 'vitest';
import { Logger } from '../../../lambdas/core/logger';

/** Every line the logger wrote, parsed, with the stream it went to. */
function capture() {
  const lines: { stream: 'stdout' | 'stderr'; entry: Record<string, unknown> }[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      const text = String(chunk);
      expect(text.endsWith('\n')).toBe(true);
      lines.push({ stream, entry: JSON.parse(text) as Record<string, unknown> });
      return true;
    });
  }
  return lines;
}

describe('logger', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('writes one JSON line per entry with the level, message, time, service, request keys and fields', () => {
    const lines = capture();
    const logger = new Logger('bisn-api', 'INFO');
    logger.appendKeys({ requestId: 'r-1', route: 'getListing' });
    logger.info('request', { status: 200, ms: 12 });
    logger.resetKeys();
    logger.info('later');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      stream: 'stdout',
      entry: { level: 'INFO', message: 'request', service: 'bisn-api', requestId: 'r-1', route: 'getListing', status: 200, ms: 12 },
    });
    expect(Date.parse(lines[0]!.entry.timestamp as string)).not.toBeNaN();
    expect(lines[1]!.entry).not.toHaveProperty('requestId');
  });

  it('filters by level; WARN and ERROR go to stderr; SILENT writes nothing', () => {
    const lines = capture();
    const logger = new Logger('bisn-api', 'WARN');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(lines.map((l) => [l.stream, l.entry.level])).toEqual([
      ['stderr', 'WARN'],
      ['stderr', 'ERROR'],
    ]);
    logger.setLogLevel('SILENT');
    logger.error('e');
    expect(lines).toHaveLength(2);
  });

  it('serialises errors with name, message, stack and cause', () => {
    const lines = capture();
    const cause = new TypeError('inner');
    const error = Object.assign(new Error('outer', { cause }), { code: 'E_X' });
    new Logger('bisn-api', 'INFO').error('unexpected error', { error });
    const logged = lines[0]!.entry.error as Record<string, unknown>;
    expect(logged).toMatchObject({ name: 'Error', message: 'outer', code: 'E_X', cause: { name: 'TypeError', message: 'inner' } });
    expect(logged.stack).toContain('outer');
  });

  it("keeps the entry's own keys and adds the X-Ray trace id when Lambda sets one", () => {
    vi.stubEnv('_X_AMZN_TRACE_ID', 'Root=1-abc-def;Parent=123;Sampled=0');
    const lines = capture();
    new Logger('bisn-api', 'INFO').info('refused', { message: 'not mine', level: 'x', reason: 'Forbidden' });
    expect(lines[0]!.entry).toMatchObject({ level: 'INFO', message: 'refused', reason: 'Forbidden', xray_trace_id: '1-abc-def' });
  });
});
