/**
 * `npm test`: every test tier and lint, each run even when another failed, then one verdict.
 *
 *   vitest    unit, infra, web, api and domain in one run (the files of all five share the workers); then,
 *             side by side:
 *   e2e       the browser tier in two shards, each its own vitest run with its own stack (a global setup
 *             that starts a stack writes its endpoints onto process.env, which a second one in the same run
 *             would overwrite), serving one production build of the web app made here first
 *   lint      eslint, the workflow linter and the type checks (npm run lint)
 *
 * The browser tier alone keeps one core and a quarter busy and lint one and a half, so they share the two;
 * the five tiers keep both busy already, and anything beside them only slows their emulator-bound tests:
 * docs/DECISIONS.md "Test run time". The five tiers' output streams as it comes; lint's and the shards' is
 * printed whole once they are done, so no two outputs interleave.
 * Prints one line per tier, each failed test with the first line of its failure, and, last, `N passed, M failed` (`, K skipped` when any) for the whole suite;
 * exits non-zero when anything failed, a tier included that crashed before reporting.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWebApp } from '../lib/local/web';

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
// Taken before anything runs: the web build below sets NODE_ENV in this process while it works.
const baseEnv = { ...process.env };
const E2E_SHARDS = 2;

/** Runs a command to its end: its output on this terminal, or into `log` to be printed later. */
function run(command: string, args: string[], { log, env = {} }: { log?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const fd = log ? openSync(log, 'w') : undefined;
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, { stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd], env: { ...baseEnv, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  }).finally(() => fd !== undefined && closeSync(fd));
}

const firstLine = (message: string | undefined) => (message ?? 'failed').split('\n')[0]!.slice(0, 300);

/** Runs vitest on `projects` (one shard of them, when given), counting each test under the tier its file lies in (test/<tier>/…). */
async function vitest(projects: readonly Tier[], { shard, log, env }: { shard?: string; log?: string; env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  const label = `vitest ${projects.join(', ')}${shard ? ` (shard ${shard})` : ''}`;
  const report = path.join(scratch, `${projects.join('-')}${shard ? `-${shard.replace('/', 'of')}` : ''}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...(shard ? [`--shard=${shard}`] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const status = await run('npx', args, { log, env });
  let parsed: JsonReport | undefined;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  } catch {
    // No report: the run died before writing one.
  }
  if (!parsed) {
    for (const tier of projects) tally[tier].failed++;
    problems.push(`${label} ended with status ${status} and no report`);
    return;
  }
  let failedHere = 0;
  for (const file of parsed.testResults) {
    const tier = (path.relative(process.cwd(), file.name).split(path.sep)[1] ?? '') as Tier;
    const counts = tally[tiers.includes(tier) ? tier : projects[0]!];
    if (file.assertionResults.length === 0 && file.status === 'failed') {
      counts.failed++; // the file failed before any test ran (an import error, a failed hook)
      failedHere++;
      problems.push(`${path.relative(process.cwd(), file.name)}: ${firstLine(file.message ?? 'failed to run')}`);
    }
    for (const test of file.assertionResults) {
      if (test.status === 'passed') counts.passed++;
      else if (test.status === 'failed') {
        counts.failed++;
        failedHere++;
        // Named again under the verdict: a CI log that keeps only its tail still says what failed and why.
        problems.push(`${path.relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      } else counts.skipped++;
    }
  }
  if (status !== 0 && failedHere === 0) {
    tally[projects[0]!].failed++;
    problems.push(`${label} exited with status ${status} though no test failed`);
  }
}

/** The browser tier: the web app built once, then its shards side by side, each with a stack of its own. */
async function browserTier(logs: string[]): Promise<void> {
  const webDir = path.join(scratch, 'web');
  try {
    await buildWebApp(process.cwd(), webDir);
  } catch (error) {
    tally.e2e.failed++;
    problems.push(`the web app's production build failed: ${firstLine((error as Error).message)}`);
    return;
  }
  await Promise.all(logs.map((log, i) => vitest(['e2e'], { shard: `${i + 1}/${logs.length}`, log, env: { BISN_E2E_WEB_DIR: webDir } })));
}

const lintLog = path.join(scratch, 'lint.log');
const e2eLogs = Array.from({ length: E2E_SHARDS }, (_, i) => path.join(scratch, `e2e-${i + 1}.log`));
await vitest(['unit', 'infra', 'web', 'api', 'domain']);
await Promise.all([
  run('npm', ['run', '--silent', 'lint'], { log: lintLog }).then((status) => {
    tally.lint[status === 0 ? 'passed' : 'failed'] = 1;
  }),
  browserTier(e2eLogs),
]);
for (const [title, log] of [['lint', lintLog], ...e2eLogs.map((log, i) => [`e2e, shard ${i + 1} of ${E2E_SHARDS}`, log])] as const) {
  let output = '';
  try {
    output = readFileSync(log, 'utf8');
  } catch {
    output = '(no output)\n';
  }
  process.stdout.write(`\n── ${title} ──\n${output}`);
}
rmSync(scratch, { recursive: true, force: true });

const line = ({ passed, failed, skipped }: Tally) => `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
console.log('\n── npm test ──');
for (const [tier, counts] of Object.entries(tally)) console.log(`${tier.padEnd(6)} ${counts.failed ? '✗' : '✓'} ${line(counts)}`);
for (const problem of problems) console.log(`  ${problem}`);
const total = Object.values(tally).reduce((sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(line(total));
process.exit(total.failed > 0 ? 1 : 0);
