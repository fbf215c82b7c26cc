/**
 * `npm run lint`: eslint, the workflow linter and the type check of each TypeScript project, as many at a time
 * as the machine has cores (they end `npm test`, so their wall time is the suite's last minutes).
 * The browser tests are type-checked with the Node code they start (the local stack, the AWS SDK's types): as
 * a project of their own they would parse all of it again.
 * The type checks run TypeScript 7 (the Go compiler, package alias `typescript-7`): the same checks as 6 for a
 * fraction of the CPU. typescript-eslint needs TypeScript 6's JavaScript API, which 7 does not ship, so
 * `typescript` stays at 6 for it.
 * Each step's output is printed when it ends; the exit code is non-zero when any step failed.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const tsc7 = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');

const steps: [name: string, command: string, args: string[]][] = [
  ['tsc (lambdas, lib, shared, tests)', process.execPath, [tsc7, '-p', 'tsconfig.json', '--noEmit']],
  ['eslint', 'npx', ['eslint', '.']],
  ['tsc (web)', process.execPath, [tsc7, '-p', 'web/tsconfig.json', '--noEmit']],
  ['workflows', 'npm', ['run', '--silent', 'lint:workflows']],
];

function runStep([name, command, args]: (typeof steps)[number]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...steps];
const results: boolean[] = [];
await Promise.all(
  Array.from({ length: availableParallelism() }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.push(await runStep(step));
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
