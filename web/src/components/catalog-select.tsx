import type * as React from 'react';
import { usStates, type CatalogItem } from '@shared/catalog';
import { marketsGroupedByCounty } from '@shared/rules/market-tree';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

interface SelectProps extends Omit<React.ComponentProps<typeof NativeSelect>, 'value' | 'onChange' | 'children'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Shown while nothing is chosen (value ''). */
  placeholder?: string;
  /** An extra first item, e.g. the filters' "All submarkets". */
  allOption?: { value: string; label: string };
}

function CatalogSelectShell({
  value,
  onValueChange,
  placeholder,
  allOption,
  className,
  children,
  ...select
}: SelectProps & { children: React.ReactNode }) {
  return (
    <NativeSelect
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      className={cn(!value && 'text-muted-foreground [&_option]:text-foreground', className)}
      {...select}
    >
      {!value && (
        <option value="" disabled hidden>
          {placeholder}
        </option>
      )}
      {allOption && <option value={allOption.value}>{allOption.label}</option>}
      {children}
    </NativeSelect>
  );
}

const options = (items: readonly CatalogItem[]) =>
  items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));

/** A select over one catalogue (listing and requirement types, property types, lease terms, states). */
export function CatalogSelect({ items, ...props }: SelectProps & { items: readonly CatalogItem[] }) {
  return <CatalogSelectShell {...props}>{options(items)}</CatalogSelectShell>;
}

/**
 * Submarkets grouped by county, Sutter and Yuba under Miscellaneous (spec 02 §3); `withCounties` adds each
 * county with submarkets as a choice of its own ("All of Placer County": the broker directory's filter).
 */
export function MarketSelect({ placeholder = 'Select a market', withCounties = false, ...props }: SelectProps & { withCounties?: boolean }) {
  return (
    <CatalogSelectShell placeholder={placeholder} {...props}>
      {marketsGroupedByCounty().map((group) => (
        <optgroup key={group.name} label={group.name}>
          {withCounties && group.countyId && <option value={group.countyId}>{`All of ${group.name}`}</option>}
          {options(group.markets)}
        </optgroup>
      ))}
    </CatalogSelectShell>
  );
}

const stateItems = usStates.map((code) => ({ id: code, name: code }));

/** The 50 US states by two-letter code. */
export function StateSelect(props: SelectProps) {
  return <CatalogSelect items={stateItems} {...props} />;
}
