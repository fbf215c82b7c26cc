/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles only (esbuild `alias` in
 * lib/constructs/bisn-function.ts); the local stack and the tests load the real module.
 *
 * Event streams are the SDK's framing for a few streaming operations (S3 SelectObjectContent, Bedrock,
 * Transcribe…); BISN calls none. Yet every client's protocol loads their codec on demand with a dynamic
 * `import()` (which esbuild inlines in a single-file bundle) and S3Client wires a marshaller at
 * construction, so the codec, its CRC32 and its Int64 headers were ~15 KB of every bundle that never ran.
 *
 * Exports what the bundled SDK imports from the module: the config resolver and a marshaller provider
 * (S3Client calls both when it is constructed, so they work and give a marshaller that refuses), and
 * EventStreamSerde, which the protocol constructs only for an operation with an event stream, and which
 * refuses too. A call that needs one fails with that error instead of sending anything.
 */
const notBundled = (): never => {
  throw new Error('Event streams are not bundled into BISN functions (lambdas/core/no-event-streams.ts).');
};

export interface EventStreamMarshaller {
  serialize(...args: unknown[]): never;
  deserialize(...args: unknown[]): never;
}

export const eventStreamSerdeProvider = (_options?: unknown): EventStreamMarshaller => ({ serialize: notBundled, deserialize: notBundled });

export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => EventStreamMarshaller }>(input: T) =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

export class EventStreamSerde {
  constructor(_options?: unknown) {
    notBundled();
  }
}
