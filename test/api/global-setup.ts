import type { TestProject } from 'vitest/node';
import { startLocalStack, type StackInfo } from '../../lib/local/stack';
import { testEngineOptions } from '../dynamodb-engine';
import { sharedStackOptions } from './file-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded local stack every domain test talks to (urls, handler env, pool ids). */
    localStack: StackInfo;
  }
}

/**
 * The domain tier runs against one stack for the whole run (each file on a table of its own): the real
 * emulators, in memory on free ports. The api files start the same stack each for itself (file-stack.ts).
 */
export default async function setup(project: TestProject) {
  const stack = await startLocalStack({ ...sharedStackOptions, ...testEngineOptions() });
  const { stop, events: _events, projectionsSettled: _settled, projectionFailures: _failures, unprojected: _unprojected, ...info } = stack;
  project.provide('localStack', info);
  return stop;
}
