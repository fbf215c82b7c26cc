/**
 * `npm run job -- <jobId>`: runs one background job now, in this process, against the running local
 * stack (its emulators and the handler env it wrote to .local/env.json), and prints the result.
 */
import { existsSync, readFileSync } from 'node:fs';
import { runJob } from '../lib/local/scheduler';
import { ENV_FILE, REPO_ROOT, runningStackPid } from '../lib/local/state';
import { jobs, type JobId } from '../shared/api/routes';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const ids = jobs.map((job) => job.id);
  const id = process.argv[2];
  if (!id || !ids.includes(id as JobId)) fail(`Usage: npm run job -- ${ids.join('|')}`);
  if (!runningStackPid() || !existsSync(ENV_FILE)) fail('The local stack is not running. Start it first: npm start');

  const { env } = JSON.parse(readFileSync(ENV_FILE, 'utf8')) as { env: Record<string, string> };
  Object.assign(process.env, env);
  const started = Date.now();
  const result = await runJob(REPO_ROOT, id as JobId);
  console.log(JSON.stringify(result ?? null, null, 2));
  console.error(`${id} finished in ${Date.now() - started} ms`);
}

main().then(
  // The SDK clients keep sockets open; the job is done.
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Job failed:`, error);
    process.exit(1);
  },
);
