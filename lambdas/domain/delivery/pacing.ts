import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../../core/aws';

/** The share of the account's send rate the workers use: the rest is headroom for the other mail. */
export const SEND_RATE_HEADROOM = 0.9;
/**
 * Workers sending at once (the queue's event source's maximum concurrency, lib/stacks/jobs-stack.ts; the
 * local poller's too): each paces itself to its share of the rate.
 */
export const DELIVERY_WORKERS = 2;

let accountRate: Promise<number> | undefined;

/** SES's SendQuota.MaxSendRate (mails per second), read once per container. */
export function maxSendRate(): Promise<number> {
  accountRate ??= ses()
    .send(new GetAccountCommand({}))
    .then((account) => {
      const rate = account.SendQuota?.MaxSendRate;
      if (!rate || rate <= 0) throw new Error('SES GetAccount gave no MaxSendRate');
      return rate;
    })
    .catch((error: unknown) => {
      accountRate = undefined;
      throw error;
    });
  return accountRate;
}

/**
 * A pace of `perSecond` starts: each call waits for the next free slot, slots evenly spaced (no bursts), so
 * the sends of every worker together stay under SES's per-second rate.
 */
export function pacer(perSecond: number): () => Promise<void> {
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = performance.now();
    const slot = Math.max(now, next);
    next = slot + interval;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

let paced: { rate: number; pace: () => Promise<void> } | undefined;

/**
 * The pace of this worker: its share of the account's rate, less the headroom. One per container, so
 * back-to-back invocations keep to it too.
 */
export async function workerPacer(): Promise<() => Promise<void>> {
  const rate = ((await maxSendRate()) * SEND_RATE_HEADROOM) / DELIVERY_WORKERS;
  if (paced?.rate !== rate) paced = { rate, pace: pacer(rate) };
  return paced.pace;
}
