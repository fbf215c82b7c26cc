import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from '@shared/zod';
import { SAVED_SEARCH_TOO_BROAD, savedSearchFrequencies, savedSearchFrequency, savedSearchName, type SavedSearchQueryInput } from '@shared/api/schemas/saved-searches';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { DialogFormFooter } from '@/features/profile/components/dialog-form-footer';
import { serverErrorOf } from '@/features/profile/components/apply-field-errors';
import { useCreateSavedSearch } from '../api/saved-search-queries';
import { frequencyLabels, kindLabels, searchSummary } from './search-words';

const saveSearchForm = z.object({ name: savedSearchName, frequency: savedSearchFrequency });
type Values = z.input<typeof saveSearchForm>;
const failed = 'The search could not be saved. Please try again.';

/** Name and frequency of the search being saved; a search matching over 500 items is saved with a warning. */
export function SaveSearchDialog({
  query,
  open,
  onOpenChange,
  onSaved,
}: {
  query: SavedSearchQueryInput;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (name: string) => void;
}) {
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title="Save search" description={`${kindLabels[query.kind]}: ${searchSummary(query)}`}>
      {open && <SaveSearchForm query={query} onSaved={onSaved} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function SaveSearchForm({ query, onSaved, onDone }: { query: SavedSearchQueryInput; onSaved: (name: string) => void; onDone: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof saveSearchForm>>({ resolver: zodResolver(saveSearchForm), defaultValues: { name: '', frequency: 'daily' } });
  const create = useCreateSavedSearch();
  const [error, setError] = useState<string>();
  const [tooBroad, setTooBroad] = useState<string>();

  const submit = form.handleSubmit(async (values) => {
    setError(undefined);
    try {
      const saved = await create.mutateAsync({ ...query, ...values });
      onSaved(saved.search.name);
      if (saved.tooBroad) setTooBroad(saved.search.name);
      else onDone();
    } catch (failure) {
      setError(serverErrorOf(failure, ['name', 'frequency'], form.setError, failed));
    }
  });

  if (tooBroad) {
    return (
      <div className="grid gap-4">
        <Alert>
          <AlertTitle>“{tooBroad}” is saved, but it is very broad</AlertTitle>
          <AlertDescription>
            It matches more than {SAVED_SEARCH_TOO_BROAD} current {query.kind}. Narrow its filters on the browser and save it again for mails worth reading.
          </AlertDescription>
        </Alert>
        <Button className="justify-self-end" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field control={form.control} name="name" label="Name" required>
        {({ field, ...aria }) => <Input maxLength={80} {...field} {...aria} />}
      </Field>
      <Field control={form.control} name="frequency" label="E-mail me">
        {({ field, ...aria }) => (
          <NativeSelect {...field} {...aria}>
            {savedSearchFrequencies.map((frequency) => (
              <option key={frequency} value={frequency}>
                {frequencyLabels[frequency]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <DialogFormFooter error={error} saving={create.isPending} submitLabel="Save search" onCancel={onDone} />
    </form>
  );
}
