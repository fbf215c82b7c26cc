import { describe, expect, it } from 'vitest';
import { blastDateKey, countdown, formatCountdown, nextBlastAt } from '../../../shared/rules';

const at = (iso: string) => new Date(iso);
const next = (iso: string) => nextBlastAt(at(iso)).toISOString();

describe('nextBlastAt', () => {
  it('is 09:00 the same weekday when asked before 09:00', () => {
    // Tue 2026-06-16 06:00 EDT
    expect(next('2026-06-16T10:00:00Z')).toBe('2026-06-16T13:00:00.000Z');
  });

  it('is the next weekday 09:00 when asked after 09:00 on Monday to Thursday', () => {
    // Wed 2026-06-17 15:00 EDT → Thu 09:00 EDT
    expect(next('2026-06-17T19:00:00Z')).toBe('2026-06-18T13:00:00.000Z');
  });

  it('rolls Friday 08:59 / 09:00 / 09:01 correctly', () => {
    // Fri 2026-06-19 in EDT (UTC-4)
    expect(next('2026-06-19T12:59:00Z')).toBe('2026-06-19T13:00:00.000Z');
    expect(next('2026-06-19T13:00:00Z')).toBe('2026-06-22T13:00:00.000Z');
    expect(next('2026-06-19T13:01:00Z')).toBe('2026-06-22T13:00:00.000Z');
    expect(next('2026-06-19T12:59:59.999Z')).toBe('2026-06-19T13:00:00.000Z');
  });

  it('rolls Saturday and Sunday (any hour) to Monday 09:00', () => {
    expect(next('2026-06-20T04:00:00Z')).toBe('2026-06-22T13:00:00.000Z'); // Sat 00:00 EDT
    expect(next('2026-06-20T13:00:00Z')).toBe('2026-06-22T13:00:00.000Z'); // Sat 09:00 EDT
    expect(next('2026-06-21T12:00:00Z')).toBe('2026-06-22T13:00:00.000Z'); // Sun 08:00 EDT
    expect(next('2026-06-22T03:59:59Z')).toBe('2026-06-22T13:00:00.000Z'); // Sun 23:59:59 EDT
  });

  it('moves on to Tuesday at exactly 09:00 on Monday (that blast is starting)', () => {
    expect(next('2026-06-22T13:00:00Z')).toBe('2026-06-23T13:00:00.000Z');
    expect(next('2026-06-22T12:59:59Z')).toBe('2026-06-22T13:00:00.000Z');
  });

  it('uses the Eastern calendar date, not UTC, late in the evening', () => {
    // Fri 2026-06-19 23:30 EDT is already Saturday in UTC
    expect(next('2026-06-20T03:30:00Z')).toBe('2026-06-22T13:00:00.000Z');
    // Sun 2026-06-21 22:00 EDT is Monday 02:00 UTC: still Monday 09:00 EDT
    expect(next('2026-06-22T02:00:00Z')).toBe('2026-06-22T13:00:00.000Z');
  });

  it('crosses the spring-forward weekend (EST Friday → EDT Monday)', () => {
    // Fri 2026-03-06 14:00 EST; clocks go forward Sun 2026-03-08
    expect(next('2026-03-06T19:00:00Z')).toBe('2026-03-09T13:00:00.000Z');
    // Sun 2026-03-08 01:30 EST, just before the gap
    expect(next('2026-03-08T06:30:00Z')).toBe('2026-03-09T13:00:00.000Z');
    // Fri 08:00 EST before the change: same day, still EST
    expect(next('2026-03-06T13:00:00Z')).toBe('2026-03-06T14:00:00.000Z');
  });

  it('crosses the fall-back weekend (EDT Friday → EST Monday)', () => {
    // Fri 2026-10-30 14:00 EDT; clocks go back Sun 2026-11-01
    expect(next('2026-10-30T18:00:00Z')).toBe('2026-11-02T14:00:00.000Z');
    // Sun 2026-11-01 01:30 in the repeated hour (both readings)
    expect(next('2026-11-01T05:30:00Z')).toBe('2026-11-02T14:00:00.000Z');
    expect(next('2026-11-01T06:30:00Z')).toBe('2026-11-02T14:00:00.000Z');
  });

  it('does not skip holidays', () => {
    // Thu 2026-12-24 10:00 EST → Christmas Day 09:00 EST
    expect(next('2026-12-24T15:00:00Z')).toBe('2026-12-25T14:00:00.000Z');
  });

  it('gives the same answers whatever the process time zone is', () => {
    const original = process.env.TZ;
    try {
      for (const zone of ['UTC', 'Asia/Tokyo', 'Pacific/Honolulu', 'America/Los_Angeles']) {
        process.env.TZ = zone;
        expect(next('2026-03-06T19:00:00Z')).toBe('2026-03-09T13:00:00.000Z');
        expect(next('2026-10-30T18:00:00Z')).toBe('2026-11-02T14:00:00.000Z');
        expect(blastDateKey(at('2026-06-20T03:30:00Z'))).toBe('2026-06-19');
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });
});

describe('countdown', () => {
  it('splits the time left into hours, minutes and seconds; hours exceed 24 over a weekend', () => {
    const now = at('2026-06-19T22:54:51Z'); // Fri 18:54:51 EDT
    const c = countdown(now, nextBlastAt(now));
    expect(c).toEqual({ hours: 62, minutes: 5, seconds: 9, totalSeconds: 62 * 3600 + 5 * 60 + 9 });
    expect(formatCountdown(c)).toBe('62h 05m 09s');
  });

  it('counts the real elapsed time across a clock change (spring forward: 1 hour shorter)', () => {
    const now = at('2026-03-06T19:00:00Z'); // Fri 14:00 EST → Mon 09:00 EDT
    expect(countdown(now, nextBlastAt(now)).hours).toBe(66);
    const fall = at('2026-10-30T18:00:00Z'); // Fri 14:00 EDT → Mon 09:00 EST
    expect(countdown(fall, nextBlastAt(fall)).hours).toBe(68);
  });

  it('rounds a partial second up so it never shows 0 before the target', () => {
    const target = at('2026-06-22T13:00:00Z');
    expect(countdown(at('2026-06-22T12:59:59.500Z'), target)).toEqual({
      hours: 0,
      minutes: 0,
      seconds: 1,
      totalSeconds: 1,
    });
  });

  it.each([
    ['1 ms', 1, '12:59:59.999Z'],
    ['0.499 s', 1, '12:59:59.501Z'],
    ['exactly 1 s', 1, '12:59:59.000Z'],
    ['1.001 s', 2, '12:59:58.999Z'],
    ['exactly 1 h', 3600, '12:00:00.000Z'],
    ['1 h and 1 ms', 3601, '11:59:59.999Z'],
  ])('%s before the target shows %i s (any part of a second counts as a whole one)', (_what, seconds, time) => {
    expect(countdown(at(`2026-06-22T${time}`), at('2026-06-22T13:00:00Z')).totalSeconds).toBe(seconds);
  });

  it('is zero at and after the target', () => {
    const target = at('2026-06-22T13:00:00Z');
    expect(countdown(target, target).totalSeconds).toBe(0);
    expect(countdown(at('2026-06-22T13:00:05Z'), target)).toEqual({ hours: 0, minutes: 0, seconds: 0, totalSeconds: 0 });
  });
});

describe('formatCountdown', () => {
  it('pads every unit to two digits', () => {
    expect(formatCountdown({ hours: 0, minutes: 0, seconds: 0, totalSeconds: 0 })).toBe('00h 00m 00s');
    expect(formatCountdown({ hours: 5, minutes: 7, seconds: 3, totalSeconds: 18423 })).toBe('05h 07m 03s');
    expect(formatCountdown({ hours: 100, minutes: 59, seconds: 59, totalSeconds: 363599 })).toBe('100h 59m 59s');
  });
});

describe('blastDateKey', () => {
  it('is the New York calendar date of the instant', () => {
    expect(blastDateKey(at('2026-06-22T13:00:00Z'))).toBe('2026-06-22');
    // 23:30 EDT on the 19th is already the 20th in UTC
    expect(blastDateKey(at('2026-06-20T03:30:00Z'))).toBe('2026-06-19');
    // 00:30 EST on 2027-01-01 is still 2026-12-31 in Los Angeles and already 2027 in New York
    expect(blastDateKey(at('2027-01-01T05:30:00Z'))).toBe('2027-01-01');
  });

  it('is the same key for a retried run later that day', () => {
    expect(blastDateKey(at('2026-11-02T14:00:00Z'))).toBe(blastDateKey(at('2026-11-02T14:47:12Z')));
  });
});
