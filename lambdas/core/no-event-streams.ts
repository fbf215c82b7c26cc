/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles only (esbuild `alias` in
 * lib/constructs/bisn-function.ts); the local stack and the tests load the real module.
 *
 * Event streams are the SDK's framing for a few streaming operations (S3 SelectObjectContent, Bedrock,
 * Transcribe…); BISN calls none. Yet every client's protocol loads their codec on demand with a dynamic
 * `import()` (which esbuild inlines in a single-file bundle), so the codec, its CRC32 and its Int64
 * headers were ~15 KB of every bundle that never ran.
 *
 * Exports what the bundled SDK imports from the module: a marshaller provider and EventStreamSerde, which
 * the protocol asks for only for an operation with an event stream; both refuse. A call that needs one
 * fails with that error instead of sending anything. S3Client wires its marshaller at construction, so
 * the config resolver is here too: it attaches the refusing marshaller, which no call of ours uses.
 */
const notBundled = (): never => {
  throw new Error('Event streams are not bundled into BISN functions (lambdas/core/no-event-streams.ts).');
};

export interface EventStreamMarshaller {
  serialize(...args: unknown[]): never;
  deserialize(...args: unknown[]): never;
}

export const eventStreamSerdeProvider = (_options?: unknown): EventStreamMarshaller => ({ serialize: notBundled, deserialize: notBundled });

export class EventStreamSerde {
  constructor(_options?: unknown) {
    notBundled();
  }
}

/** S3Client's constructor resolves its event-stream config: the marshaller it gets refuses if ever used. */
export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (config: T) => EventStreamMarshaller }>(input: T) =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });
