import { idsOf, listingTypes, markets, propertyTypes } from '@shared/catalog';
import { BrowseFilters } from '@/components/browse-filters';
import { oneOf } from '@/lib/search-params';
import type { ListingsSearch, ListingsSearchParams } from './listings-search';

const listingTypeIds = idsOf(listingTypes);
const propertyTypeIds = idsOf(propertyTypes);
const marketIds = idsOf(markets);

/** The URL's filters with every id that is not in its catalogue dropped (an unknown value means ALL). */
export const knownListingFilters = (search: ListingsSearchParams): ListingsSearch => ({
  listingTypeId: oneOf(listingTypeIds, search.listingTypeId),
  propertyTypeId: oneOf(propertyTypeIds, search.propertyTypeId),
  marketId: oneOf(marketIds, search.marketId),
});

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
