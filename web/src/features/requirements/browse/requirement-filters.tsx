import { requirementTypes } from '@shared/catalog';
import { BrowseFilters } from '@/components/browse-filters';
import type { RequirementsSearch } from './requirements-search';

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
