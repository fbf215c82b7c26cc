import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against each mutant (`npm run mutation`, stryker.config.mjs): the unit tier,
 * which holds the rules, the schemas against the spec table and the domain's pure parts. One project,
 * no global setup, so Stryker's per-test coverage can pick the few tests that reach a mutant.
 */
export default defineConfig({
  test: { include: ['test/unit/**/*.test.ts'], environment: 'node' },
});
