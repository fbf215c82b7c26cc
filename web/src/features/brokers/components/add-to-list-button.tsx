import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';

const AddToListDialog = lazyDialog(() => import('./add-to-list-dialog'), 'AddToListDialog');

/** "Add to list" on a broker's card; the dialog's code loads when it is first opened. */
export function AddToListButton({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Add to list<span className="sr-only">: {name}</span>
      </Button>
      <AddToListDialog userId={userId} name={name} open={open} onOpenChange={setOpen} />
    </>
  );
}
