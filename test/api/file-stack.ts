import { afterAll } from 'vitest';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../lib/local/stack';
import { testEngineOptions } from '../dynamodb-engine';
import { generousDailyLimits, useFileStack } from './requirements/support';

/**
 * The local stack of the domain tier's global setup (test/api/global-setup.ts): the real emulators, the
 * gateway and the handlers, in memory on free ports; no web app, no scheduler, no seed (each test creates
 * what it needs).
 */
export const sharedStackOptions: LocalStackOptions = {
  ports: { web: 0, api: 0, cognito: 0, dynamodb: 0, s3: 0, ses: 0, sqs: 0 },
  web: false,
  scheduler: false,
  seed: false,
  quiet: true,
  dailyLimits: generousDailyLimits,
};

/**
 * That stack, started for the calling test file alone and stopped after it (its handler env is put on this
 * process). A stack starts in a fraction of a second, and one per file lets the api files run in parallel:
 * no file sees another's users, mails or jobs.
 */
export async function fileStack(): Promise<LocalStack> {
  const stack = await startLocalStack({ ...sharedStackOptions, ...testEngineOptions() });
  useFileStack(stack);
  afterAll(() => stack.stop());
  return stack;
}
