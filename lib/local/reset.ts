/** `npm run reset`: forgets all local data (.local/), so the next `npm start` begins fresh and seeds again. */
import { existsSync, rmSync } from 'node:fs';
import { LOCAL_DIR, runningStackPid } from './state';

const pid = runningStackPid();
if (pid) {
  console.error(`The local stack is running (pid ${pid}). Stop it (Ctrl-C) before npm run reset.`);
  process.exit(1);
}
if (existsSync(LOCAL_DIR)) {
  rmSync(LOCAL_DIR, { recursive: true, force: true });
  console.log(`Removed ${LOCAL_DIR}. The next npm start creates fresh tables, users and demo data.`);
} else {
  console.log('Nothing to reset: there is no local data yet.');
}
