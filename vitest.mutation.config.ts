import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against each mutant of the rules and the schemas (stryker.config.mjs): the unit
 * tier, which holds the rules' tables and the schemas against the spec table. One project, no global setup:
 * a static mutant (most of a schema is built at module load) reruns every test, and these take seconds.
 */
export default defineConfig({
  test: { include: ['test/unit/**/*.test.ts'], environment: 'node' },
});
