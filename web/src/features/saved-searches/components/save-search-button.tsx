import { BookmarkPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { SavedSearchQueryInput } from '@shared/api/schemas/saved-searches';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { consumerPaths } from '@/features/consumer/paths';

const SaveSearchDialog = lazyDialog(() => import('./save-search-dialog'), 'SaveSearchDialog');

/** "Save search" on a browser: its current filters under a name, mailed at a frequency. Approved brokers only. */
export function SaveSearchButton({ query }: { query: SavedSearchQueryInput }) {
  const { isApproved } = useAuth();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string>();
  if (!isApproved) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {saved && (
        <p role="status" className="text-sm">
          Saved “{saved}”.{' '}
          <Link to={consumerPaths.savedSearches} className="underline underline-offset-4">
            Your saved searches
          </Link>
        </p>
      )}
      <Button variant="outline" onClick={() => setOpen(true)}>
        <BookmarkPlusIcon aria-hidden="true" />
        Save search
      </Button>
      <SaveSearchDialog query={query} open={open} onOpenChange={setOpen} onSaved={setSaved} />
    </div>
  );
}
