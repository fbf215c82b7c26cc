import { useEffect, useRef } from 'react';
import type { SavedSearch } from '@shared/api/schemas/saved-searches';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useUpdateSavedSearch } from '../api/saved-search-queries';

/**
 * The pause mail's "Keep it" link opens this page with `?keep=<id>`: that search, when paused,
 * resumes once, and the page says so. A search already active (kept before) is only named as kept.
 */
export function KeepFromLink({ savedSearchId, searches }: { savedSearchId: string; searches: readonly SavedSearch[] }) {
  const update = useUpdateSavedSearch();
  const search = searches.find((s) => s.savedSearchId === savedSearchId);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || search?.status !== 'paused') return;
    asked.current = true;
    update.mutate({ savedSearchId, body: { resume: true } });
  }, [search?.status, savedSearchId, update]);

  if (!search) {
    return (
      <Alert variant="destructive">
        <AlertDescription>That saved search no longer exists.</AlertDescription>
      </Alert>
    );
  }
  if (update.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Failed to keep “{search.name}”: {update.error.message}</AlertDescription>
      </Alert>
    );
  }
  return search.status === 'active' ? (
    <Alert variant="success">
      <AlertDescription>“{search.name}” is kept: it e-mails you again.</AlertDescription>
    </Alert>
  ) : (
    <p role="status" className="text-sm text-muted-foreground">
      Keeping “{search.name}”…
    </p>
  );
}
