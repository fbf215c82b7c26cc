import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricsNamespace } from '../../shared/catalog/product';

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
  | 'BroadcastMailsFailed';

const metrics = new Metrics({ namespace: metricsNamespace, serviceName: 'bisn-api' });
let pending = false;

export function countMetric(name: BusinessMetric, value = 1): void {
  if (value <= 0) return;
  metrics.addMetric(name, MetricUnit.Count, value);
  pending = true;
}

/** Writes what this invocation recorded (nothing when it recorded nothing). */
export function flushMetrics(): void {
  if (!pending) return;
  pending = false;
  metrics.publishStoredMetrics();
}
