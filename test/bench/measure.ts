import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** Latency percentiles of one series, in milliseconds. */
export interface LatencySummary {
  samples: number;
  p50: number;
  p99: number;
  mean: number;
  /** CPU time of this process per call (ms): what the call costs when the embedded stack runs in one thread. */
  cpuMs?: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarise(durations: readonly number[]): LatencySummary {
  const sorted = [...durations].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, d) => sum + d, 0) / sorted.length;
  return { samples: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean };
}

/**
 * Several series measured interleaved, one call of each per round, so background noise (other processes
 * on the machine) hits all of them alike. `warmup` untimed rounds first (imports, connection pools, and
 * enough calls for V8 to optimise each path: a warm function is what is measured).
 * Each call's wall time and this process's CPU time are recorded.
 */
export async function timeInterleaved(tasks: readonly (() => Promise<unknown>)[], samples: number, warmup = 200): Promise<LatencySummary[]> {
  for (let i = 0; i < warmup; i++) for (const task of tasks) await task();
  const wall = tasks.map((): number[] => []);
  const cpu = tasks.map(() => 0);
  for (let i = 0; i < samples; i++) {
    for (const [t, task] of tasks.entries()) {
      const cpuStart = process.cpuUsage();
      const started = performance.now();
      await task();
      wall[t]!.push(performance.now() - started);
      const used = process.cpuUsage(cpuStart);
      cpu[t]! += (used.user + used.system) / 1000;
    }
  }
  return wall.map((durations, t) => ({ ...summarise(durations), cpuMs: cpu[t]! / samples }));
}

/** This process's resident set high-water mark (Linux VmHWM), in MB. */
export function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : process.memoryUsage().rss / 2 ** 20;
}

/**
 * This process's heap high-water mark, sampled every `intervalMs` until `stop()` (MB). V8's own statistics:
 * process.memoryUsage() reads /proc each time, which cost a delivery worker 0.6 ms a sample.
 */
export function heapSampler(intervalMs: number): { stop(): number } {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, getHeapStatistics().used_heap_size));
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak / 2 ** 20;
    },
  };
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** The heap limits Lambda's Node.js runtime (its bootstrap) sets for a function of `memoryMb`, as node flags. */
export function lambdaHeapFlags(memoryMb: number): string[] {
  const newSpace = Math.floor(memoryMb / 10);
  return [`--max-semi-space-size=${Math.floor(newSpace / 2)}`, `--max-old-space-size=${memoryMb - newSpace}`];
}
