import { useId, useState, type FormEvent } from 'react';
import type { RequestBody } from '@shared/api/contract';
import { Link } from '@tanstack/react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { consumerPaths } from '@/features/consumer/paths';
import { useCreateContactList } from '../api/list-queries';

type Filter = NonNullable<RequestBody<'createContactList'>['filter']>;

/** "Save as list": the directory's current filter under a name; the list is the filter, so it stays current. */
export function SaveListButton({ filter }: { filter: Filter }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string>();
  const create = useCreateContactList();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, filter },
      {
        onSuccess: ({ list }) => {
          setSaved(list.name);
          setOpen(false);
          setName('');
        },
      },
    );
  };
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
      <ResponsiveDialog open={open} onOpenChange={setOpen} title="Save as list" description="The list keeps these filters: it always holds the brokers who match them now.">
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>List name</Label>
            <Input id={`${id}-name`} value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
          </div>
          {create.isError && (
            <Alert variant="destructive">
              <AlertDescription>{create.error.message}</AlertDescription>
            </Alert>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || !name.trim()}>
              Save list
            </Button>
          </div>
        </form>
      </ResponsiveDialog>
    </div>
  );
}
