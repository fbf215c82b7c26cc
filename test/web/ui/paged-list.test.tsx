import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PagedList } from '@/components/paged-list';

/** Pages of names as a paged route answers them; `fail` refuses every call. */
function Names({ pages, fail = false }: { pages: string[][]; fail?: boolean }) {
  const query = useInfiniteQuery({
    queryKey: ['names', pages, fail],
    queryFn: async ({ pageParam }) => {
      if (fail) throw new Error('Service unavailable');
      return { items: pages[pageParam] ?? [], nextCursor: pageParam + 1 < pages.length ? pageParam + 1 : null };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
  return (
    <PagedList query={query} what="names" empty="Nobody yet.">
      {(names) => (
        <ul aria-label="Names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

const renderNames = (props: Parameters<typeof Names>[0]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Names {...props} />
    </QueryClientProvider>,
  );

describe('PagedList', () => {
  it('shows the loading state, then every page’s rows as "Load more" brings them, and no button after the last', async () => {
    renderNames({ pages: [['Ada', 'Ben'], ['Cy']] });
    expect(screen.getByRole('status', { name: 'Loading names' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Names' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada', 'Ben']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Cy')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says what failed to load, and what an empty list means', async () => {
    const { unmount } = renderNames({ pages: [['Ada']], fail: true });
    expect(await screen.findByText('Failed to load the names: Service unavailable')).toBeInTheDocument();
    unmount();
    renderNames({ pages: [[]] });
    expect(await screen.findByText('Nobody yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
