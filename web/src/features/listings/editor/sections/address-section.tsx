import { useFormContext } from 'react-hook-form';
import { MarketSelect, StateSelect } from '@/components/catalog-select';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { ListingFormValues } from '../listing-form';
import { DigitsInput } from '../number-inputs';
import { EditorSection } from './editor-section';

/** 3 Property Address: street, unit, city, state (50 states), ZIP, ZIP+4 and the market. */
export function AddressSection() {
  const { control } = useFormContext<ListingFormValues>();
  return (
    <EditorSection number={3} title="Property Address">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field control={control} name="address1" label="Street Address" required>
          {({ field, ...aria }) => <Input {...field} {...aria} maxLength={200} autoComplete="off" />}
        </Field>
        <Field control={control} name="address2" label="Address Line 2">
          {({ field, ...aria }) => <Input {...field} {...aria} maxLength={200} autoComplete="off" placeholder="Suite, unit, floor" />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr_1fr]">
        <Field control={control} name="city" label="City" required>
          {({ field, ...aria }) => <Input {...field} {...aria} maxLength={100} autoComplete="off" />}
        </Field>
        <Field control={control} name="state" label="State" required>
          {({ field, ...aria }) => (
            <StateSelect
              {...aria}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="State"
            />
          )}
        </Field>
        <Field control={control} name="zipCode" label="ZIP Code" required>
          {({ field, ...aria }) => <DigitsInput {...field} {...aria} maxLength={5} />}
        </Field>
        <Field control={control} name="zip4" label="ZIP+4">
          {({ field, ...aria }) => <DigitsInput {...field} {...aria} maxLength={4} />}
        </Field>
      </div>
      <Field control={control} name="marketId" label="Market" required>
        {({ field, ...aria }) => (
          <MarketSelect {...aria} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} />
        )}
      </Field>
    </EditorSection>
  );
}
