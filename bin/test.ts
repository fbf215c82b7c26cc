/**
 * `npm test`: every test tier and lint, each run even when an earlier one failed, then one verdict.
 *
 *   vitest    unit, infra, web, api and domain in one run (the files of all five share the workers), and e2e:
 *             a global setup that starts a stack (domain's, e2e's) writes its endpoints onto process.env, which a
 *             second one in the run would overwrite; the api files start stacks of their own
 *   lint      eslint, the workflow linter and the type checks (npm run lint)
 * The e2e run goes beside the five tiers' run, and lint once either of them ends (below); the background runs'
 * output is printed when each ends.
 *
 * Prints one line per tier, each failed test with the first line of its failure, and, last, `N passed, M failed` (`, K skipped` when any) for the whole suite;
 * exits non-zero when anything failed, a tier included that crashed before reporting.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
interface JsonReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

const tiers = ['unit', 'infra', 'web', 'api', 'domain', 'e2e'] as const;
type Tier = (typeof tiers)[number];
const tally: Record<Tier | 'lint', Tally> = Object.fromEntries(
  ['lint', ...tiers].map((tier) => [tier, { passed: 0, failed: 0, skipped: 0 }]),
) as Record<Tier | 'lint', Tally>;
const problems: string[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'bisn-test-'));

/** A command in the foreground (its output straight to ours); resolves with its exit status. */
function inForeground(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const firstLine = (message: string | undefined) => (message ?? 'failed').split('\n')[0]!.slice(0, 300);

const reportOf = (projects: readonly Tier[]) => path.join(scratch, `${projects.join('-')}.json`);
const vitestArgs = (projects: readonly Tier[]) => ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${reportOf(projects)}`];

/** Counts a vitest run's tests under the tier each file lies in (test/<tier>/…), from its JSON report. */
function tallyVitest(projects: readonly Tier[], status: number): void {
  const report = reportOf(projects);
  let parsed: JsonReport | undefined;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  } catch {
    // No report: the run died before writing one.
  }
  if (!parsed) {
    for (const tier of projects) tally[tier].failed++;
    problems.push(`vitest ${projects.join(', ')} ended with status ${status} and no report`);
    return;
  }
  for (const file of parsed.testResults) {
    const tier = (path.relative(process.cwd(), file.name).split(path.sep)[1] ?? '') as Tier;
    const counts = tally[tiers.includes(tier) ? tier : projects[0]!];
    if (file.assertionResults.length === 0 && file.status === 'failed') {
      counts.failed++; // the file failed before any test ran (an import error, a failed hook)
      problems.push(`${path.relative(process.cwd(), file.name)}: ${firstLine(file.message ?? 'failed to run')}`);
    }
    for (const test of file.assertionResults) {
      if (test.status === 'passed') counts.passed++;
      else if (test.status === 'failed') {
        counts.failed++;
        // Named again under the verdict: a CI log that keeps only its tail still says what failed and why.
        problems.push(`${path.relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      } else counts.skipped++;
    }
  }
  if (status !== 0 && projects.every((tier) => tally[tier].failed === 0)) {
    tally[projects[0]!].failed++;
    problems.push(`vitest ${projects.join(', ')} exited with status ${status} though no test failed`);
  }
}

/**
 * A command in the background, its output to a file (no pipe to drain while a vitest run holds the
 * foreground), printed under a heading once it ends so it does not break into the other run's lines.
 */
function inBackground(name: string, command: string, args: string[]): { ended: Promise<number>; printed(): Promise<number> } {
  const log = path.join(scratch, `${name}.log`);
  const fd = openSync(log, 'w');
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], env: process.env });
  const ended = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return {
    ended,
    async printed() {
      const status = await ended;
      closeSync(fd);
      console.log(`\n── ${name} ──`);
      process.stdout.write(readFileSync(log, 'utf8'));
      return status;
    },
  };
}

// The browser tier mostly waits on pages and its stack, so it runs beside the five tiers, which keep both
// cores busy; lint starts as soon as either run ends, on the cores it leaves (started with both, the run took
// longer, even at the lowest priority). The e2e run is a vitest process of its own: its global setup's stack
// writes its endpoints onto that process's env, apart from the domain tier's.
const e2e = inBackground('e2e (vitest)', 'npx', vitestArgs(['e2e']));
const fiveTiers = inForeground('npx', vitestArgs(['unit', 'infra', 'web', 'api', 'domain']));
await Promise.race([e2e.ended, fiveTiers]);
const lint = inBackground('npm run lint', 'npm', ['run', '--silent', 'lint']);
tallyVitest(['unit', 'infra', 'web', 'api', 'domain'], await fiveTiers);
tallyVitest(['e2e'], await e2e.printed());
const lintStatus = await lint.printed();
tally.lint[lintStatus === 0 ? 'passed' : 'failed'] = 1;
if (lintStatus !== 0) problems.push(`npm run lint exited with status ${lintStatus}`);
rmSync(scratch, { recursive: true, force: true });

const line = ({ passed, failed, skipped }: Tally) => `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
console.log('\n── npm test ──');
for (const [tier, counts] of Object.entries(tally)) console.log(`${tier.padEnd(6)} ${counts.failed ? '✗' : '✓'} ${line(counts)}`);
for (const problem of problems) console.log(`  ${problem}`);
const total = Object.values(tally).reduce((sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(line(total));
process.exit(total.failed > 0 ? 1 : 0);
