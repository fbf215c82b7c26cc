import { TZDate } from '@date-fns/tz';
import { calendarDate } from './format';

/** The daily listings blast goes out at 09:00 Eastern on weekdays (spec 02 §1, §9). Holidays are not skipped. */
export const BLAST_TIME_ZONE = 'America/New_York';
export const BLAST_HOUR = 9;

const SUNDAY = 0;
const SATURDAY = 6;

/**
 * The next weekday 09:00 America/New_York strictly after `now`: a Friday after 09:00, a Saturday or a
 * Sunday roll to Monday. Wall-clock arithmetic happens in the zone (TZDate), so the answer is right in
 * the weeks the clocks change. At exactly 09:00 that blast is starting, so the next one is returned.
 */
export function nextBlastAt(now: Date): Date {
  const local = new TZDate(now.getTime(), BLAST_TIME_ZONE);
  // At most 3 days ahead (Friday 09:00 → Monday 09:00); 7 is a safe bound.
  for (let days = 0; days <= 7; days++) {
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + days,
      BLAST_HOUR,
      0,
      0,
      0,
      BLAST_TIME_ZONE,
    );
    const weekday = candidate.getDay();
    if (weekday !== SATURDAY && weekday !== SUNDAY && candidate.getTime() > now.getTime()) {
      return new Date(candidate.getTime());
    }
  }
  throw new Error('unreachable: a weekday falls within any 7 days');
}

/** 09:00 America/New_York on `now`'s Eastern calendar day (a weekend day's too): when that day's blast is due. */
export function blastTimeOn(now: Date): Date {
  const local = new TZDate(now.getTime(), BLAST_TIME_ZONE);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), BLAST_HOUR, 0, 0, 0, BLAST_TIME_ZONE).getTime());
}

export interface Countdown {
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  readonly totalSeconds: number;
}

/**
 * Time left until `target`, in whole seconds rounded up (so the display reaches 0 exactly at the target,
 * never early), never negative. Hours are not wrapped into days: on a weekend they exceed 24.
 */
export function countdown(now: Date, target: Date): Countdown {
  const totalSeconds = Math.max(0, Math.ceil((target.getTime() - now.getTime()) / 1000));
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalSeconds,
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "62h 05m 09s": every unit at least two digits, so the text keeps its width while it ticks. */
export function formatCountdown({ hours, minutes, seconds }: Countdown): string {
  return `${twoDigits(hours)}h ${twoDigits(minutes)}m ${twoDigits(seconds)}s`;
}

/** The blast's calendar date in America/New_York, "yyyy-MM-dd": one blast per key (idempotency). */
export function blastDateKey(now: Date): string {
  return calendarDate(now.getTime(), BLAST_TIME_ZONE).join('-');
}
