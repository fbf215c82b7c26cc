import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from '@shared/zod';
import { usStates } from '@shared/catalog';
import { brokerInfoRequest, type BrokerInfo } from '@shared/api/schemas/users';
import { composeBrokerAddress2, splitBrokerAddress2 } from '@shared/rules/broker-address';
import { StateSelect } from '@/components/catalog-select';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { useProfileSave } from '../api/use-profile-save';
import { useDialogSubmit } from './use-dialog-submit';
import { DialogFormFooter } from './dialog-form-footer';

/**
 * The dialog's own fields: Broker Name and Street Address with the API's messages, then City, State, Zip,
 * which compose the record's `address2` ("City, ST 12345", shared/rules/broker-address).
 */
const brokerInfoForm = z.extend(z.pick(brokerInfoRequest, { name: true, address1: true }), {
  city: z.string().check(z.trim(), z.maxLength(100)),
  state: z.union([z.enum(usStates), z.literal('')]),
  zip: z.string().check(z.trim(), z.regex(/^(\d{5}(-\d{4})?)?$/, 'ZIP code must be 5 digits.')),
});
type Values = z.input<typeof brokerInfoForm>;
const fields = ['name', 'address1', 'city', 'state', 'zip'] as const;
const failed = 'Your broker information could not be saved. Please try again.';

function valuesOf(info: BrokerInfo | null): Values {
  const { city, state, zip } = splitBrokerAddress2(info?.address2);
  return { name: info?.name ?? '', address1: info?.address1 ?? '', city, state: state as Values['state'], zip };
}

/** Edit Broker Info (spec 02 §2): closes after a successful save. */
export function BrokerInfoDialog({
  brokerInfo,
  open,
  onOpenChange,
}: {
  brokerInfo: BrokerInfo | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Broker Information"
      description="Update your broker information here."
    >
      {open && <BrokerInfoForm brokerInfo={brokerInfo} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function BrokerInfoForm({ brokerInfo, onDone }: { brokerInfo: BrokerInfo | null; onDone: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof brokerInfoForm>>({
    resolver: zodResolver(brokerInfoForm),
    defaultValues: valuesOf(brokerInfo),
  });
  const { save, saving, conflictNotice } = useProfileSave('updateBrokerInfo', {
    onSaved: onDone,
    onReloaded: (saved) => form.reset(valuesOf(saved.brokerInfo)),
  });
  const { submit, error } = useDialogSubmit(
    form,
    ({ name, address1, city, state, zip }) => save({ name, address1, address2: composeBrokerAddress2({ city, state, zip }) }),
    fields,
    failed,
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field control={form.control} name="name" label="Broker Name" required>
        {({ field, ...aria }) => <Input autoComplete="organization" {...field} {...aria} />}
      </Field>
      <Field control={form.control} name="address1" label="Street Address" required>
        {({ field, ...aria }) => <Input autoComplete="address-line1" {...field} {...aria} />}
      </Field>
      <Field control={form.control} name="city" label="City">
        {({ field, ...aria }) => <Input autoComplete="address-level2" {...field} {...aria} />}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field control={form.control} name="state" label="State">
          {({ field, ...aria }) => (
            <StateSelect
              {...aria}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="Select"
            />
          )}
        </Field>
        <Field control={form.control} name="zip" label="Zip">
          {({ field, ...aria }) => <Input inputMode="numeric" autoComplete="postal-code" maxLength={10} {...field} {...aria} />}
        </Field>
      </div>
      {conflictNotice}
      <DialogFormFooter error={error} saving={saving} submitLabel="Save Information" onCancel={onDone} />
    </form>
  );
}
