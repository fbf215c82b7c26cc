import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAppRouter } from '@/app/router';
import { queryClient } from '@/app/site-frame';

/** The whole app (real router, frame and routes) at `path`, in memory. Load the config first. */
export function renderApp(path: string) {
  // Each render starts from an empty cache, as a page load does.
  queryClient.clear();
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, queryClient };
}
