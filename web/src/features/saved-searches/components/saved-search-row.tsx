import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { savedSearchFrequencies, type SavedSearch, type SavedSearchFrequency } from '@shared/api/schemas/saved-searches';
import { ConfirmButton } from '@/components/confirm-button';
import { lazyDialog } from '@/components/lazy-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '../api/saved-search-queries';
import { frequencyLabels, kindLabels, pausedReasonText, searchLink, searchSummary } from './search-words';

const RenameSearchDialog = lazyDialog(() => import('./rename-search-dialog'), 'RenameSearchDialog');

/** One saved search: open it, change how often it mails, keep a paused one, rename or delete it. */
export function SavedSearchRow({ search }: { search: SavedSearch }) {
  const id = useId();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const link = searchLink(search);
  const failure = update.error ?? remove.error;
  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 className="font-medium">{search.name}</h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="secondary">{kindLabels[search.kind]}</Badge>
            <span>{searchSummary(search)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={link.to} search={link.search} className={buttonVariants({ size: 'sm' })} aria-label={`Open ${search.name}`}>
            Open
          </Link>
          <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename ${search.name}`}>
            Rename
          </Button>
          <ConfirmButton
            title={`Delete “${search.name}”?`}
            description="The search is deleted and its e-mails stop."
            confirmLabel="Delete"
            destructive
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(search.savedSearchId)}
            buttonProps={{ variant: 'outline', size: 'sm', 'aria-label': `Delete ${search.name}` }}
          >
            Delete
          </ConfirmButton>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-frequency`} className="shrink-0 text-sm">
            E-mail me
          </Label>
          <NativeSelect
            id={`${id}-frequency`}
            value={search.frequency}
            disabled={update.isPending}
            aria-label={`How often ${search.name} e-mails you`}
            onChange={(event) => update.mutate({ savedSearchId: search.savedSearchId, body: { frequency: event.target.value as SavedSearchFrequency } })}
          >
            {savedSearchFrequencies.map((frequency) => (
              <option key={frequency} value={frequency}>
                {frequencyLabels[frequency]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {search.status === 'paused' ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="outline">Paused</Badge>
            <span>{search.pausedReason ? pausedReasonText[search.pausedReason] : 'Paused.'}</span>
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ savedSearchId: search.savedSearchId, body: { resume: true } })}>
              Keep it
            </Button>
          </div>
        ) : (
          <Badge variant="success">Active</Badge>
        )}
      </div>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure.message}</AlertDescription>
        </Alert>
      )}
      <RenameSearchDialog search={search} open={renaming} onOpenChange={setRenaming} />
    </li>
  );
}
