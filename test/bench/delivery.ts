import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { listingsSearchFilters } from '../../shared/api';
import { fits, listingFacetsOf, notificationPreferencesOf } from '../../shared/rules';
import { listingTypes, markets, propertyTypes, subscriptionIdFor, type PropertyTypeId } from '../../shared/catalog';
import { blastsRepository } from '../../lambdas/data/blasts';
import { listingsRepository } from '../../lambdas/data/listings';
import { savedSearchesRepository } from '../../lambdas/data/saved-searches';
import { newSavedSearchRecord } from '../../lambdas/domain/saved-searches';
import { usersRepository } from '../../lambdas/data/users';
import { localCredentials, LOCAL_REGION } from '../../lib/local/aws';
import { createDeliveryQueues } from '../../lib/local/sqs';
import type { LocalStack } from '../../lib/local/stack';
import { DELIVERY_WORKERS } from '../../lambdas/domain/delivery/pacing';
import type { BlastRunResult } from './blast-worker';
import { runChild } from './child';
import { lambdaHeapFlags } from './measure';
import { jobProfiles } from '../../lib/config/functions';
import type { DeliveryWorkerResult } from './delivery-worker';

/**
 * The weekday blast delivered through the queue at the send rate the SES emulator
 * enforces: the planner and DELIVERY_WORKERS workers, each in a process of its own (their memory is the
 * functions'), against a delivery queue of the phase's own (the jobs phase leaves its planned run undelivered
 * on the stack's).
 */

const nth = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** `count` saved searches of active brokers (one each, in page order), through the repository, several at once. */
export async function seedSavedSearches(count: number): Promise<number> {
  const now = new Date().toISOString();
  const pending: Promise<void>[] = [];
  let n = 0;
  for await (const user of usersRepository.allByStatus('active')) {
    if (n === count) break;
    const record = newSavedSearchRecord(
      {
        savedSearchId: randomUUID(),
        ownerId: user.userId,
        name: `Bench search ${n}`,
        kind: 'listings',
        filters: listingsSearchFilters.parse({ listingTypeId: nth(listingTypes, n).id, propertyTypeId: nth(propertyTypes, n).id, marketId: nth(markets, n).id }),
        frequency: n % 4 === 0 ? 'instant' : 'daily',
      },
      now,
    );
    pending.push(savedSearchesRepository.create(record));
    n += 1;
    if (pending.length === 16) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  return n;
}

export interface DeliveryRun {
  /** Planner start to the run done (every digest sent, the listings published). */
  wallMs: number;
  /** Planner start to the first digest SES accepted (the run's listings claimed, the day's new items read). */
  firstDigestMs: number;
  /** Planner start to the last digest SES accepted: the rest of the wall is the publishing. */
  digestsMs: number;
  planner: BlastRunResult;
  workers: DeliveryWorkerResult[];
  runId: string;
  /** Brokers with something to receive (an oracle of the rule, not the planner's code). */
  expected: number;
  /** Digests SES accepted. */
  mails: number;
  /** Expected brokers without exactly one digest, and digests to brokers not expected. */
  missing: number;
  duplicates: number;
  unexpected: number;
  /** The run's ledger claims (one per broker sent a digest). */
  ledger: number;
}

/**
 * Brokers who should receive the run's digest: active, mail not stopped, on the weekday digest, with a listing
 * of the run that is another broker's in a listings category they follow or fitting one of their daily saved
 * searches (the bench has no matches or held requirements in the window).
 */
async function expectedRecipients(runId: string): Promise<Set<string>> {
  const run = (await blastsRepository.get(runId))!;
  const listings = await Promise.all(run.listingIds.map(async (listingId) => (await listingsRepository.get(listingId))!));
  const out = new Set<string>();
  for await (const user of usersRepository.allByStatus('active')) {
    if (user.mailStop || notificationPreferencesOf(user.notifications).digestFrequency !== 'weekdays') continue;
    const others = listings.filter((listing) => listing.userId !== user.userId);
    const searches = (await savedSearchesRepository.all(user.userId)).filter((search) => search.status === 'active' && search.frequency === 'daily' && search.kind === 'listings');
    const follows = others.some((listing) => user.subscribed.includes(subscriptionIdFor(listing.propertyTypeId as PropertyTypeId, 'listings')));
    const hit = others.some((listing) => searches.some((search) => fits({ kind: 'listings', filters: search.filters }, listingFacetsOf(listing), new Date())));
    if (follows || hit) out.add(user.email);
  }
  return out;
}

/** The blast planned and delivered at the emulator's enforced send rate; checked against the rule. */
export async function deliverBlast(stack: LocalStack, runNumber: number): Promise<DeliveryRun> {
  const client = new SQSClient({ endpoint: stack.urls.sqs, region: LOCAL_REGION, credentials: localCredentials });
  const queues = await createDeliveryQueues(client, `bisn-delivery-bench-${runNumber}`, 6 * 120);
  client.destroy();
  const extraEnv = { DELIVERY_QUEUE_URL: queues.queueUrl };
  // Each with the heap limits Lambda sets for its function's memory.
  const heapOf = (id: 'blast' | 'deliveryWorker') => ({ ...extraEnv, NODE_OPTIONS: lambdaHeapFlags(jobProfiles[id].memoryMb).join(' ') });
  const ignoreRuns = (await blastsRepository.unfinished()).map((run) => run.runId);
  const scratch = mkdtempSync(join(tmpdir(), 'bisn-bench-delivery-'));
  const runIdFile = join(scratch, 'run-id');

  // The emulator keeps every mail in this process's memory; real SES does not. Emptied while the run goes.
  const clearStore = () => fetch(`${stack.urls.ses}/clear-store`, { method: 'POST' }).then(() => undefined, () => undefined);
  const clearing = setInterval(() => void clearStore(), 1000);
  let started = 0;
  let startedAt = 0;
  let planner: BlastRunResult;
  let workers: DeliveryWorkerResult[];
  try {
    const readyFiles = Array.from({ length: DELIVERY_WORKERS }, (_, n) => join(scratch, `ready-${n}`));
    const working = Promise.all(readyFiles.map((readyFile) => runChild<DeliveryWorkerResult>('./delivery-worker.ts', { runIdFile, readyFile }, heapOf('deliveryWorker'))));
    // Deployed functions wait for the schedule with their code in place: the clock starts once every worker
    // polls (a child's start here is tsx compiling TypeScript; a bundle's cold start is the bundles phase's).
    let exited = false;
    void working.finally(() => (exited = true)).catch(() => undefined);
    while (!exited && !readyFiles.every((file) => existsSync(file))) await new Promise((resolve) => setTimeout(resolve, 50));
    if (exited) await working; // a worker that died before polling fails the phase with its error
    started = performance.now();
    startedAt = Date.now();
    // An empty file stops the workers if the planner fails.
    planner = await runChild<BlastRunResult>('./blast-worker.ts', {}, heapOf('blast')).catch((error: unknown) => {
      writeFileSync(runIdFile, '');
      throw error;
    });
    const run = planner.report.runs.find((candidate) => !ignoreRuns.includes(candidate.runId));
    if (!run) {
      writeFileSync(runIdFile, '');
      throw new Error(`the planner started no run: ${JSON.stringify(planner.report)}`);
    }
    writeFileSync(runIdFile, run.runId);
    workers = await working;
  } finally {
    clearInterval(clearing);
    await clearStore();
    rmSync(scratch, { recursive: true, force: true });
  }
  const wallMs = performance.now() - started;

  const runId = planner.report.runs.find((run) => !ignoreRuns.includes(run.runId))!.runId;
  const expected = await expectedRecipients(runId);
  const accepted = new Map<string, number>();
  for (const worker of workers) for (const [to, n] of Object.entries(worker.accepted)) accepted.set(to, (accepted.get(to) ?? 0) + n);
  return {
    wallMs,
    firstDigestMs: Math.max(0, Math.min(...workers.filter((worker) => worker.firstSendAt > 0).map((worker) => worker.firstSendAt - startedAt))),
    digestsMs: Math.max(0, ...workers.map((worker) => worker.lastSendAt - startedAt)),
    planner,
    workers,
    runId,
    expected: expected.size,
    mails: [...accepted.values()].reduce((sum, n) => sum + n, 0),
    missing: [...expected].filter((to) => !accepted.has(to)).length,
    duplicates: [...accepted.values()].filter((n) => n > 1).length,
    unexpected: [...accepted.keys()].filter((to) => !expected.has(to)).length,
    ledger: (await blastsRepository.deliveries(runId)).length,
  };
}
