import { describe, expect, it } from 'vitest';
import { localLogLevel, readableLogLine } from '../../../lib/local/log-lines';

// `npm start`'s terminal: warnings and errors only unless BISN_LOG says more, each as one readable line.

describe('the local terminal’s logs', () => {
  it('show warnings and errors by default; BISN_LOG=info shows everything', () => {
    expect([undefined, '', 'warn', 'verbose'].map(localLogLevel)).toEqual(['WARN', 'WARN', 'WARN', 'WARN']);
    expect([' info ', 'INFO', 'error'].map(localLogLevel)).toEqual(['INFO', 'INFO', 'ERROR']);
  });

  it('print a function’s JSON line as its time, level, function, message and fields, without the per-function noise', () => {
    const at = '2026-12-01T20:45:02.123Z';
    const line = JSON.stringify({
      level: 'WARN',
      message: 'market facts kept moving: left to the reconciliation',
      timestamp: at,
      service: 'bisn-api',
      sampling_rate: 0,
      cold_start: false,
      function_name: 'bisn-local-getMarket',
      function_request_id: 'r-1',
      kind: 'listing',
      id: 'l-1',
      error: { name: 'ConditionalCheckFailedException', message: 'The conditional request failed', location: 'lambdas/data/market.ts:40', stack: 'at …' },
    });
    expect(readableLogLine(line)).toBe(
      `${new Date(at).toTimeString().slice(0, 8)} WARN  [getMarket] market facts kept moving: left to the reconciliation  kind=listing  id=l-1  error=ConditionalCheckFailedException: The conditional request failed (lambdas/data/market.ts:40)`,
    );
    expect(readableLogLine('BISN is running locally (started in 41.2 s).')).toBe('BISN is running locally (started in 41.2 s).');
    expect(readableLogLine('{"level": not json')).toBe('{"level": not json');
  });
});
