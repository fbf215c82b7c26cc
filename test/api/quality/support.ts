import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { MiddlewareStack } from '@smithy/types';
import { Readable } from 'node:stream';
import { HttpResponse, type HttpRequest } from '@smithy/core/transport';
import { documentClient, s3 } from '../../../lambdas/core/aws';
import { env } from '../../../lambdas/core/env';
import type { LocalStack } from '../../../lib/local/stack';
import { inStreamHandler } from '../../../lib/local/stream-poller';
import { bucketKeys, readMailStore } from '../listings/support';

export * from '../listings/support';

export { createRequirement, runBroadcast, validRequirement } from '../requirements/support';

/**
 * Everything the product persists, read straight from the emulators: every table item (sorted by key),
 * every object key in the images bucket and how many mails were sent. Two equal snapshots mean nothing
 * was written, uploaded, deleted or mailed in between.
 */
export interface StoreSnapshot {
  items: Record<string, unknown>[];
  objects: string[];
  mails: number;
}

export async function storeSnapshot(stack: LocalStack): Promise<StoreSnapshot> {
  // What earlier writes derive lands first: a snapshot is of a store at rest.
  await stack.projectionsSettled();
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: env().TABLE_NAME, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  items.sort((a, b) => `${String(a.pk)}\u0000${String(a.sk)}`.localeCompare(`${String(b.pk)}\u0000${String(b.sk)}`));
  const [objects, mails] = await Promise.all([bucketKeys(stack, ''), readMailStore(stack)]);
  return { items, objects, mails: mails.length };
}

/** An error shaped as the AWS SDK raises a service error, so the SDK's retry logic classifies it like the real one. */
export function serviceError(name: string, status: number, message = `injected: ${name}`): Error {
  return Object.assign(new Error(message), { name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status } });
}

export const throttled = () => serviceError('ProvisionedThroughputExceededException', 400);
export const sesUnavailable = () => serviceError('ServiceUnavailable', 503);

/** Any AWS SDK v3 client (or the DynamoDB document client, which shares its client's middleware stack). */
type AnyClient = { send: unknown; middlewareStack: unknown };
type Send = (command: { input: unknown }, ...rest: unknown[]) => Promise<unknown>;

/**
 * Makes `client.send` fail with `error()` for the calls `fails(callNumber, command)` picks (1-based, counting
 * every call while installed): the fault reaches the caller as an outage that outlasted the SDK's own
 * retries would. Returns the undo and the counter.
 */
export function failSends(
  client: AnyClient,
  fails: (call: number, command: { input: unknown; constructor: { name: string } }) => boolean,
  error: () => Error,
): { restore: () => void; calls: () => number; failed: () => number } {
  const original = client.send as unknown as Send;
  let calls = 0;
  let failed = 0;
  (client as { send: Send }).send = (command, ...rest) => {
    // The projector runs in this process locally (a function of its own in the cloud): not the job's calls.
    if (inStreamHandler()) return original.call(client, command, ...rest);
    calls += 1;
    if (fails(calls, command as { input: unknown; constructor: { name: string } })) {
      failed += 1;
      return Promise.reject(error());
    }
    return original.call(client, command, ...rest);
  };
  return {
    restore: () => {
      (client as { send: Send }).send = original;
    },
    calls: () => calls,
    failed: () => failed,
  };
}

/**
 * Makes S3 answer an error (its XML error document and status) to the requests `fails` picks, below the
 * retry and error parsing of the S3 client that the handlers of this process use (lambdas/core/aws.ts
 * `s3()`): they see the fault as they would see S3's. `fails` sees every attempt. Returns the undo and
 * the count of failed attempts.
 */
export function failS3Requests(
  stack: LocalStack,
  fails: (request: { method: string; key: string }) => boolean,
  code: string,
  status: number,
): { restore: () => void; failed: () => number } {
  const middlewareStack = s3().middlewareStack as MiddlewareStack<object, object>;
  const name = `quality-s3-fault-${Math.random().toString(36).slice(2)}`;
  const bucketPath = `/${stack.env.IMAGES_BUCKET}/`;
  let failed = 0;
  middlewareStack.add(
    (next) => async (args) => {
      const request = (args as { request: HttpRequest }).request;
      const key = request.path.startsWith(bucketPath) ? decodeURIComponent(request.path.slice(bucketPath.length)) : '';
      if (!fails({ method: request.method, key })) return next(args);
      failed += 1;
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>injected</Message></Error>`;
      return { response: new HttpResponse({ statusCode: status, headers: { 'content-type': 'application/xml' }, body: Readable.from([body]) }), output: {} } as never;
    },
    // Innermost (after the deserializer): every attempt of the retry strategy passes through here.
    { step: 'deserialize', name, priority: 'low' },
  );
  return {
    restore: () => {
      middlewareStack.remove(name);
    },
    failed: () => failed,
  };
}

/**
 * Makes the wire fail under the SDK's retry middleware: `fails(requestNumber)` picks which HTTP requests
 * answer with `error()` instead of reaching the emulator, so the client's retry strategy sees them as it
 * would see the service's throttling. Returns the undo and the counter.
 */
export function failRequests(
  client: AnyClient,
  fails: (request: number) => boolean,
  error: () => Error,
): { restore: () => void; failed: () => number } {
  const stack = client.middlewareStack as MiddlewareStack<object, object>;
  const name = `quality-fault-${Math.random().toString(36).slice(2)}`;
  let requests = 0;
  let failed = 0;
  stack.add(
    (next) => async (args) => {
      requests += 1;
      if (fails(requests)) {
        failed += 1;
        throw error();
      }
      return next(args);
    },
    // Below finalizeRequest, where the retry middleware sits: every attempt passes through here.
    { step: 'deserialize', name, priority: 'low' },
  );
  return { restore: () => void stack.remove(name), failed: () => failed };
}
