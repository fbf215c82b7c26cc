/**
 * The running stack as tests, scripts and the demo seed see it: plain data, beside (not in) stack.ts, which
 * starts the stack and seeds it, so the seed and the test helpers need not import the stack.
 */

/** A demo account `npm start` prints. */
export interface DemoLogin {
  email: string;
  password: string;
  role: 'operator' | 'broker' | 'awaiting approval' | 'delegate';
  firstName?: string;
}

/** What tests and scripts need to talk to a running stack; plain data, so vitest can `provide` it. */
export interface StackInfo {
  urls: { web?: string; api: string; cognito: string; dynamodb: string; s3: string; ses: string; sqs: string; mailViewer: string };
  /** The delivery queue's dead-letter queue (its URL is in env as DELIVERY_QUEUE_URL). */
  deadLetterQueueUrl: string;
  /** The handler environment, AWS_ENDPOINT_URL_* included; also set on this process's env. */
  env: Record<string, string>;
  userPoolId: string;
  userPoolClientId: string;
  /** Filled when the stack was started with `seed: true`. */
  demoLogins: DemoLogin[];
}
