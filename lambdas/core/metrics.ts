import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricsNamespace, metricsService } from '../../shared/catalog/product';

/**
 * Business metrics as CloudWatch embedded-metric-format lines (Powertools Metrics), namespace BISN: the
 * monitoring dashboard charts them. Recorded where the thing happens, flushed once per invocation by the
 * HTTP pipeline and by each job (`flushMetrics`). POWERTOOLS_METRICS_DISABLED turns them off (quiet test
 * stacks).
 */
export type BusinessMetric =
  | 'RequirementCreated'
  | 'ListingCreated'
  | 'AccountApproved'
  | 'BlastDigestsSent'
  | 'BlastDigestsFailed'
  | 'BroadcastMailsSent'
  | 'BroadcastMailsFailed'
  | 'MatchesFound'
  | 'MatchNoticesSent'
  | 'MatchNoticesFailed'
  | 'SearchAlertsSent'
  | 'SearchAlertsFailed'
  | 'SavedSearchesPaused'
  /** A derived record a read skipped because it lacked what it needs (logged with its keys). */
  | 'MalformedDerivedRecords'
  | 'ProjectionFailures';

/** Readings recorded on every run, zero included, so an alarm can tell "fine" from "not running". */
export type GaugeMetric =
  /** 1 when the day's blast had not finished by 10:00 Eastern (lambdas/domain/blast-watchdog.ts). */
  | 'BlastLate'
  /** Age of the oldest requirement waiting for the broadcast, at the start of each run. */
  | 'BroadcastBacklogSeconds';

const metrics = new Metrics({ namespace: metricsNamespace, serviceName: metricsService });
let pending = false;

export function countMetric(name: BusinessMetric, value = 1): void {
  if (value <= 0) return;
  metrics.addMetric(name, MetricUnit.Count, value);
  pending = true;
}

export function gaugeMetric(name: GaugeMetric, value: number, unit: 'Count' | 'Seconds' = 'Count'): void {
  metrics.addMetric(name, unit === 'Seconds' ? MetricUnit.Seconds : MetricUnit.Count, value);
  pending = true;
}

/** Writes what this invocation recorded (nothing when it recorded nothing). */
export function flushMetrics(): void {
  if (!pending) return;
  pending = false;
  metrics.publishStoredMetrics();
}
