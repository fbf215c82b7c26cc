import { useId, useState, type FormEvent } from 'react';
import type { Subscription } from '@shared/api/schemas/users';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { isApiError } from '@/lib/api';
import { useProfileSave } from '../api/use-profile-save';
import { DialogFormFooter } from './dialog-form-footer';

const failed = 'Your subscriptions could not be saved. Please try again.';

/** Edit Subscriptions: one checkbox per e-mail category; saving sends every category's state. */
export function SubscriptionsDialog({
  subscriptions,
  matchNotices,
  open,
  onOpenChange,
}: {
  subscriptions: Subscription[];
  matchNotices: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Subscriptions"
      description="Choose the e-mail categories you want to receive."
    >
      {open && <SubscriptionsForm subscriptions={subscriptions} matchNotices={matchNotices} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function SubscriptionsForm({ subscriptions, matchNotices, onDone }: { subscriptions: Subscription[]; matchNotices: boolean; onDone: () => void }) {
  const idPrefix = useId();
  const [checked, setChecked] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(subscriptions.map((s) => [s._id, s.subscribed])),
  );
  const [matches, setMatches] = useState(matchNotices);
  const { save, saving, conflictNotice } = useProfileSave('updateSubscriptions', {
    onSaved: onDone,
    onReloaded: (saved) => {
      setChecked(Object.fromEntries(saved.subscriptions.map((s) => [s._id, s.subscribed])));
      setMatches(saved.matchNotices);
    },
  });
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await save({
        subscriptions: subscriptions.map((s) => ({ subscriptionId: s._id, subscribed: checked[s._id] ?? false })),
        matchNotices: matches,
      });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : failed);
    }
  }

  const allOn = subscriptions.every((s) => checked[s._id]);
  return (
    <form onSubmit={submit} className="grid gap-4">
      <button
        type="button"
        className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        onClick={() => setChecked(Object.fromEntries(subscriptions.map((s) => [s._id, !allOn])))}
      >
        {allOn ? 'Unsubscribe from all' : 'Subscribe to all'}
      </button>
      <fieldset className="gap-x-6 sm:columns-2">
        <legend className="sr-only">E-mail categories</legend>
        {subscriptions.map((s) => (
          <div key={s._id} className="flex break-inside-avoid items-center gap-2 py-1.5">
            <Checkbox
              id={`${idPrefix}-${s._id}`}
              checked={checked[s._id] ?? false}
              onCheckedChange={(value) => setChecked((current) => ({ ...current, [s._id]: value === true }))}
            />
            <Label htmlFor={`${idPrefix}-${s._id}`} className="font-normal">
              {s.name}
            </Label>
          </div>
        ))}
      </fieldset>
      <div className="flex items-center gap-2 border-t pt-3">
        <Checkbox id={`${idPrefix}-match-notices`} checked={matches} onCheckedChange={(value) => setMatches(value === true)} />
        <Label htmlFor={`${idPrefix}-match-notices`} className="font-normal">
          E-mail me new strong matches (at most one e-mail an hour)
        </Label>
      </div>
      {conflictNotice}
      <DialogFormFooter error={error} saving={saving} submitLabel="Save Subscriptions" onCancel={onDone} />
    </form>
  );
}
