import { performance } from 'node:perf_hooks';
import { Cron } from 'croner';
import type { Requirement } from '../../shared/api';
import { jobs } from '../../shared/api/routes';
import { localSchedule, runJob } from '../../lib/local/scheduler';
import { REPO_ROOT } from '../../lib/local/state';
import { call, expectOk, validRequirement, type Broker } from '../api/requirements/support';
import type { BenchStack } from './setup';

/**
 * From the create call to the moment the author sees the requirement `sent`, with the broadcast job on
 * its local schedule (every LOCAL_RATE_SECONDS, as `npm start` runs it) and the author polling GET.
 */
export async function broadcastLatency(bench: BenchStack, author: Broker): Promise<{ ms: number; mailed: number }> {
  const job = jobs.find((j) => j.id === 'broadcastRequirements')!;
  const { pattern, timezone } = localSchedule(job);
  let mailed = 0;
  const idle = async () => {
    while (cron.isBusy()) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const cron = new Cron(pattern, { timezone, protect: true }, async () => {
    const report = (await runJob(REPO_ROOT, 'broadcastRequirements')) as { requirements: { mailed: number }[] };
    mailed += report.requirements.reduce((sum, r) => sum + r.mailed, 0);
  });
  try {
    const started = performance.now();
    const { requirement } = await expectOk(call<{ requirement: Requirement }>(bench.stack, author.token, 'createRequirement', { body: validRequirement() }));
    for (;;) {
      const { requirement: current } = await expectOk(
        call<{ requirement: Requirement }>(bench.stack, author.token, 'getRequirement', { params: { requirementId: requirement.requirementId } }),
      );
      if (current.status === 'sent') {
        const ms = performance.now() - started;
        await idle(); // the run that sent it reports how many brokers it mailed
        return { ms, mailed };
      }
      if (performance.now() - started > 120_000) throw new Error(`requirement still ${current.status} after 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    cron.stop();
    // A run still going finishes before the next phase measures anything.
    await idle();
  }
}
