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
 * fails with that error instead of sending anything. (A client that wires a marshaller at construction,
 * as S3Client does, would need the config resolver too: esbuild then fails on the missing export.)
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
