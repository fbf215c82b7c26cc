import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from '@shared/zod';
import { personalInfoRequest, type User } from '@shared/api/schemas/users';
import { phoneLooksIncomplete } from '@shared/rules/format';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { useProfileSave } from '../api/use-profile-save';
import { useDialogSubmit } from './use-dialog-submit';
import { DialogFormFooter } from './dialog-form-footer';

type Values = z.input<typeof personalInfoRequest>;
const fields = ['firstName', 'lastName', 'title', 'license', 'phone'] as const;
const failed = 'Your information could not be saved. Please try again.';
export const phoneWarning = 'This number has neither 10 digits nor an extension: check it (it is saved as typed).';

function valuesOf(user: User): Values {
  return { firstName: user.firstName, lastName: user.lastName, title: user.title, license: user.license, phone: user.phone };
}

/** Edit Personal Information: names required (the shared schema's messages), the e-mail shown but not editable. */
export function PersonalInfoDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Personal Information"
      description="Update your personal information here."
    >
      {/* Mounted only while open, so each opening starts from the saved values. */}
      {open && <PersonalInfoForm user={user} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function PersonalInfoForm({ user, onDone }: { user: User; onDone: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof personalInfoRequest>>({
    resolver: zodResolver(personalInfoRequest),
    defaultValues: valuesOf(user),
  });
  const { save, saving, conflictNotice } = useProfileSave('updatePersonalInfo', { onSaved: onDone, onReloaded: (saved) => form.reset(valuesOf(saved)) });
  const { submit, error } = useDialogSubmit(form, save, fields, failed);
  const phone = useWatch({ control: form.control, name: 'phone' });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field control={form.control} name="firstName" label="First Name" required>
          {({ field, ...aria }) => <Input autoComplete="given-name" {...field} {...aria} />}
        </Field>
        <Field control={form.control} name="lastName" label="Last Name" required>
          {({ field, ...aria }) => <Input autoComplete="family-name" {...field} {...aria} />}
        </Field>
      </div>
      <Field control={form.control} name="title" label="Title">
        {({ field, ...aria }) => <Input autoComplete="organization-title" {...field} {...aria} />}
      </Field>
      <Field control={form.control} name="license" label="License">
        {({ field, ...aria }) => <Input {...field} {...aria} />}
      </Field>
      <Field control={form.control} name="phone" label="Phone" description={phoneLooksIncomplete(phone) ? phoneWarning : undefined}>
        {({ field, ...aria }) => <Input type="tel" inputMode="tel" autoComplete="tel" {...field} {...aria} />}
      </Field>
      <div className="grid gap-2">
        <Label htmlFor="profile-email">Email</Label>
        <Input id="profile-email" type="email" value={user.email} readOnly disabled aria-describedby="profile-email-note" />
        <p id="profile-email-note" className="text-sm text-muted-foreground">
          Your e-mail address cannot be changed.
        </p>
      </div>
      {conflictNotice}
      <DialogFormFooter error={error} saving={saving} submitLabel="Save Information" onCancel={onDone} />
    </form>
  );
}
