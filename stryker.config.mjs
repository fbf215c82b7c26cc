// @ts-check
/**
 * Mutation testing: `npm run mutation` mutates the business rules and the schemas against the
 * unit tier (this file), then the domain against the unit and domain tiers (stryker.domain.config.mjs);
 * bin/mutation-score.ts then prints the score per folder from both reports. Survivors judged equivalent are
 * listed in docs/DECISIONS.md "Mutation testing".
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['shared/rules/**/*.ts', 'shared/api/schemas/**/*.ts', '!**/*.d.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  // Other runs' sandboxes (a run per module while writing tests) are not part of the project.
  ignorePatterns: ['.stryker-cache', '.local', 'cdk.out', 'test-results', 'reports', 'bench/results', 'web/dist', '.stryker-tmp*'],
  cleanTempDir: 'always',
  // Incremental: the machine's last run's results are kept in the ignored .stryker-cache/; a run tests again only the
  // mutants whose code or covering tests changed since (`npm run stryker -- --force`, and the same with the domain's config,
  // runs every mutant). StrykerJS 10's vitest runner reports each test's location, so an edited test retests only the mutants
  // it covers.
  incremental: true,
  incrementalFile: '.stryker-cache/rules-and-schemas.json',
};
