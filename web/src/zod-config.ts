import { config } from 'zod/v4/core';

/**
 * A zod object that compiles its parser probes `new Function` once, and the site's CSP allows no eval
 * (lib/config/security-headers.ts): the blocked probe is reported as a CSP violation on every page load.
 * zod/mini's objects do not compile today; jitless keeps it that way whatever schema is built, so main.tsx
 * imports this module first, before any schema exists.
 */
config({ jitless: true });
