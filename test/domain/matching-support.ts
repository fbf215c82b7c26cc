import { randomUUID } from 'node:crypto';
import type { MiddlewareStack } from '@smithy/types';
import { documentClient, ses } from '../../lambdas/core/aws';
import { listingsRepository, type ListingRecord } from '../../lambdas/data/listings';
import { requirementsRepository, type RequirementRecord } from '../../lambdas/data/requirements';
import type { UserRecord } from '../../lambdas/data/users';
import { listingDraft } from '../../shared/api';
import { publishedFields, validDraft } from './support';

export { refusal, type Refusal } from './support';

/**
 * Fixtures of the matching and lifecycle domain tests: requirements and listings written through the
 * repositories in the state a test needs (sent at a given time, published), without the broadcast or the
 * blast, which have tests of their own.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export type SentRequirement = RequirementRecord & { sentAt: string };

/**
 * A requirement record of `owner` (office for lease in Midtown, 2,500–10,000 sf, no budget), in `status`
 * (sent at `sentAt` unless pending); a sent one has its browse entries, as the broadcast leaves it.
 */
export async function storedRequirement(owner: Pick<UserRecord, 'userId'>, fields: Partial<RequirementRecord> = {}): Promise<SentRequirement> {
  const at = fields.sentAt ?? new Date().toISOString();
  const record: SentRequirement = {
    requirementId: randomUUID(),
    userId: owner.userId,
    title: `Requirement ${randomUUID().slice(0, 8)}`,
    status: 'sent',
    requirementTypeId: 'for-lease',
    propertyTypeId: 'office',
    marketIds: ['sac-midtown'],
    sqftMin: 2500,
    sqftMax: 10000,
    timing: 'Next 6 months',
    description: '',
    highlights: [],
    maxPrice: null,
    maxLeaseRate: null,
    maxLeaseFrequencyId: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
    sentAt: at,
  };
  const stored = ['pending', 'queued', 'processing'].includes(record.status) ? { ...record, sentAt: null } : record;
  await requirementsRepository.create(stored);
  if (record.status === 'sent') await requirementsRepository.writeIndex(record);
  return record;
}

/**
 * A published listing record of `owner` (office for lease in Midtown, 1,000–5,000 sf, no price, no words),
 * expiring 120 days after `publishedOn`; not matched (the test matches it).
 */
export async function storedListing(owner: Pick<UserRecord, 'userId'>, fields: Partial<ListingRecord> = {}): Promise<ListingRecord> {
  const publishedOn = fields.publishedOn ?? new Date().toISOString();
  const record: ListingRecord = {
    ...listingDraft.parse(validDraft({
      title: `Listing ${randomUUID().slice(0, 8)}`,
      listingTypeId: 'for-lease',
      sqft: null,
      minSqft: 1000,
      maxSqft: 5000,
      price: null,
      leasePrice: null,
      leaseFrequencyId: null,
      description: '',
      highlights: [],
    })),
    ...publishedFields(owner.userId, publishedOn),
    ...fields,
  };
  await listingsRepository.create(record);
  return record;
}

/**
 * Makes this process's SES client refuse the sends to the addresses `refused` picks (every send unless
 * given), as a throttled account does once the SDK's retries are spent, until the answer is called. Faults
 * go into the AWS SDK, never into our code.
 */
export function refuseMails(refused: (to: string) => boolean = () => true): () => void {
  const client = ses() as unknown as { send: (command: { input: { Destination?: { ToAddresses?: string[] } } }, ...rest: unknown[]) => Promise<unknown> };
  const original = client.send;
  client.send = (command, ...rest) =>
    (command.input.Destination?.ToAddresses ?? []).some(refused)
      ? Promise.reject(Object.assign(new Error('injected: Throttling'), { name: 'Throttling', $fault: 'client', $metadata: { httpStatusCode: 400 } }))
      : original.call(client, command, ...rest);
  return () => {
    client.send = original;
  };
}

/** A DynamoDB request as the document client is asked it: the parts a test tells commands apart by. */
export type DbRequest = { UpdateExpression?: string; ConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown>; Item?: Record<string, unknown> };

/**
 * Runs `action` (another run taking over, an operator deleting, a crash) just before the first DynamoDB
 * request `matches` picks, through the SDK's middleware; the answer removes the hook.
 */
export function beforeDbRequest(matches: (request: DbRequest) => boolean, action: () => Promise<unknown>): () => void {
  const stack = documentClient().middlewareStack as unknown as MiddlewareStack<object, object>;
  const name = `before-db-request-${randomUUID()}`;
  let done = false;
  stack.add(
    (next) => async (args) => {
      if (!done && matches((args as { input: DbRequest }).input)) {
        done = true;
        await action();
      }
      return next(args);
    },
    { step: 'initialize', name, priority: 'high' },
  );
  return () => {
    stack.remove(name);
  };
}

/** What `action` asked DynamoDB through the document client, in order: each command's name and input. */
export async function dbRequestsDuring(action: () => Promise<unknown>): Promise<{ command: string; input: Record<string, unknown> }[]> {
  const stack = documentClient().middlewareStack as unknown as MiddlewareStack<object, object>;
  const name = `db-requests-${randomUUID()}`;
  const seen: { command: string; input: Record<string, unknown> }[] = [];
  stack.add(
    (next, context) => async (args) => {
      seen.push({ command: String((context as { commandName?: string }).commandName), input: (args as { input: Record<string, unknown> }).input });
      return next(args);
    },
    { step: 'initialize', name, priority: 'high' },
  );
  try {
    await action();
  } finally {
    stack.remove(name);
  }
  return seen;
}
