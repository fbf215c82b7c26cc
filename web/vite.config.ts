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
 * small chunks; Amplify is imported on first use of authentication (src/lib/amplify.ts). react-query has
 * no group of its own: its observers and hooks then follow the pages that use them instead of riding
 * along with the QueryClient the entry creates.
 */
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/ },
  { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/]/ },
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
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
