import type { StreamPoller } from '../../lib/local/stream-poller';

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
