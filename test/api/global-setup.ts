import type { TestProject } from 'vitest/node';
import { startLocalStack, type StackInfo } from '../../lib/local/stack';
import { generousDailyLimits } from './requirements/support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded local stack every api test talks to (urls, handler env, pool ids). */
    localStack: StackInfo;
  }
}

/**
 * The api tier runs against the real emulators, the gateway and the handlers, in memory on free ports:
 * one stack for the whole run, no web app, no scheduler, no seed (each test creates what it needs).
 */
export default async function setup(project: TestProject) {
  const stack = await startLocalStack({
    ports: { web: 0, api: 0, cognito: 0, dynamodb: 0, s3: 0, ses: 0, sqs: 0 },
    web: false,
    scheduler: false,
    seed: false,
    quiet: true,
    dailyLimits: generousDailyLimits,
  });
  const { stop, events: _events, ...info } = stack;
  project.provide('localStack', info);
  return stop;
}
