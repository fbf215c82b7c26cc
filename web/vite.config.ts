import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The same two aliases as `paths` in web/tsconfig.json (and the web project in vitest.config.ts). */
const aliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
};

/**
 * Long-lived vendor code goes into a named chunk so it caches across releases. Routes are lazy
 * (see src/app/router.tsx), so the landing page loads only the vendor chunk plus its own small chunks.
 * React and the router share that chunk: every page loads both, and both change only with a dependency
 * upgrade, while as two files they cost a request and about 0.6 KB more gzip (each compressed on its own,
 * the router's imports from React and its exports spelled out). Amplify has no group: its session code
 * (src/lib/amplify-session.ts) and each account flow load on first use, apart, and a group would also
 * pull its dependencies (tslib, which Radix's scroll lock shares) in front of every dialog. react-query
 * has no group of its own either: its client loads with the site frame (src/app/site-frame.tsx), its
 * observers and hooks with the pages that use them.
 */
const vendorChunks = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/,
  },
  // What the entry imports statically (every page loads it) in one chunk instead of a dozen small ones
  // that each cost a request and their own gzip overhead; the entry module itself stays the entry chunk.
  { name: 'app', tags: ['$initial' as const], test: (id: string) => !/[\\/](index\.html|main\.tsx)$/.test(id) },
];

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      ...aliases,
      // The router's store (@tanstack/react-store) imports the selector helper through the shim for React
      // < 18; React 19 has useSyncExternalStore, so the shim is dead weight on every page.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The polyfill only warms the cache where <link rel=modulepreload> is missing (Safari < 17); not worth
    // its bytes in front of every page.
    modulePreload: { polyfill: false },
    // The Market page's chunk carries ECharts (about 690 kB minified) and loads on that page only; the web
    // bench budgets what every page loads.
    chunkSizeWarningLimit: 750,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
