// Just the parts of the untyped emulator packages that lib/local uses.

declare module '@20minutes/s3rver/lib/models/account.js' {
  class AWSAccount {
    static DUMMY_ACCOUNT: AWSAccount;
    /** Every key id s3rver accepts, with its account. */
    static registry: Map<string, AWSAccount>;
    /** The account's key ids and their secrets. */
    accessKeys: Map<string, string>;
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  }
  export default AWSAccount;
}

declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface S3rverOptions {
    directory?: string;
    silent?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  class S3rver {
    constructor(options?: S3rverOptions);
    configureBuckets(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    logger: { close(): void };
  }
  export default S3rver;
}
