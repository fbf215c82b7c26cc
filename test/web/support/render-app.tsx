import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** The whole app (real router, providers and routes) at `path`, in memory. Load the config first. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient };
}
