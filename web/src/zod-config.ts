import { config } from 'zod/v4/core';

/**
 * Zod probes `new Function` once, when the first object schema is built, to decide whether to compile
 * its parsers. The site's CSP allows no eval (lib/config/security-headers.ts), so the probe is blocked and
 * reported as a CSP violation on every page load; jitless parsing skips it. main.tsx imports this module
 * first, before any schema exists.
 */
config({ jitless: true });
