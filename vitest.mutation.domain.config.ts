import { defineConfig } from 'vitest/config';
import { domainTier, freshModules } from './test/domain/project.ts';
import QuickestFirstSequencer from './test/mutation/quickest-first-sequencer';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The tests StrykerJS runs against each mutant of lambdas/domain (stryker.domain.config.mjs): the unit tier
 * and the domain tier (lambdas/domain called in the test worker, where Stryker switches the mutant on,
 * against the emulators the global setup starts once per Stryker process). The api tier is left out: its
 * handlers run in the global setup's process, which never sees a mutant, and one of its tests costs what
 * dozens of domain tests do. Per-test coverage picks the tests that reach a mutant.
 *
 * As in `npm test`, the files of a mutant's run share one thread, the packages loaded once and our modules
 * fresh per file (test/fresh-modules.ts): a mutant of a widely used module is reached by many files, and a
 * thread per file would load the packages again for each.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: QuickestFirstSequencer },
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', isolate: false, setupFiles: [freshModules] } },
      { test: { ...domainTier, isolate: false } },
    ],
  },
});
