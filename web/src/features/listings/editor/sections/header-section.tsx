import { useFormContext, useWatch } from 'react-hook-form';
import {
  leaseFrequencies,
  leaseTypes,
  listingTypeHasLease,
  listingTypeHasSale,
  listingTypes,
  propertyTypes,
  type ListingTypeId,
} from '@shared/catalog';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { ListingFormValues } from '../listing-form';
import { PriceInput, SqftInput } from '../number-inputs';
import { CatalogSelect } from '@/components/catalog-select';
import { EditorSection } from './editor-section';

export const listingTypeHint = 'You must enter a listing type before entering a sale or leasing price.';

/**
 * 1 Listing Header: title and the two types; the sale fields only for a type containing Sale, the lease
 * fields only for one containing Lease (spec 02 "Listing editor").
 */
export function HeaderSection() {
  const { control } = useFormContext<ListingFormValues>();
  const type = useWatch({ control, name: 'listingTypeId' }) as ListingTypeId | '';
  const sale = listingTypeHasSale(type || null);
  const lease = listingTypeHasLease(type || null);

  return (
    <EditorSection number={1} title="Listing Header">
      <Field control={control} name="title" label="Title" required>
        {({ field, ...aria }) => <Input {...field} {...aria} maxLength={200} autoComplete="off" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field control={control} name="listingTypeId" label="Listing Type" required>
          {({ field, ...aria }) => (
            <CatalogSelect
              {...aria}
              items={listingTypes}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="Select a listing type"
            />
          )}
        </Field>
        <Field control={control} name="propertyTypeId" label="Property Type" required>
          {({ field, ...aria }) => (
            <CatalogSelect
              {...aria}
              items={propertyTypes}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="Select a property type"
            />
          )}
        </Field>
      </div>

      {!type && <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{listingTypeHint}</p>}

      {sale && (
        <fieldset className="grid gap-4 sm:grid-cols-2" aria-label="Sale">
          <Field control={control} name="sqft" label="Square Footage" required>
            {({ field, ...aria }) => <SqftInput {...field} {...aria} />}
          </Field>
          <Field control={control} name="price" label="Sales Price" required>
            {({ field, ...aria }) => <PriceInput {...field} {...aria} />}
          </Field>
        </fieldset>
      )}

      {lease && (
        <fieldset className="grid gap-4 sm:grid-cols-3" aria-label="Lease">
          <Field control={control} name="leasePrice" label="Lease Rate (per sqft)" required>
            {({ field, ...aria }) => <PriceInput {...field} {...aria} />}
          </Field>
          <Field control={control} name="leaseFrequencyId" label="Lease Frequency" required>
            {({ field, ...aria }) => (
              <CatalogSelect
                {...aria}
                items={leaseFrequencies}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="Select a frequency"
              />
            )}
          </Field>
          <Field control={control} name="leaseTypeId" label="Lease Type" required>
            {({ field, ...aria }) => (
              <CatalogSelect
                {...aria}
                items={leaseTypes}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="Select a lease type"
              />
            )}
          </Field>
          <Field control={control} name="minSqft" label="Min Sqft" required>
            {({ field, ...aria }) => <SqftInput {...field} {...aria} />}
          </Field>
          <Field control={control} name="maxSqft" label="Max Sqft" required>
            {({ field, ...aria }) => <SqftInput {...field} {...aria} />}
          </Field>
        </fieldset>
      )}
    </EditorSection>
  );
}
