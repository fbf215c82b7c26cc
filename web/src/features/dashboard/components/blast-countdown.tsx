import { countdown, formatCountdown, nextBlastAt } from '@shared/rules/blast';
import { useNow } from './use-now';

/**
 * Time left until the next weekday 09:00 Eastern listings blast, ticking every second. The target is
 * recomputed from the clock on each tick, so at 09:00 (and over a weekend) it rolls on to the next blast.
 */
export function BlastCountdown({ className }: { className?: string }) {
  const now = useNow(1000);
  const target = nextBlastAt(now);
  const left = countdown(now, target);
  return (
    <time
      dateTime={`PT${left.hours}H${left.minutes}M${left.seconds}S`}
      className={className}
      aria-label={`${left.hours} hours, ${left.minutes} minutes, ${left.seconds} seconds until the next listings blast`}
    >
      {formatCountdown(left)}
    </time>
  );
}
