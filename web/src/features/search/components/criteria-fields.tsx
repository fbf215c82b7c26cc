import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type * as z from '@shared/zod';
import { leaseTypes } from '@shared/catalog';
import { newWithinDays } from '@shared/rules/search';
import { CatalogSelect } from '@/components/catalog-select';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { MarketTree } from '@/features/requirements/create/market-tree';
import { criteriaFormSchema, criteriaFormValues, type CriteriaFormValues } from '../criteria';
import { urlSearchOf, type CriteriaFormProps, type SearchKind } from '../criteria-url';

type NumberField = { name: string; label: string; placeholder?: string };

/** The number pairs and single numbers each browser asks for, in the order they show. */
const numberRows: Record<SearchKind, { legend: string; fields: NumberField[] }[]> = {
  listings: [
    { legend: 'Size (sq ft)', fields: [{ name: 'sizeMin', label: 'Minimum size' }, { name: 'sizeMax', label: 'Maximum size' }] },
    { legend: 'Sale price ($)', fields: [{ name: 'priceMin', label: 'Minimum price' }, { name: 'priceMax', label: 'Maximum price' }] },
    { legend: 'Lease rate ($ per sq ft)', fields: [{ name: 'rateMin', label: 'Minimum rate' }, { name: 'rateMax', label: 'Maximum rate' }] },
    {
      legend: 'Property facts, at least',
      fields: [
        { name: 'clearHeightMin', label: 'Clear height (ft)' },
        { name: 'acresMin', label: 'Acres' },
        { name: 'unitsMin', label: 'Units' },
      ],
    },
  ],
  requirements: [
    { legend: 'Size wanted (sq ft)', fields: [{ name: 'sizeMin', label: 'Minimum size' }, { name: 'sizeMax', label: 'Maximum size' }] },
    {
      legend: 'Fits a listing of',
      fields: [
        { name: 'fitSqft', label: 'Its size (sq ft)' },
        { name: 'fitPrice', label: 'Its sale price ($)' },
        { name: 'fitRate', label: 'Its lease rate ($ per sq ft)' },
      ],
    },
  ],
};

/**
 * The fields of More filters (shared/rules/search.ts): markets (the requirement form's tree), sizes, prices
 * and rates, the keyword, how new; applied together, so the URL changes once.
 */
export function CriteriaFields({ kind, value, onApply }: CriteriaFormProps) {
  const form = useForm<CriteriaFormValues>({
    resolver: zodResolver(criteriaFormSchema(kind) as z.ZodMiniType<Record<string, unknown>, CriteriaFormValues>) as unknown as Resolver<CriteriaFormValues>,
    defaultValues: criteriaFormValues(kind, value),
  });
  const submit = form.handleSubmit((criteria) => onApply(urlSearchOf(criteria)));
  const clear = () => {
    form.reset(criteriaFormValues(kind, {}));
    onApply({});
  };
  const active = Object.keys(value).length;
  const id = useId();
  const markets = form.watch('markets');

  return (
    <form onSubmit={submit} noValidate aria-label={`More ${kind} filters`} className="mt-4 grid gap-4">
      <details open={form.getValues('markets').length > 0 || undefined}>
        <summary className="cursor-pointer text-sm font-medium">
          Markets{markets.length > 0 && <span className="ml-2 font-normal text-muted-foreground">({markets.length} ticked)</span>}
        </summary>
        <MarketTree label="Markets" value={markets} onChange={(next) => form.setValue('markets', next, { shouldDirty: true })} />
      </details>
      {numberRows[kind].map((row) => (
        <fieldset key={row.legend} className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{row.legend}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {row.fields.map((number) => (
              <Field key={number.name} control={form.control} name={number.name} label={number.label}>
                {({ field, ...aria }) => <Input inputMode="decimal" autoComplete="off" {...field} value={field.value as string} {...aria} />}
              </Field>
            ))}
            {row.fields.some((number) => number.name.toLowerCase().includes('rate')) && (
              <Field control={form.control} name="rateFrequencyId" label="Rates are">
                {({ field, ...aria }) => (
                  <NativeSelect {...field} value={field.value as string} {...aria}>
                    <option value="">Per year</option>
                    <option value="monthly">Per month</option>
                  </NativeSelect>
                )}
              </Field>
            )}
          </div>
        </fieldset>
      ))}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field control={form.control} name="keyword" label="Keyword" description="In the title, description and highlights">
          {({ field, ...aria }) => <Input type="search" maxLength={100} {...field} value={field.value as string} {...aria} />}
        </Field>
        <Field control={form.control} name="newWithin" label="How new">
          {({ field, ...aria }) => (
            <NativeSelect {...field} value={field.value as string} {...aria}>
              <option value="">Any time</option>
              {newWithinDays.map((days) => (
                <option key={days} value={String(days)}>
                  In the last {days} days
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {kind === 'listings' && (
          <Field control={form.control} name="leaseTypeId" label="Lease type">
            {({ field, ...aria }) => (
              <CatalogSelect items={leaseTypes} value={field.value as string} onValueChange={field.onChange} allOption={{ value: '', label: 'Any lease type' }} id={aria.id} aria-invalid={aria['aria-invalid']} aria-describedby={aria['aria-describedby']} />
            )}
          </Field>
        )}
      </div>
      {kind === 'listings' && (
        <div className="flex items-center gap-2">
          <Checkbox id={`${id}-price-reduced`} checked={form.watch('priceReduced')} onCheckedChange={(checked) => form.setValue('priceReduced', checked === true, { shouldDirty: true })} />
          <Label htmlFor={`${id}-price-reduced`} className="font-normal">
            Price reduced
          </Label>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="outline" onClick={clear} disabled={active === 0 && !form.formState.isDirty}>
          Remove these filters
        </Button>
      </div>
    </form>
  );
}
