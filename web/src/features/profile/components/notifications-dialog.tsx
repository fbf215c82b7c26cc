import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type * as z from '@shared/zod';
import { digestFrequencies, digestLimits, matchDeliveries, notificationPreferences, requirementDeliveries, type NotificationPreferences } from '@shared/api/schemas/users';
import { Field } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { useProfileSave } from '../api/use-profile-save';
import { useDialogSubmit } from './use-dialog-submit';
import { DialogFormFooter } from './dialog-form-footer';
import { digestFrequencyLabels, matchDeliveryLabels, requirementDeliveryLabels } from './notification-words';

type Values = z.input<typeof notificationPreferences>;
const fields = ['requirements', 'matches', 'digestFrequency', 'digestLimit'] as const;
const failed = 'Your notification settings could not be saved. Please try again.';

/** Edit Notifications: one choice per question, checked by the shared schema. */
export function NotificationsDialog({ notifications, open, onOpenChange }: { notifications: NotificationPreferences; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title="Notifications" description="Choose what is e-mailed to you at once and what waits for your digest.">
      {open && <NotificationsForm notifications={notifications} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

/** A radio group bound to one field: a fieldset with its legend, one labelled radio per choice. */
function Choice<K extends 'requirements' | 'matches' | 'digestFrequency'>({
  form,
  name,
  legend,
  options,
  labels,
}: {
  form: ReturnType<typeof useForm<Values, unknown, NotificationPreferences>>;
  name: K;
  legend: string;
  options: readonly Values[K][];
  labels: Record<Values[K], string>;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RadioGroup value={field.value} onValueChange={field.onChange} name={field.name}>
            {options.map((option) => (
              <div key={option} className="flex items-center gap-2">
                <RadioGroupItem value={option} id={`notifications-${name}-${option}`} />
                <Label htmlFor={`notifications-${name}-${option}`} className="font-normal">
                  {labels[option]}
                </Label>
              </div>
            ))}
          </RadioGroup>
        )}
      />
    </fieldset>
  );
}

function NotificationsForm({ notifications, onDone }: { notifications: NotificationPreferences; onDone: () => void }) {
  const form = useForm<Values, unknown, NotificationPreferences>({ resolver: zodResolver(notificationPreferences), defaultValues: notifications });
  const { save, saving, conflictNotice } = useProfileSave('updateNotificationPreferences', { onSaved: onDone, onReloaded: (saved) => form.reset(saved.notifications) });
  const { submit, error } = useDialogSubmit(form, save, fields, failed);

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Choice form={form} name="requirements" legend="Requirement broadcasts" options={requirementDeliveries} labels={requirementDeliveryLabels} />
      <Choice form={form} name="matches" legend="Matches" options={matchDeliveries} labels={matchDeliveryLabels} />
      <Choice form={form} name="digestFrequency" legend="Digest" options={digestFrequencies} labels={digestFrequencyLabels} />
      <Field control={form.control} name="digestLimit" label="Digest length">
        {({ field, ...aria }) => (
          <NativeSelect {...aria} name={field.name} ref={field.ref} onBlur={field.onBlur} value={String(field.value)} onChange={(event) => field.onChange(Number(event.target.value))}>
            {digestLimits.map((limit) => (
              <option key={limit} value={limit}>
                At most {limit} entries
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {conflictNotice}
      <DialogFormFooter error={error} saving={saving} submitLabel="Save Notifications" onCancel={onDone} />
    </form>
  );
}
