import { useId } from 'react';
import { ALL, listingTypes, propertyTypes } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { MarketSelect } from '../components/market-select';
import type { ListingsSearch } from './listings-search';

type FilterName = keyof ListingsSearch;

/** Listing Type, Property Type and Submarket (grouped by county), each ALL by default, and Clear. */
export function ListingFilters({
  value,
  onChange,
  onClear,
}: {
  value: ListingsSearch;
  onChange: (name: FilterName, value: string | undefined) => void;
  onClear: () => void;
}) {
  const id = useId();
  const set = (name: FilterName) => (next: string) => onChange(name, next === ALL ? undefined : next);
  const active = Object.values(value).some(Boolean);

  return (
    <div role="search" aria-label="Filter listings" className="grid gap-3 rounded-lg border bg-muted/40 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>Listing Type</Label>
        <Select value={value.listingTypeId ?? ALL} onValueChange={set('listingTypeId')}>
          <SelectTrigger id={`${id}-type`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All listing types</SelectItem>
            {listingTypes.map((type) => (
              <SelectItem key={type.id} value={type.id}>
                {type.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-property`}>Property Type</Label>
        <Select value={value.propertyTypeId ?? ALL} onValueChange={set('propertyTypeId')}>
          <SelectTrigger id={`${id}-property`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All property types</SelectItem>
            {propertyTypes.map((type) => (
              <SelectItem key={type.id} value={type.id}>
                {type.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-market`}>Submarket</Label>
        <MarketSelect
          id={`${id}-market`}
          value={value.marketId ?? ALL}
          onValueChange={set('marketId')}
          allOption={{ value: ALL, label: 'All submarkets' }}
        />
      </div>
      <Button variant="outline" onClick={onClear} disabled={!active}>
        Clear
      </Button>
    </div>
  );
}
