import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { domainTier, freshModules } from './test/domain/project.ts';

/** The web app's import aliases, as in web/vite.config.ts and web/tsconfig.json `paths`. */
const webAliases = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
};

/**
 * Test tiers (ARCHITECTURE.md "Tests"):
 * unit  – shared rules, schemas, domain logic; pure and fast
 * domain – lambdas/domain called directly against the emulators, a fresh table per file; fast enough to
 *          run per mutant (npm run mutation)
 * api   – handlers through the local gateway against the embedded emulators
 * infra – CDK template assertions and cdk-nag
 * web   – React components with Testing Library in jsdom
 * e2e   – playwright-core + Debian Chromium against the whole local stack
 */
// The SDK's notice that its 2027 releases need Node 22 says nothing about a test and buries real output.
// Set here, it reaches the global setups (this process) and the workers (they inherit the env).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, running every file of
    // every tier one after the other. A worker waits at times (a queue's visibility timeout, a paced send, a
    // job's poll): one more worker than cores keeps both cores busy through those waits.
    maxWorkers: Math.max(availableParallelism(), 2) + 1,
    // A worker runs its files one after another in one process instead of a new process each: the packages
    // (the AWS SDK, React, jsdom, Playwright) load once per worker, not once per file. Our own modules still
    // start fresh in every file (test/fresh-modules.ts, the first setup file of each tier), so no module
    // state, stack or cache of one file reaches the next.
    isolate: false,
    projects: [
      {
        extends: true,
        // Vitest's 5 s default is a guess at the machine's speed: a first mail render (React, its imports) took
        // longer on a 2-core machine with other work beside the suite. A test that truly hangs still fails.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, setupFiles: [freshModules] },
      },
      { extends: true, test: domainTier },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
          // A busy machine makes these tests up to four times slower (a 15 s test took 60 s beside a mutation
          // run and a CPU hog): room for that; a hung test still fails.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts a stack of its own (file-stack.ts, requirements/support.ts startStack): files
          // share nothing, so they run side by side with each other and the other tiers.
          setupFiles: [freshModules, 'test/api/capture-logs.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], environment: 'node', testTimeout: 240_000, setupFiles: [freshModules] },
      },
      {
        extends: true,
        plugins: [react()],
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A component test types and clicks through userEvent: seconds on a busy machine, past vitest's 5 s.
          testTimeout: 60_000,
          setupFiles: [freshModules, 'test/web/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: [freshModules, 'test/e2e/console-gate.ts'],
        },
      },
    ],
  },
});
