import * as z from '../../../shared/zod';

/**
 * What travels on the delivery queue: a tagged union on `kind` (blast digests and their publishing,
 * requirement broadcasts, instant alerts of saved searches).
 */
/**
 * Deliveries of one message: on the last, a worker gives up on the digests SES keeps refusing and counts
 * the batch through; a message whose worker fails this often (a poison message) goes to the dead-letter
 * queue. The queue's maxReceiveCount (lib/stacks/jobs-stack.ts, lib/local/sqs.ts).
 */
export const MAX_DELIVERIES = 5;

/** A broker to mail: the digest, or the mail, is made from the record read when it is sent. */
const recipient = z.object({
  userId: z.string().check(z.minLength(1)),
  email: z.string().check(z.minLength(3)),
});

/**
 * Deliveries of the same job by earlier copies of its message: a job its worker could not finish (SES
 * refused some mails) is put back on the queue as a new message, delayed, carrying its count (0: the first).
 */
const retries = z.optional(z.number().check(z.int(), z.nonnegative()));

export const deliveryMessageSchema = z.discriminatedUnion('kind', [
  /** One batch of a blast run's digests: the brokers the planner read, in one page of the active list. */
  z.object({
    kind: z.literal('blast-digests'),
    runId: z.string().check(z.minLength(1)),
    batch: z.number().check(z.int(), z.nonnegative()),
    recipients: z.array(recipient).check(z.minLength(1)),
    retries,
  }),
  /** Every batch of the run is through: one chunk of its listings (a page, in run order) becomes published. */
  z.object({ kind: z.literal('blast-publish'), runId: z.string().check(z.minLength(1)), chunk: z.number().check(z.int(), z.nonnegative()), retries }),
  /** One batch of a requirement's broadcast: brokers who take requirement broadcasts at once ('instant'). */
  z.object({
    kind: z.literal('requirement-mails'),
    requirementId: z.string().check(z.minLength(1)),
    recipients: z.array(recipient).check(z.minLength(1)),
    retries,
  }),
  /** One saved search's instant alert: its pending hits, mailed if its hour is over (`at`: the alert job's clock). */
  z.object({
    kind: z.literal('search-alert'),
    ownerId: z.string().check(z.minLength(1)),
    savedSearchId: z.string().check(z.minLength(1)),
    at: z.iso.datetime(),
    retries,
  }),
]);

export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;
export type DigestRecipient = z.infer<typeof recipient>;

/** A message body as the worker receives it: JSON of a DeliveryMessage, or an error saying why not. */
export function parseDeliveryMessage(body: string): DeliveryMessage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('delivery message is not JSON');
  }
  const parsed = deliveryMessageSchema.safeParse(json);
  if (!parsed.success) throw new Error(`delivery message is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.') || '-'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
