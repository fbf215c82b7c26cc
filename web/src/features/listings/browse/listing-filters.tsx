import { listingTypes } from '@shared/catalog';
import { BrowseFilters } from '@/components/browse-filters';
import type { ListingsSearch } from './listings-search';

/** Listing Type, Property Type and Submarket (grouped by county), each ALL by default, and Clear. */
export function ListingFilters({
  value,
  onChange,
  onClear,
}: {
  value: ListingsSearch;
  onChange: (name: keyof ListingsSearch, value: string | undefined) => void;
  onClear: () => void;
}) {
  return (
    <BrowseFilters
      label="Filter listings"
      type={{ label: 'Listing Type', allLabel: 'All listing types', items: listingTypes }}
      market={{ label: 'Submarket', allLabel: 'All submarkets' }}
      value={{ typeId: value.listingTypeId, propertyTypeId: value.propertyTypeId, marketId: value.marketId }}
      onChange={(name, next) => onChange(name === 'typeId' ? 'listingTypeId' : name, next)}
      onClear={onClear}
    />
  );
}
