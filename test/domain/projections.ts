import { documentClient } from '../../lambdas/core/aws';
import { inStreamHandler, type StreamPoller } from '../../lib/local/stream-poller';
import { serviceError } from '../api/quality/support';

let current: StreamPoller | undefined;
let off = false;

/** The projector of this file's table (test/domain/fresh-table.ts). */
export function useProjector(poller: StreamPoller): void {
  current = poller;
}

/** Waits until everything this file's writes derive is written (the stream drained through the projector). */
export function projectionsSettled(timeoutMs?: number): Promise<void> {
  if (!current) throw new Error('no projector: test/domain/fresh-table.ts is not a setup file of this tier');
  return current.settled(timeoutMs);
}

/** Records the projector gave up on (the cloud's failure queue). */
export const projectionFailures = () => current?.givenUp ?? [];

/**
 * For a file that tests the functions the projections call (matching, the market's figures, the property
 * history) by calling them itself: this file's writes derive nothing on their own, as before a projector ran.
 */
export function withoutProjections(): void {
  off = true;
  void current?.stop();
}

/** False once the file turned its projections off. */
export const projectionsRun = () => !off;

/**
 * Makes the projector's own table calls fail where `fails` says (a throttle outlasting the SDK's retries, a
 * batch crashing half way); answers how many it has made, and the restore.
 */
export function projectorCallsFailing(fails: (call: number) => boolean): { calls: () => number; restore: () => void } {
  const client = documentClient() as unknown as { send: (...args: unknown[]) => Promise<unknown> };
  const original = client.send;
  let calls = 0;
  client.send = (...args) => {
    if (inStreamHandler() && fails(++calls)) return Promise.reject(serviceError('ProvisionedThroughputExceededException', 400));
    return original.apply(client, args);
  };
  return { calls: () => calls, restore: () => (client.send = original) };
}
