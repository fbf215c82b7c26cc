import { useId } from 'react';
import { ALL, propertyTypes, requirementTypes, type CatalogItem } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { MarketSelect } from '@/features/listings/components/market-select';
import type { RequirementsSearch } from './requirements-search';

type FilterName = keyof RequirementsSearch;

function CatalogFilter({
  id,
  label,
  allLabel,
  items,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  items: readonly CatalogItem[];
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {items.map((item) => (
            <SelectItem key={item.id} value={item.id}>
              {item.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Requirement type, property type and market, each ALL by default; Clear sets all three back to ALL. */
export function RequirementFilters({
  value,
  onChange,
  onClear,
}: {
  value: RequirementsSearch;
  onChange: (name: FilterName, value: string | undefined) => void;
  onClear: () => void;
}) {
  const id = useId();
  const set = (name: FilterName) => (next: string) => onChange(name, next === ALL ? undefined : next);
  const active = Object.values(value).some(Boolean);

  return (
    <div
      role="search"
      aria-label="Filter requirements"
      className="grid gap-3 rounded-lg border bg-muted/40 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      <CatalogFilter
        id={`${id}-type`}
        label="Requirement Type"
        allLabel="All requirement types"
        items={requirementTypes}
        value={value.requirementTypeId}
        onChange={set('requirementTypeId')}
      />
      <CatalogFilter
        id={`${id}-property`}
        label="Property Type"
        allLabel="All property types"
        items={propertyTypes}
        value={value.propertyTypeId}
        onChange={set('propertyTypeId')}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-market`}>Market</Label>
        <MarketSelect
          id={`${id}-market`}
          className="w-full"
          value={value.marketId ?? ALL}
          onValueChange={set('marketId')}
          allOption={{ value: ALL, label: 'All markets' }}
        />
      </div>
      <Button variant="outline" onClick={onClear} disabled={!active}>
        Clear
      </Button>
    </div>
  );
}
