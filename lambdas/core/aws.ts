import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from './env';

/**
 * Module-scope AWS clients, created on first use and reused across invocations. Endpoints come from the
 * standard AWS_ENDPOINT_URL_<SERVICE> variables, which the local stack sets to the emulators. S3 has no
 * client here: the functions use lambdas/core/s3-objects.ts.
 * Each `lazy(...)` is marked pure, so a handler's bundle keeps only the clients it uses (esbuild drops an
 * unused export and, with it, that service's SDK package).
 */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export const documentClient = /* @__PURE__ */ lazy(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: env().AWS_REGION, maxAttempts: 6 }), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

export const ses = /* @__PURE__ */ lazy(() => new SESv2Client({ region: env().AWS_REGION }));

export const cognito = /* @__PURE__ */ lazy(() => new CognitoIdentityProviderClient({ region: env().AWS_REGION }));
