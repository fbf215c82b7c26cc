import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { preloadFrame } from './root-route';
import { createAppRouter } from './router';

/** Without its configuration the app cannot work; say so plainly instead of a blank page. */
function StartupError({ message }: { message: string }) {
  return (
    <main className="mx-auto max-w-lg p-8">
      <h1 className="text-xl font-semibold">The application could not start</h1>
      <p className="mt-2 text-muted-foreground">Please reload the page. If this keeps happening, contact support.</p>
      <pre className="mt-4 rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">{message}</pre>
    </main>
  );
}

/**
 * Loads the runtime configuration and renders the app into #root (main.tsx). Kept out of the entry
 * module so it shares the app chunk with the rest of the start-up code (web/vite.config.ts): the entry
 * chunk stays a one-line file.
 */
export async function startApp(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = loadRuntimeConfig();
    const router = createAppRouter();
    // The page's own lazy code (and its frame) starts loading while the configuration is fetched, not one
    // round trip after.
    preloadFrame(router.latestLocation.pathname);
    const routesById: Record<string, AnyRoute> = router.routesById;
    for (const { routeId } of router.matchRoutes(router.latestLocation)) {
      void router.loadRouteChunk(routesById[routeId]!)?.catch(() => undefined);
    }
    await config;
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  } catch (error) {
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  }
}
