import { useId } from 'react';
import { ALL, propertyTypes, type CatalogItem } from '@shared/catalog';
import { CatalogSelect, MarketSelect } from '@/components/catalog-select';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';

/** The three filters of a browser, by search-param name; undefined is ALL. */
export interface BrowseFilterValues {
  typeId?: string;
  propertyTypeId?: string;
  marketId?: string;
}

interface BrowseFiltersProps {
  /** The search box's accessible name, e.g. "Filter listings". */
  label: string;
  type: { label: string; allLabel: string; items: readonly CatalogItem[] };
  market: { label: string; allLabel: string; withCounties?: boolean };
  value: BrowseFilterValues;
  onChange: (name: keyof BrowseFilterValues, value: string | undefined) => void;
  onClear: () => void;
  /** Whether anything is there to clear, when the page narrows by more than these three (the directory's search). */
  active?: boolean;
}

/** Deal type, property type and market, each ALL by default, and Clear (the browsers and the broker directory). */
export function BrowseFilters({ label, type, market, value, onChange, onClear, active = Object.values(value).some(Boolean) }: BrowseFiltersProps) {
  const id = useId();
  const set = (name: keyof BrowseFilterValues) => (next: string) => onChange(name, next === ALL ? undefined : next);
  return (
    <div
      role="search"
      aria-label={label}
      className="grid grid-cols-1 gap-3 rounded-lg border bg-muted/40 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>{type.label}</Label>
        <CatalogSelect
          id={`${id}-type`}
          items={type.items}
          value={value.typeId ?? ALL}
          onValueChange={set('typeId')}
          allOption={{ value: ALL, label: type.allLabel }}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-property`}>Property Type</Label>
        <CatalogSelect
          id={`${id}-property`}
          items={propertyTypes}
          value={value.propertyTypeId ?? ALL}
          onValueChange={set('propertyTypeId')}
          allOption={{ value: ALL, label: 'All property types' }}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-market`}>{market.label}</Label>
        <MarketSelect
          id={`${id}-market`}
          value={value.marketId ?? ALL}
          onValueChange={set('marketId')}
          allOption={{ value: ALL, label: market.allLabel }}
          withCounties={market.withCounties}
        />
      </div>
      <Button variant="outline" onClick={onClear} disabled={!active}>
        Clear
      </Button>
    </div>
  );
}
