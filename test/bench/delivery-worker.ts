import './quiet-logs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SQSClient } from '@aws-sdk/client-sqs';
import { ses } from '../../lambdas/core/aws';
import { blastsRepository } from '../../lambdas/data/blasts';
import { handler } from '../../lambdas/queues/delivery';
import { localCredentials, LOCAL_REGION } from '../../lib/local/aws';
import { startQueuePoller } from '../../lib/local/queue-poller';
import { queueFunctions } from '../../shared/api/routes';
import { childMain } from './child';
import { heapSampler, peakRssMb } from './measure';

export interface DeliveryWorkerJob {
  /** Where the bench writes the run's id once its planner is through: the worker stops when that run is done. */
  runIdFile: string;
  /** Written once the worker polls the queue, its handler loaded: the bench starts the planner when all are. */
  readyFile: string;
}

export interface DeliveryWorkerResult {
  /** SendEmail calls SES accepted, by recipient. */
  accepted: Record<string, number>;
  /** SendEmail calls SES refused for the send rate (the SDK retries them). */
  throttled: number;
  /** When SES accepted this worker's first and last mail (epoch ms; 0: none). */
  firstSendAt: number;
  lastSendAt: number;
  peakRssMb: number;
  peakHeapMb: number;
  cpuMs: number;
}

/**
 * One delivery worker as Lambda runs it (one concurrent invocation of the queue's event source, in a process
 * of its own so its peak memory is the function's): it takes the delivery queue's messages until the blast
 * run named in `runIdFile` is done, and answers what SES accepted from it.
 */
await childMain(async ({ runIdFile, readyFile }: DeliveryWorkerJob): Promise<DeliveryWorkerResult> => {
  const accepted: Record<string, number> = {};
  let throttled = 0;
  let firstSendAt = 0;
  let lastSendAt = 0;
  ses().middlewareStack.add(
    (next) => async (args) => {
      const to = (args.input as { Destination?: { ToAddresses?: string[] } }).Destination?.ToAddresses?.[0];
      try {
        const result = await next(args);
        if (to) accepted[to] = (accepted[to] ?? 0) + 1;
        lastSendAt = Date.now();
        firstSendAt ||= lastSendAt;
        return result;
      } catch (error) {
        if ((error as Error).name === 'TooManyRequestsException') throttled += 1;
        throw error;
      }
    },
    { step: 'initialize', name: 'benchCountSends' },
  );
  const heap = heapSampler(100);
  let peakHeapMb: number;
  const cpu = process.cpuUsage();
  const client = new SQSClient({ endpoint: process.env.AWS_ENDPOINT_URL_SQS, region: LOCAL_REGION, credentials: localCredentials });
  const fn = queueFunctions.find((candidate) => candidate.id === 'deliveryWorker')!;
  const poller = startQueuePoller({ client, queueUrl: process.env.DELIVERY_QUEUE_URL!, handler, batchSize: fn.batchSize, concurrency: 1 });
  writeFileSync(readyFile, '');
  try {
    // The planner runs beside the workers: its run is known when it is through; then wait for it to be done.
    let runId: string | undefined;
    const deadline = Date.now() + 60 * 60 * 1000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (Date.now() > deadline) throw new Error(`blast run ${runId ?? '(none started)'} not done after an hour`);
      if (runId === undefined && existsSync(runIdFile)) runId = readFileSync(runIdFile, 'utf8');
      if (runId === '') break;
      if (runId && (await blastsRepository.get(runId))?.state === 'done') break;
    }
  } finally {
    await poller.stop();
    client.destroy();
    peakHeapMb = heap.stop();
  }
  const used = process.cpuUsage(cpu);
  return { accepted, throttled, firstSendAt, lastSendAt, peakRssMb: peakRssMb(), peakHeapMb, cpuMs: (used.user + used.system) / 1000 };
});
