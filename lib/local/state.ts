import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: route and job `entry` paths are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Everything `npm start` keeps between runs (`npm run reset` removes it). */
export const LOCAL_DIR = join(REPO_ROOT, '.local');
/** The running stack's URLs, pool ids and handler env, for `npm run job` and other scripts. */
export const ENV_FILE = join(LOCAL_DIR, 'env.json');
/** Present while `npm start` runs. */
export const PID_FILE = join(LOCAL_DIR, 'stack.pid');

/** The pid of a running `npm start`, if any (a pid file left by a crash is ignored). */
export function runningStackPid(): number | undefined {
  if (!existsSync(PID_FILE)) return undefined;
  const pid = Number(readFileSync(PID_FILE, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
