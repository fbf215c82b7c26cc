import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMoreButton } from '@/components/load-more-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A paged list's states around its rows: loading, the error, nothing yet; then the rows (`children`, given
 * every page's items) and "Load more".
 */
export function PagedList<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  /** What the rows are, in the plural ("delegates"): the loading labels and the error name it. */
  what: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${what}`} className="grid gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          Failed to load the {what}: {query.error.message}
        </AlertDescription>
      </Alert>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-3">
      {children(items)}
      <LoadMoreButton query={query} loadingLabel={`Loading more ${what}`} />
    </div>
  );
}
