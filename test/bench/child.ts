import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs a bench module in a fresh Node process (with tsx, and this process's env, which holds the local
 * stack's endpoints) and answers the JSON it prints as its last stdout line. Work that would compete with
 * the emulators for this process's one thread (bulk writes, the blast) runs there, on the other core.
 */
export function runChild<T>(module: string, input: unknown, extraEnv: Record<string, string> = {}): Promise<T> {
  const path = fileURLToPath(new URL(module, import.meta.url));
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir>: each child writes a V8 CPU profile there (open it in Chrome's DevTools).
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', path, JSON.stringify(input)], {
      // React (the mail templates) in its production build, as the functions' bundles define NODE_ENV.
      env: { ...process.env, NODE_ENV: 'production', ...extraEnv, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${module} exited with ${code}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${module} printed no JSON result: ${last.slice(0, 200)}`));
      }
    });
  });
}

/** The child side: reads its input, runs `task`, prints the result as one JSON line. */
export async function childMain<I, O>(task: (input: I) => Promise<O>): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as I;
  const output = await task(input);
  process.stdout.write(`${JSON.stringify(output)}\n`);
}
