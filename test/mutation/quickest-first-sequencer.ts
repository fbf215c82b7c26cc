import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of test files in a mutation run. Stryker bails at the first failing test, so a
 * mutant is decided by the files that run before it fails. Vitest's own order puts the slowest files first
 * (for parallel workers); Stryker runs one file at a time, where that means every static mutant waits for
 * the mail renders before the schema tests that kill it. Here: the file that failed last (it killed the
 * previous mutant, usually a neighbour of this one) first, then the quickest.
 */
export default class QuickestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const stateOf = (file: TestSpecification) => {
      const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
      const results = cache.getFileTestResults(key);
      return { failed: results?.failed ?? false, duration: results?.duration ?? Number.POSITIVE_INFINITY };
    };
    return Promise.resolve(
      files
        .map((file) => ({ file, ...stateOf(file) }))
        .sort((a, b) => Number(b.failed) - Number(a.failed) || a.duration - b.duration)
        .map(({ file }) => file),
    );
  }
}
