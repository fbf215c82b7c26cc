import { config } from 'zod/v4/core';

/**
 * Zod's compiled object parsers probe `new Function` once. zod/mini's objects do not compile, but the site's
 * CSP allows no eval (lib/config/security-headers.ts) and a probe would be reported as a CSP violation on
 * every page load, so parsing is pinned jitless before any schema exists (main.tsx imports this module
 * first). Only the config setter is imported here: the landing page loads no schema library.
 */
config({ jitless: true });
