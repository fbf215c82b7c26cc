import { useFormContext, useWatch } from 'react-hook-form';
import { buildingClasses, factsOfPropertyType } from '@shared/catalog';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { ListingFormValues } from '../listing-form';

/** Property facts: what brokers state of a property of the chosen type (shared/catalog/property-facts.ts). */
export function FactsSection() {
  const { control, formState } = useFormContext<ListingFormValues>();
  const propertyTypeId = useWatch({ control, name: 'propertyTypeId' });
  const facts = factsOfPropertyType(propertyTypeId);
  if (facts.length === 0) return null;
  const error = (formState.errors.facts as { message?: string } | undefined)?.message;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Property facts</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {facts.map((fact) => (
          <Field key={fact.id} control={control} name={`facts.${fact.id}`} label={fact.name}>
            {({ field, ...aria }) =>
              fact.kind === 'class' ? (
                <NativeSelect {...field} value={field.value ?? ''} {...aria}>
                  <option value="">Not stated</option>
                  {buildingClasses.map((value) => (
                    <option key={value} value={value}>
                      Class {value}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <Input {...field} value={field.value ?? ''} {...aria} inputMode={fact.kind === 'text' ? 'text' : fact.kind === 'measure' ? 'decimal' : 'numeric'} maxLength={200} autoComplete="off" />
              )
            }
          </Field>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
