/**
 * The clock of a job invocation: `now` (tests and `npm run job` set it to move time, e.g. 121 days ahead),
 * else the schedule's `time` (EventBridge, the local scheduler), else the real clock.
 */
export function jobClock(event: unknown): Date {
  const fields = (event && typeof event === 'object' ? event : {}) as { now?: unknown; time?: unknown };
  for (const value of [fields.now, fields.time]) {
    const parsed = typeof value === 'string' ? new Date(value) : undefined;
    if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
  }
  return new Date();
}
