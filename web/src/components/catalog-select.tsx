import type * as React from 'react';
import type { CatalogItem } from '@shared/catalog';
import { marketsGroupedByCounty } from '@shared/rules';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@/components/ui/select';

type TriggerProps = Omit<React.ComponentProps<typeof SelectTrigger>, 'children'>;

interface SelectProps extends TriggerProps {
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  /** An extra first item, e.g. the filters' "All submarkets". */
  allOption?: { value: string; label: string };
}

function CatalogSelectShell({ value, onValueChange, placeholder, allOption, children, ...trigger }: SelectProps & { children: React.ReactNode }) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        {allOption && <SelectItem value={allOption.value}>{allOption.label}</SelectItem>}
        {children}
      </SelectContent>
    </Select>
  );
}

const options = (items: readonly CatalogItem[]) =>
  items.map((item) => (
    <SelectItem key={item.id} value={item.id}>
      {item.name}
    </SelectItem>
  ));

/** A select over one catalogue (listing and requirement types, property types, lease terms, states). */
export function CatalogSelect({ items, ...props }: SelectProps & { items: readonly CatalogItem[] }) {
  return <CatalogSelectShell {...props}>{options(items)}</CatalogSelectShell>;
}

/** Submarkets grouped by county, Sutter and Yuba under Miscellaneous (spec 02 §3). */
export function MarketSelect({ placeholder = 'Select a market', ...props }: SelectProps) {
  return (
    <CatalogSelectShell placeholder={placeholder} {...props}>
      {marketsGroupedByCounty().map((group) => (
        <SelectGroup key={group.name}>
          <SelectLabel>{group.name}</SelectLabel>
          {options(group.markets)}
        </SelectGroup>
      ))}
    </CatalogSelectShell>
  );
}
