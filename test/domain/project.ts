/** The first setup file of every tier (vitest.config.ts `isolate: false`). */
export const freshModules = 'test/fresh-modules.ts';

/**
 * The domain tier's vitest options, shared by vitest.config.ts (`npm test`) and the domain's mutation run
 * (vitest.mutation.domain.config.ts): lambdas/domain called in the test worker against the emulators the
 * global setup starts, each file on a fresh table (fresh-table.ts).
 */
export const domainTier = {
  name: 'domain',
  include: ['test/domain/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 120_000,
  globalSetup: ['test/dynamodb-engine.ts', 'test/api/global-setup.ts'],
  setupFiles: [freshModules, 'test/api/capture-logs.ts', 'test/domain/fresh-table.ts'],
};
