import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { lazy } from '../../shared/lazy';
import { env, type Env } from './env';

/**
 * Module-scope AWS clients, created on first use and reused across invocations. Endpoints come from the
 * standard AWS_ENDPOINT_URL_<SERVICE> variables, which the local stack sets to the emulators.
 * Each `lazy(...)` is marked pure, so a handler's bundle keeps only the clients it uses (esbuild drops an
 * unused export and, with it, that service's SDK package).
 */
export const dynamoDb = /* @__PURE__ */ lazy(() => new DynamoDBClient({ region: env().AWS_REGION, maxAttempts: 6 }));

export const documentClient = /* @__PURE__ */ lazy(() =>
  DynamoDBDocumentClient.from(dynamoDb(), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

export const ses = /* @__PURE__ */ lazy(() => new SESv2Client({ region: env().AWS_REGION }));

export const sqs = /* @__PURE__ */ lazy(() => new SQSClient({ region: env().AWS_REGION }));

export const cognito = /* @__PURE__ */ lazy(() => new CognitoIdentityProviderClient({ region: env().AWS_REGION }));

let s3Client: { readonly for: Env; readonly client: S3Client } | undefined;

/**
 * The images bucket's client (lambdas/core/images-bucket.ts), made for the environment it was created in:
 * a deployed function has one for its life; tests that change the environment get a new one.
 */
export function s3(): S3Client {
  const current = env();
  if (s3Client?.for !== current) {
    s3Client = {
      for: current,
      client: new S3Client({
        region: current.AWS_REGION,
        forcePathStyle: current.S3_FORCE_PATH_STYLE,
        // Checksums only where S3 requires one (DeleteObjects): whole images are sent in one signed
        // request, not as aws-chunked bodies with trailing checksums, which the local emulator cannot read.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    };
  }
  return s3Client.client;
}
