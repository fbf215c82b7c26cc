import './quiet-logs';
import { performance } from 'node:perf_hooks';
import { handler } from '../../lambdas/jobs/reconcile-market';
import type { ReconcileReport } from '../../lambdas/domain/market';
import { childMain } from './child';
import { peakRssMb } from './measure';

export interface MarketReconcileResult {
  report: ReconcileReport;
  ms: number;
  peakRssMb: number;
}

/**
 * The nightly market reconciliation in a fresh process that loads only its handler, as its Lambda does (the
 * emulators live in the bench's): timed, with this process's peak memory.
 */
await childMain(async (): Promise<MarketReconcileResult> => {
  const started = performance.now();
  const report = await handler();
  return { report, ms: performance.now() - started, peakRssMb: peakRssMb() };
});
