import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { contactListsQuery, useCreateContactList, useUpdateContactList } from '../api/list-queries';

/** Picks one broker into a fixed list: one of the broker's picked lists, or a new one. */
export function AddToListDialog({ userId, name, open, onOpenChange }: { userId: string; name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title={`Add ${name} to a list`} description="Lists of brokers picked one by one.">
      {open && <AddToList userId={userId} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function AddToList({ userId, onDone }: { userId: string; onDone: () => void }) {
  const lists = useQuery(contactListsQuery());
  const update = useUpdateContactList();
  const create = useCreateContactList();
  const [newName, setNewName] = useState('');
  const id = useId();
  const picked = lists.data?.items.filter((list) => list.kind === 'fixed') ?? [];
  const failure = update.error ?? create.error;

  const createWith = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: newName, members: [userId] }, { onSuccess: onDone });
  };
  return (
    <div className="grid gap-4">
      {picked.length > 0 && (
        <ul className="grid gap-2" aria-label="Your lists">
          {picked.map((list) => {
            const member = list.members?.includes(userId) ?? false;
            return (
              <li key={list.listId} className="flex items-center justify-between gap-3 rounded-md border p-2 text-sm">
                <span>{list.name}</span>
                <Button size="sm" disabled={member || update.isPending} onClick={() => update.mutate({ listId: list.listId, body: { add: [userId] } }, { onSuccess: onDone })}>
                  {member ? 'On this list' : 'Add'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={createWith} className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={`${id}-new`}>New list</Label>
          <Input id={`${id}-new`} value={newName} maxLength={100} onChange={(event) => setNewName(event.target.value)} placeholder="e.g. Placer office brokers" />
        </div>
        <Button type="submit" disabled={!newName.trim() || create.isPending}>
          Create
        </Button>
      </form>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure.message}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
