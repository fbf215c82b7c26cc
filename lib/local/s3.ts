import { createServer } from 'node:http';
import S3rver from '@20minutes/s3rver';
import AWSAccount from '@20minutes/s3rver/lib/models/account.js';
import { LOCAL_KEY_PREFIX, localCredentials } from './aws';
import { close, listen, localUrl } from './net';

/** A key map that knows every local key (`local…`), all with the one local secret. */
class LocalKeys<V> extends Map<string, V> {
  constructor(private readonly local: V) {
    super();
  }
  override get(key: string): V | undefined {
    return super.get(key) ?? (key.startsWith(LOCAL_KEY_PREFIX) ? this.local : undefined);
  }
}

// s3rver knows only its own S3RVER key pair and refuses any other key id, even with mismatched signatures
// allowed; the stack's clients sign with a key of their table's (tableCredentials), made per stack.
AWSAccount.registry = new LocalKeys(AWSAccount.DUMMY_ACCOUNT);
AWSAccount.DUMMY_ACCOUNT.accessKeys = new LocalKeys(localCredentials.secretAccessKey);
AWSAccount.DUMMY_ACCOUNT.createKeyPair('S3RVER', 'S3RVER');

export interface S3Emulator {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** The browser uploads with a presigned POST from the site and reads images straight from the bucket. */
function corsConfiguration(webOrigin: string): string {
  const methods = ['GET', 'HEAD', 'PUT', 'POST'].map((method) => `<AllowedMethod>${method}</AllowedMethod>`).join('');
  return `<CORSConfiguration><CORSRule><AllowedOrigin>${webOrigin}</AllowedOrigin>${methods}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/**
 * s3rver in this process, objects under `directory`. It enforces no POST policy and, unless
 * `verifySignatures` (test/unit/core/images-bucket.test.ts), no signature (allowMismatchedSignatures), so
 * handlers must check type and size themselves, as they do in the cloud.
 */
export async function startS3(options: {
  port: number;
  directory: string;
  bucket: string;
  webOrigin: string;
  verifySignatures?: boolean;
}): Promise<S3Emulator> {
  const s3rver = new S3rver({
    directory: options.directory,
    silent: true,
    allowMismatchedSignatures: !options.verifySignatures,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration(options.webOrigin)] }],
  });
  await s3rver.configureBuckets();
  // Our own server rather than s3rver.run(): its listen() crashes the process on EADDRINUSE.
  const server = createServer(s3rver.callback());
  const port = await listen(server, options.port, 'S3 (s3rver)');
  return {
    url: localUrl(port),
    port,
    stop: async () => {
      await close(server);
      s3rver.logger.close();
    },
  };
}
