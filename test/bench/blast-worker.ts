import './quiet-logs';
import { performance } from 'node:perf_hooks';
import { ses } from '../../lambdas/core/aws';
import { runBlast, type BlastReport } from '../../lambdas/domain/blast';
import { childMain } from './child';
import { heapSampler, peakRssMb } from './measure';

export interface BlastRunResult {
  wallMs: number;
  /** CPU time of this process during the run (wall minus this is waiting: emulators, other processes). */
  cpuMs: number;
  /** SendEmail commands the blast issued (SDK retries of one command not counted again). */
  sesCalls: number;
  /** Resident set high-water mark of this process (what a Lambda's memory limit is measured against). */
  peakRssMb: number;
  peakHeapMb: number;
  report: BlastReport;
}

/**
 * The weekday blast as its Lambda runs it: alone in a fresh process (the emulators live in the bench's
 * process), so its peak memory is the function's own.
 */
await childMain(async (): Promise<BlastRunResult> => {
  let sesCalls = 0;
  ses().middlewareStack.add(
    (next) => async (args) => {
      sesCalls += 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCountSends' },
  );
  const heap = heapSampler(50);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await runBlast();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const peakHeapMb = heap.stop();
  return { wallMs, cpuMs: (used.user + used.system) / 1000, sesCalls, peakRssMb: peakRssMb(), peakHeapMb, report };
});
