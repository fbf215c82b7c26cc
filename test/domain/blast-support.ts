import { randomUUID } from 'node:crypto';
import { documentClient, ses } from '../../lambdas/core/aws';
import { draftOf, listingsRepository, type ListingRecord } from '../../lambdas/data/listings';
import { usersRepository } from '../../lambdas/data/users';
import { listingDraft, type ListingDraftInput } from '../../shared/api';
import { validDraft, type Actor } from './support';

/**
 * Fixtures of the blast and mail domain tests: listings written straight to the table in the state the blast
 * reads (queued by their owner at a given time), faults injected at the AWS SDK clients (SES refusing a
 * broker, DynamoDB throttling a write, another process taking the lease) and the structured log lines a
 * call writes.
 */

/** An address no other listing of the file has: listings at one address share their price history. */
const uniqueAddress = () => ({ address1: `${1000 + Math.floor(Math.random() * 8000)} ${randomUUID().slice(0, 8)} Street`, address2: '' });

/** A complete listing of `owner` that its owner published (queued for the next blast) at `queuedAt`. */
export async function queuedListing(
  owner: Actor,
  draft: Partial<ListingDraftInput> = {},
  fields: Partial<ListingRecord> = {},
  queuedAt = new Date().toISOString(),
): Promise<ListingRecord> {
  const record: ListingRecord = {
    ...draftOf(listingDraft.parse(validDraft({ ...uniqueAddress(), ...draft }))),
    listingId: randomUUID(),
    userId: owner.record.userId,
    status: 'queued',
    images: [],
    location: null,
    geocodedAddress: null,
    createdAt: queuedAt,
    updatedAt: queuedAt,
    publishedOn: null,
    expiresAt: null,
    version: 1,
    ...fields,
  };
  return listingsRepository.create(record);
}

/** Takes the broker out of later blasts of the file (each test counts only the brokers it made). */
export const retire = (actor: Actor) => usersRepository.update(actor.record.userId, { status: 'disabled' });

type Send = (command: { input: unknown }, ...rest: unknown[]) => Promise<unknown>;

/**
 * Runs `before` ahead of every call the client sends while installed (it may throw: the call then fails as
 * an outage the SDK gave up on would); returns the undo.
 */
export function intercept(client: { send: unknown }, before: (command: { input: unknown }) => void | Promise<void>): () => void {
  const original = client.send as Send;
  client.send = (async (command: { input: unknown }, ...rest: unknown[]) => {
    await before(command);
    return original.call(client, command, ...rest);
  }) as Send;
  return () => {
    client.send = original;
  };
}

const recipientsOf = (command: { input: unknown }) =>
  (command.input as { Destination?: { ToAddresses?: string[] } }).Destination?.ToAddresses ?? [];

/** SES refuses every mail to `addresses` while `action` runs (a quota or a throttling the SDK gave up on). */
export async function sesRefusing<T>(addresses: readonly string[], action: () => Promise<T>): Promise<{ result: T; refused: string[] }> {
  const refused: string[] = [];
  const restore = intercept(ses(), (command) => {
    const to = recipientsOf(command).find((address) => addresses.includes(address));
    if (to) {
      refused.push(to);
      throw Object.assign(new Error('Daily sending quota exceeded'), { name: 'LimitExceededException' });
    }
  });
  try {
    return { result: await action(), refused };
  } finally {
    restore();
  }
}

/** Runs `during` before each SES send while `action` runs (once per mail). */
export async function onEachSend<T>(during: (to: string[]) => void | Promise<void>, action: () => Promise<T>): Promise<T> {
  const restore = intercept(ses(), (command) => during(recipientsOf(command)));
  try {
    return await action();
  } finally {
    restore();
  }
}

/** DynamoDB refuses the writes `fails` picks while `action` runs (a throttling that outlasted the retries). */
export async function dynamoRefusing<T>(fails: (command: { input: unknown }) => boolean, action: () => Promise<T>): Promise<T> {
  const restore = intercept(documentClient(), (command) => {
    if (fails(command)) throw Object.assign(new Error('injected throttling'), { name: 'ProvisionedThroughputExceededException' });
  });
  try {
    return await action();
  } finally {
    restore();
  }
}

/** A structured log line (Powertools JSON). */
export interface LogLine {
  level: string;
  message: string;
  [key: string]: unknown;
}

/** The structured log lines written while `action` runs. */
export async function logsDuring<T>(action: () => Promise<T>): Promise<{ result: T; logs: LogLine[] }> {
  const logs: LogLine[] = [];
  const restores = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.startsWith('{"level":"')) {
        for (const line of chunk.split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
      }
      return (write as (chunk: unknown, ...rest: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
    return () => {
      stream.write = write;
    };
  });
  try {
    return { result: await action(), logs };
  } finally {
    for (const restore of restores) restore();
  }
}
