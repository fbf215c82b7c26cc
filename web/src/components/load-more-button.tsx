import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The next-page control of every paged list: the parts of a react-query infinite query it needs. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMoreButton({ query, loadingLabel }: { query: PagedQuery; loadingLabel: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage && <Spinner label={loadingLabel} />}
      Load more
    </Button>
  );
}
