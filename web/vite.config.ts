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
 * Long-lived vendor code goes into named chunks so it caches across releases. Routes are lazy
 * (see src/app/router.tsx), so the landing page loads only the React and router chunks plus its own
 * small chunks. Amplify has no group: its session code (src/lib/amplify-session.ts) and each account
 * flow load on first use, apart, and a group would also pull its dependencies (tslib, which Radix's
 * scroll lock shares) in front of every dialog. react-query has no group of its own either: its observers
 * and hooks then follow the pages that use them instead of riding along with the QueryClient the entry
 * creates.
 */
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/ },
];

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
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
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
