import { defineConfig } from 'vitest/config';
import { freshModules } from './test/domain/project.ts';
import QuickestFirstSequencer from './test/mutation/quickest-first-sequencer';

/**
 * The tests StrykerJS runs against each mutant of the rules and the schemas (stryker.config.mjs): the unit
 * tier's tests of the rules, the schemas against the spec table, and the mail that formats with the rules.
 * One project, no global setup: a static mutant (most of a schema is built at module load) reruns every
 * test here, so the plumbing tests that start an S3 emulator or test logging (test/unit/core, the image
 * pipeline) stay out: they touch no rule or schema, and they were half of each rerun's time.
 */
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    exclude: ['test/unit/core/**', 'test/unit/listings/images.test.ts'],
    environment: 'node',
    // One thread runs the files one after another, the packages loaded once; our modules start fresh in each
    // file (test/fresh-modules.ts). A static mutant reruns all these tests: their dry run's overhead went from 9.4 s to 2.6 s.
    isolate: false,
    setupFiles: [freshModules],
    sequence: { sequencer: QuickestFirstSequencer },
  },
});
