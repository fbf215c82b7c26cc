import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { consumerPaths } from '@/features/consumer/paths';
import type { DirectoryListFilter } from './save-list-dialog';

const SaveListDialog = lazyDialog(() => import('./save-list-dialog'), 'SaveListDialog');

/** "Save as list" above the directory, and what was last saved; the dialog's code loads when first opened. */
export function SaveListButton({ filter }: { filter: DirectoryListFilter }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string>();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" onClick={() => setOpen(true)}>
        Save as list
      </Button>
      {saved && (
        <p role="status" className="text-sm">
          Saved “{saved}”.{' '}
          <Link to={consumerPaths.lists} className="underline underline-offset-4">
            Open your lists
          </Link>
        </p>
      )}
      <SaveListDialog filter={filter} open={open} onOpenChange={setOpen} onSaved={setSaved} />
    </div>
  );
}
