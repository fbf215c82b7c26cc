import { useId, useState, type FormEvent } from 'react';
import type { DirectoryPrivacy } from '@shared/api/schemas/users';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { isApiError } from '@/lib/api';
import { useProfileSave } from '../api/use-profile-save';
import { DialogFormFooter } from './dialog-form-footer';
import { privacyScope } from './privacy-scope';

const failed = 'Your privacy settings could not be saved. Please try again.';

/** Edit Privacy: listed in the directory or not (hidden at once everywhere), and which details it shows. */
export function PrivacyDialog({ privacy, open, onOpenChange }: { privacy: DirectoryPrivacy; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Privacy"
      description="Approved brokers find each other in the broker directory. Choose whether you appear there and what it shows."
    >
      {open && <PrivacyForm privacy={privacy} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function PrivacyForm({ privacy, onDone }: { privacy: DirectoryPrivacy; onDone: () => void }) {
  const id = useId();
  const [value, setValue] = useState(privacy);
  const { save, saving, conflictNotice } = useProfileSave('updateDirectoryPrivacy', { onSaved: onDone, onReloaded: (saved) => setValue(saved.directory) });
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await save(value);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : failed);
    }
  }

  const box = (name: keyof DirectoryPrivacy, label: string, disabled = false) => (
    <div className="flex items-center gap-2 py-1.5">
      <Checkbox id={`${id}-${name}`} checked={value[name]} disabled={disabled} onCheckedChange={(on) => setValue((current) => ({ ...current, [name]: on === true }))} />
      <Label htmlFor={`${id}-${name}`} className="font-normal">
        {label}
      </Label>
    </div>
  );
  return (
    <form onSubmit={submit} className="grid gap-2">
      {box('listed', 'Show me in the broker directory')}
      <fieldset className="grid gap-1 pl-6" disabled={!value.listed}>
        <legend className="sr-only">Contact details shown in the directory</legend>
        {box('showPhone', 'Show my phone number', !value.listed)}
        {box('showEmail', 'Show my e-mail address', !value.listed)}
      </fieldset>
      <p className="text-sm text-muted-foreground">{privacyScope}</p>
      {conflictNotice}
      <DialogFormFooter error={error} saving={saving} submitLabel="Save Privacy" onCancel={onDone} />
    </form>
  );
}
