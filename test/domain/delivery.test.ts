import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageBatchCommand, type SendMessageBatchCommandOutput } from '@aws-sdk/client-sqs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, sqs } from '../../lambdas/core/aws';
import { blastsRepository } from '../../lambdas/data/blasts';
import type { DeliveryMessage } from '../../lambdas/domain/delivery/messages';
import { enqueueDeliveries } from '../../lambdas/domain/delivery/queue';
import { MARK_BATCH, sendClaimed, STALE_CLAIM_MS, type RecipientLedger } from '../../lambdas/domain/delivery/send';
import type { OutgoingMail } from '../../lambdas/domain/mail';
import { queueDepth } from '../../lib/local/sqs';
import { dynamoRefusing, freshDeliveryQueue, intercept, logsDuring, onQuickQueue } from './blast-support';
import { mailsTo } from './support';

// The delivery path every job shares (docs/DECISIONS.md "The weekday blast and the delivery queue"): the per-recipient claims that
// keep a mail to one send, and the queue's enqueueing, against the emulators.

let queues: Awaited<ReturnType<typeof freshDeliveryQueue>>;
beforeAll(async () => {
  queues = await freshDeliveryQueue();
});
afterEach(() => {
  vi.useRealTimers();
});

interface Recipient {
  userId: string;
  email: string;
}
const recipient = (label: string): Recipient => {
  const userId = randomUUID();
  return { userId, email: `${label}-${userId.slice(0, 8)}@example.com` };
};
const mailTo = (to: string): OutgoingMail => ({ to, subject: 'Delivery', html: '<p>Delivery</p>', text: 'Delivery' });

/** A blast run's ledger, as its worker wires it. */
const runLedger = (runId: string): RecipientLedger => ({
  claim: (userId, claimedAt) => blastsRepository.claimDelivery(runId, userId, claimedAt),
  state: (userId) => blastsRepository.deliveryState(runId, userId),
  sent: (claims) => blastsRepository.markDelivered(runId, claims),
  release: (userId) => blastsRepository.releaseDelivery(runId, userId),
});

describe('sending against the ledger (domain)', () => {
  it('sends the unclaimed, leaves the sent and the dead, and has the job come back for a live claim', async () => {
    const runId = `run-${randomUUID()}`;
    const now = Date.now();
    const [fresh, sent, dead, live, nothing] = ['fresh', 'sent', 'dead', 'live', 'nothing'].map(recipient) as [Recipient, Recipient, Recipient, Recipient, Recipient];
    // Claims other deliveries made: one finished, one exactly STALE_CLAIM_MS ago (its worker died), one a
    // millisecond later (its worker may still be sending).
    vi.useFakeTimers({ toFake: ['Date'], now: now - STALE_CLAIM_MS });
    await blastsRepository.claimDelivery(runId, dead.userId);
    vi.setSystemTime(now - STALE_CLAIM_MS + 1);
    await blastsRepository.claimDelivery(runId, live.userId);
    await blastsRepository.claimDelivery(runId, sent.userId);
    await blastsRepository.markDelivered(runId, [{ userId: sent.userId, claimedAt: new Date().toISOString() }]);
    vi.setSystemTime(now);

    const report = await sendClaimed([fresh, sent, dead, live, nothing], async (r) => (r === nothing ? null : mailTo(r.email)), runLedger(runId));

    expect(report).toEqual({ sent: 1, skipped: 1, failed: 1 });
    for (const r of [fresh, sent, dead, live, nothing]) expect(await mailsTo(r.email), r.email).toHaveLength(r === fresh ? 1 : 0);
    expect(await blastsRepository.deliveryState(runId, fresh.userId)).toEqual({ state: 'sent', claimedAt: new Date(now).toISOString() });
    expect(await blastsRepository.deliveryState(runId, nothing.userId)).toBeNull();
  });
});

describe('marking sent mails (domain)', () => {
  it('marks them 25 to a write, each with the time of its claim', async () => {
    const runId = `run-${randomUUID()}`;
    const readers = Array.from({ length: 2 * MARK_BATCH + 3 }, (_, n) => recipient(`batch-${n}`));
    const writes: string[] = [];
    const claimedAt = new Map<string, string>();
    const restore = intercept(documentClient(), (command) => {
      if (!JSON.stringify(command.input).includes(runId)) return;
      writes.push(command.constructor.name);
      const claim = (command.input as { Item?: { sk: string; claimedAt: string } }).Item;
      if (command.constructor.name === 'PutCommand' && claim) claimedAt.set(claim.sk, claim.claimedAt);
    });
    try {
      expect(await sendClaimed(readers, async (r) => mailTo(r.email), runLedger(runId))).toEqual({ sent: readers.length, skipped: 0, failed: 0 });
    } finally {
      restore();
    }
    // A conditional put per claim, then three BatchWrites for 53 marks.
    expect(writes.filter((name) => name !== 'PutCommand')).toEqual(['BatchWriteCommand', 'BatchWriteCommand', 'BatchWriteCommand']);
    expect(writes.filter((name) => name === 'PutCommand')).toHaveLength(readers.length);
    const states = await Promise.all(readers.map((r) => blastsRepository.deliveryState(runId, r.userId)));
    expect(states).toEqual(readers.map((r) => ({ state: 'sent', claimedAt: claimedAt.get(`SENT#${r.userId}`) })));
  });
});

describe('a worker that dies mid-batch (domain)', () => {
  it('leaves at most MARK_BATCH accepted mails unmarked: the ones before them are marked sent', async () => {
    const runId = `run-${randomUUID()}`;
    const readers = Array.from({ length: MARK_BATCH + 5 }, (_, n) => recipient(`dying-${n}`));
    const ledger = runLedger(runId);
    // From its 28th claim on, nothing the worker asks of the table returns: it is dead.
    let claims = 0;
    const dying: RecipientLedger = { ...ledger, claim: (userId, claimedAt) => (++claims > MARK_BATCH + 2 ? new Promise<never>(() => undefined) : ledger.claim(userId, claimedAt)) };
    void sendClaimed(readers, async (r) => mailTo(r.email), dying, { concurrency: 1 });
    const states = () => Promise.all(readers.map(async (r) => (await blastsRepository.deliveryState(runId, r.userId))?.state ?? null));
    await vi.waitFor(async () => expect((await states()).filter((state) => state !== null)).toHaveLength(MARK_BATCH + 2), { timeout: 20_000, interval: 200 });
    expect(await states()).toEqual([...Array(MARK_BATCH).fill('sent'), 'sending', 'sending', null, null, null]);
    expect((await Promise.all(readers.map((r) => mailsTo(r.email)))).map((mails) => mails.length)).toEqual([...Array(MARK_BATCH + 2).fill(1), 0, 0, 0]);
  });
});

describe('marks the ledger refuses after SES accepted the mails (domain)', () => {
  it('count the mails as sent and never send them again: the claims stay, as a crash would leave them', async () => {
    const runId = `run-${randomUUID()}`;
    const reader = recipient('marked');
    const isMarkSent = (command: { input: unknown }) => JSON.stringify(command.input).includes('"state":"sent"');
    const { result, logs } = await logsDuring(() => dynamoRefusing(isMarkSent, () => sendClaimed([reader], async (r) => mailTo(r.email), runLedger(runId))));
    expect(result).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(logs.filter((line) => line.level === 'WARN').map((line) => line.message)).toEqual(['delivery marks failed: the mails count as sent']);
    expect(await blastsRepository.deliveryState(runId, reader.userId)).toMatchObject({ state: 'sending' });

    // The job delivered again (another batch of it failed): this mail is not sent twice.
    await sendClaimed([reader], async (r) => mailTo(r.email), runLedger(runId));
    expect(await mailsTo(reader.email)).toHaveLength(1);
  });
});

/** Every message on the file's queue, each received once and deleted. */
async function receiveAll(): Promise<DeliveryMessage[]> {
  const bodies: DeliveryMessage[] = [];
  for (;;) {
    const { Messages = [] } = await queues.client.send(new ReceiveMessageCommand({ QueueUrl: queues.queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, VisibilityTimeout: 60 }));
    if (Messages.length === 0) return bodies;
    for (const message of Messages) {
      bodies.push(JSON.parse(message.Body!) as DeliveryMessage);
      await queues.client.send(new DeleteMessageCommand({ QueueUrl: queues.queueUrl, ReceiptHandle: message.ReceiptHandle! }));
    }
  }
}

/** SQS refuses the batch entries `refuses` picks (call: the SendMessageBatch's number); the others go through. */
function sqsRefusing(refuses: (entryId: string, call: number) => boolean) {
  const client = sqs();
  const original = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  let calls = 0;
  client.send = (async (command: unknown) => {
    if (!(command instanceof SendMessageBatchCommand)) return original(command);
    calls++;
    const entries = command.input.Entries ?? [];
    const refused = entries.filter((entry) => refuses(entry.Id!, calls));
    const passed = entries.filter((entry) => !refused.includes(entry));
    const answer = passed.length
      ? ((await original(new SendMessageBatchCommand({ ...command.input, Entries: passed }))) as SendMessageBatchCommandOutput)
      : { Successful: [], Failed: [] };
    return { ...answer, Failed: [...(answer.Failed ?? []), ...refused.map((entry) => ({ Id: entry.Id!, Code: 'InternalError', SenderFault: false }))] };
  }) as typeof client.send;
  return {
    calls: () => calls,
    restore: () => {
      client.send = original as typeof client.send;
    },
  };
}

const publishChunks = (runId: string, count: number): DeliveryMessage[] => Array.from({ length: count }, (_, chunk) => ({ kind: 'blast-publish', runId, chunk }));
/** The chunks of `runId` among `messages` (a failed test's leftovers are another run's). */
const chunksOf = (messages: DeliveryMessage[], runId: string) =>
  messages.flatMap((message) => (message.kind === 'blast-publish' && message.runId === runId ? [message.chunk] : [])).sort((a, b) => a - b);

describe('enqueueing deliveries (domain)', () => {
  it('puts more messages than one batch takes on the queue, each once', async () => {
    const runId = `run-${randomUUID()}`;
    await enqueueDeliveries(publishChunks(runId, 23));
    expect(chunksOf(await receiveAll(), runId)).toEqual(Array.from({ length: 23 }, (_, chunk) => chunk));
  });

  it('sends again the entries SQS refused, and only those', async () => {
    const runId = `run-${randomUUID()}`;
    const refusing = sqsRefusing((id, call) => call === 1 && Number(id) % 3 === 0);
    try {
      await enqueueDeliveries(publishChunks(runId, 7));
    } finally {
      refusing.restore();
    }
    expect(refusing.calls()).toBe(2);
    expect(chunksOf(await receiveAll(), runId)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('gives up after five refusals of the same entries, saying how many and why', async () => {
    const runId = `run-${randomUUID()}`;
    const refusing = sqsRefusing((id) => id === '1' || id === '4');
    try {
      await expect(enqueueDeliveries(publishChunks(runId, 6))).rejects.toThrow('delivery queue refused 2 messages: InternalError, InternalError');
    } finally {
      refusing.restore();
    }
    expect(refusing.calls()).toBe(5);
    expect(chunksOf(await receiveAll(), runId)).toEqual([0, 2, 3, 5]);
  });

  it('delays a message by its delaySeconds, and only when asked', async () => {
    // A queue of its own: the depth counts every message on it. The emulator shows even an undelayed message
    // a moment after it took it, so the depth is read until it settles (at most 10 s).
    await onQuickQueue(async (own) => {
      await enqueueDeliveries(publishChunks(`run-${randomUUID()}`, 1), { delaySeconds: 900 });
      await enqueueDeliveries(publishChunks(`run-${randomUUID()}`, 1));
      await expect.poll(() => queueDepth(own.client, own.queueUrl), { timeout: 10_000 }).toEqual({ visible: 1, inFlight: 1 });
    });
  });
});
