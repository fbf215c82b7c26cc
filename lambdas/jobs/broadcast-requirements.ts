import { env } from '../core/env';
import { flushMetrics } from '../core/metrics';
import { broadcastRequirements } from '../domain/requirements-broadcast';

/** The schedule's invocation time when the event carries one (EventBridge `time`, the local scheduler's `time`). */
function timeOf(event: unknown): Date {
  const time = (event as { time?: unknown } | null | undefined)?.time;
  const parsed = typeof time === 'string' ? new Date(time) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
}

/** Scheduled every minute in the cloud (every few seconds locally): e-mails new requirements to subscribed brokers. */
export async function handler(event?: unknown) {
  env(); // fail fast on a misconfigured function
  try {
    return await broadcastRequirements(timeOf(event));
  } finally {
    flushMetrics();
  }
}
