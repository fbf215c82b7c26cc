import { env } from '../core/env';
import { broadcastRequirements } from '../domain/requirements-broadcast';

/** Scheduled every minute in the cloud (every few seconds locally): e-mails new requirements to subscribed brokers. */
export async function handler(_event?: unknown) {
  env(); // fail fast on a misconfigured function
  return broadcastRequirements();
}
