import { pathToFileURL } from 'node:url';
import { Cron } from 'croner';
import { jobs, scheduledJobs, type JobId, type ScheduledJob } from '../../shared/api/routes';

type JobDef = ScheduledJob;

/**
 * Locally a rate schedule runs every few seconds instead of its cloud rate, so what it sends
 * (new requirements) goes out "within seconds" while someone tries the product.
 */
export const LOCAL_RATE_SECONDS = 5;

/**
 * An EventBridge cron expression (`min hour day-of-month month day-of-week year`, `?` for "no specific
 * value", day-of-week 1-7 = SUN-SAT) as a 5-field croner pattern (day-of-week 0-6 = SUN-SAT).
 */
export function awsCronToCroner(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 6) throw new Error(`AWS cron needs 6 fields: "${expression}"`);
  const [minute, hour, dayOfMonth, month, dayOfWeek, year] = fields as [string, string, string, string, string, string];
  if (year !== '*') throw new Error(`AWS cron years other than * are not supported locally: "${expression}"`);
  if (/[LW#]/.test(dayOfMonth + dayOfWeek)) throw new Error(`L, W and # are not supported locally: "${expression}"`);
  const anyIfUnspecified = (field: string) => (field === '?' ? '*' : field);
  const weekday = anyIfUnspecified(dayOfWeek).replace(/\d+/g, (day) => String(Number(day) - 1));
  return [minute, hour, anyIfUnspecified(dayOfMonth), month, weekday].join(' ');
}

/** When a job runs locally: its cloud cron in its time zone, or every LOCAL_RATE_SECONDS for a rate. */
export function localSchedule(job: JobDef): { pattern: string; timezone?: string } {
  if ('cron' in job) return { pattern: awsCronToCroner(job.cron), timezone: job.timeZone };
  return { pattern: `*/${LOCAL_RATE_SECONDS} * * * * *` };
}

/** Imports the job's module (relative to `root`) and runs its handler once. */
export async function runJob(root: string, id: JobId): Promise<unknown> {
  const job = jobs.find((candidate) => candidate.id === id);
  if (!job) throw new Error(`unknown job ${id}; known: ${jobs.map((candidate) => candidate.id).join(', ')}`);
  const module = (await import(pathToFileURL(`${root}/${job.entry}`).href)) as { handler?: (event?: unknown) => unknown };
  if (typeof module.handler !== 'function') throw new Error(`${job.entry} does not export a handler function`);
  return module.handler({ source: 'local-scheduler', job: id, time: new Date().toISOString() });
}

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * The EventBridge schedules of the cloud, in this process. A run still going when the next one is due is
 * skipped (croner's `protect`); a failing run is logged and the schedule goes on.
 */
export function startScheduler(options: { root: string; quiet: boolean }): Scheduler {
  const running = new Set<Promise<unknown>>();
  const crons = scheduledJobs.map((job) => {
    const { pattern, timezone } = localSchedule(job);
    // A rate job runs every few seconds: its results are not printed, and a failure that repeats is printed once.
    const printResults = !options.quiet && 'cron' in job;
    let lastFailure: string | undefined;
    return new Cron(pattern, { name: job.id, timezone, protect: true }, async () => {
      const run = runJob(options.root, job.id).then(
        (result) => {
          lastFailure = undefined;
          if (printResults) console.log(`[scheduler] ${job.id}:`, JSON.stringify(result));
        },
        (error: unknown) => {
          const failure = String(error);
          if (failure !== lastFailure) console.error(`[scheduler] ${job.id} failed:`, error);
          lastFailure = failure;
        },
      );
      running.add(run);
      await run;
      running.delete(run);
    });
  });
  return {
    async stop() {
      for (const cron of crons) cron.stop();
      await Promise.all(running);
    },
  };
}
