import { useId, useState, type FormEvent } from 'react';
import type { RequestBody } from '@shared/api/contract';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { useCreateContactList } from '../api/list-queries';
import { filterSummary } from '../lists/filter-summary';

export type DirectoryListFilter = NonNullable<RequestBody<'createContactList'>['filter']>;

/** "Save as list": the directory's current filter under a name; the list is the filter, so it stays current. */
export function SaveListDialog({
  filter,
  open,
  onOpenChange,
  onSaved,
}: {
  filter: DirectoryListFilter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const create = useCreateContactList();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, filter },
      {
        onSuccess: ({ list }) => {
          onSaved(list.name);
          onOpenChange(false);
          setName('');
        },
      },
    );
  };
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title="Save as list" description="The list keeps these filters: it always holds the brokers who match them now.">
      <form onSubmit={submit} className="grid gap-4">
        <p className="text-sm">
          <span className="font-medium">Keeps: </span>
          {filterSummary(filter)}
        </p>
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
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            Save list
          </Button>
        </div>
      </form>
    </ResponsiveDialog>
  );
}
