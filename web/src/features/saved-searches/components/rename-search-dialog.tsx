import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from '@shared/zod';
import { savedSearchName, type SavedSearch } from '@shared/api/schemas/saved-searches';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { DialogFormFooter } from '@/features/profile/components/dialog-form-footer';
import { serverErrorOf } from '@/features/profile/components/apply-field-errors';
import { useUpdateSavedSearch } from '../api/saved-search-queries';

const renameForm = z.object({ name: savedSearchName });
type Values = z.input<typeof renameForm>;

export function RenameSearchDialog({ search, open, onOpenChange }: { search: SavedSearch; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title="Rename saved search">
      {open && <RenameForm search={search} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof renameForm>>({ resolver: zodResolver(renameForm), defaultValues: { name: search.name } });
  const update = useUpdateSavedSearch();
  const [error, setError] = useState<string>();
  const submit = form.handleSubmit(async ({ name }) => {
    setError(undefined);
    try {
      await update.mutateAsync({ savedSearchId: search.savedSearchId, body: { name } });
      onDone();
    } catch (failure) {
      setError(serverErrorOf(failure, ['name'], form.setError, 'The search could not be renamed. Please try again.'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field control={form.control} name="name" label="Name" required>
        {({ field, ...aria }) => <Input maxLength={80} {...field} {...aria} />}
      </Field>
      <DialogFormFooter error={error} saving={update.isPending} submitLabel="Rename" onCancel={onDone} />
    </form>
  );
}
