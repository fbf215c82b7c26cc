// @ts-check
import base from './stryker.config.mjs';

/**
 * The domain's mutation run (`npm run mutation`, after the rules and schemas): lambdas/domain against the
 * unit and domain tiers. Static mutants (module-level constants: messages, limits, date formats) are left
 * out: each would rerun every test with its emulator-backed setup (about a minute a mutant on 2 cores), and
 * the constants that matter are pinned by the spec table and the unit tier. docs/DECISIONS.md "Mutation
 * testing" says how many there are.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation.domain.config.ts' },
  mutate: ['lambdas/domain/**/*.ts', 'lambdas/domain/**/*.tsx', '!**/*.d.ts'],
  ignoreStatic: true,
  dryRunTimeoutMinutes: 20,
  jsonReporter: { fileName: 'reports/mutation/domain.json' },
  htmlReporter: { fileName: 'reports/mutation/domain.html' },
  incrementalFile: '.stryker-cache/domain.json',
};
