// @ts-check
/**
 * Mutation testing (issue 21.5): `npm run mutation` mutates the business rules, the schemas and the domain
 * and runs the unit tier against each mutant; bin/mutation-score.ts then prints the score per folder.
 * Survivors judged equivalent are listed in docs/DECISIONS.md "Mutation testing".
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['shared/rules/**/*.ts', 'shared/api/schemas/**/*.ts', 'lambdas/domain/**/*.ts', 'lambdas/domain/**/*.tsx', '!**/*.d.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['.local', 'cdk.out', 'test-results', 'reports', 'bench/results', 'web/dist'],
  cleanTempDir: 'always',
};
