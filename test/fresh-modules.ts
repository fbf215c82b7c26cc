import { vi } from 'vitest';

/**
 * Files of a tier share their worker's process (vitest.config.ts `isolate: false`): packages load once per
 * worker. Our modules are evaluated again for each file, as in a process of its own, so a support module's
 * stack (`await fileStack()`), a cached environment or SDK client, or a module-level store starts fresh.
 */
vi.resetModules();
