import { fileURLToPath } from 'node:url';

/**
 * Import aliases of the web app, in one place for Vite (web/vite.config.ts) and Vitest (the `web` project
 * in vitest.config.ts). web/tsconfig.json declares the same two as `paths`.
 */
export const webAliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
};
