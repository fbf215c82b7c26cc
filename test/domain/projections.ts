import type { StreamPoller } from '../../lib/local/stream-poller';

let current: StreamPoller | undefined;

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
