import { idsOf, markets, propertyTypes, requirementTypes } from '@shared/catalog';
import { BrowseFilters } from '@/components/browse-filters';
import { oneOf } from '@/lib/search-params';
import type { RequirementsSearch, RequirementsSearchParams } from './requirements-search';

const requirementTypeIds = idsOf(requirementTypes);
const propertyTypeIds = idsOf(propertyTypes);
const marketIds = idsOf(markets);

/** The URL's filters with every id that is not in its catalogue dropped (an unknown value means ALL). */
export const knownRequirementFilters = (search: RequirementsSearchParams): RequirementsSearch => ({
  requirementTypeId: oneOf(requirementTypeIds, search.requirementTypeId),
  propertyTypeId: oneOf(propertyTypeIds, search.propertyTypeId),
  marketId: oneOf(marketIds, search.marketId),
});

/** Requirement type, property type and market, each ALL by default; Clear sets all three back to ALL. */
export function RequirementFilters({
  value,
  onChange,
  onClear,
}: {
  value: RequirementsSearch;
  onChange: (name: keyof RequirementsSearch, value: string | undefined) => void;
  onClear: () => void;
}) {
  return (
    <BrowseFilters
      label="Filter requirements"
      type={{ label: 'Requirement Type', allLabel: 'All requirement types', items: requirementTypes }}
      market={{ label: 'Market', allLabel: 'All markets' }}
      value={{ typeId: value.requirementTypeId, propertyTypeId: value.propertyTypeId, marketId: value.marketId }}
      onChange={(name, next) => onChange(name === 'typeId' ? 'requirementTypeId' : name, next)}
      onClear={onClear}
    />
  );
}
