import { afterEach, beforeEach } from 'vitest';

/**
 * The handlers' structured log lines (Powertools JSON, written straight to stdout/stderr) are held while a
 * test runs: the faults the api tier injects on purpose log errors, and a CI log should show only real
 * failures. A test that fails gets its lines printed under its name; one that passes drops them. Lines
 * outside a test (setup hooks) print as usual.
 */
const structured = /^\{"level":"/;
let held: string[] | null = null;

for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (held && typeof chunk === 'string' && structured.test(chunk)) {
      held.push(chunk);
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

beforeEach((context) => {
  const lines: string[] = [];
  held = lines;
  context.onTestFailed(() => {
    if (lines.length) process.stderr.write(`── handler logs of "${context.task.name}" ──\n${lines.join('')}`);
  });
});

afterEach(() => {
  held = null;
});
