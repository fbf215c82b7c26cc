import { X } from 'lucide-react';
import { byId, marketAreas, propertyTypes, requirementTypes } from '@shared/catalog';
import { Button } from '@/components/ui/button';
import type { BrokersSearchParams } from './brokers-search';

const dealTypeById = byId(requirementTypes);
const propertyTypeById = byId(propertyTypes);
const areaById = byId(marketAreas);

type Criterion = keyof Omit<BrokersSearchParams, 'sort'>;

/** Each criterion the directory is narrowed by, in words ("Name or firm: “Carter”"). */
function criteriaOf(search: Pick<BrokersSearchParams, Criterion>): { key: Criterion; label: string }[] {
  const named = [
    search.q && { key: 'q' as const, label: `Name or firm: “${search.q}”` },
    search.dealTypeId && { key: 'dealTypeId' as const, label: `Deal type: ${dealTypeById.get(search.dealTypeId)?.name ?? search.dealTypeId}` },
    search.propertyTypeId && { key: 'propertyTypeId' as const, label: `Property type: ${propertyTypeById.get(search.propertyTypeId)?.name ?? search.propertyTypeId}` },
    search.marketId && { key: 'marketId' as const, label: `Market: ${areaById.get(search.marketId)?.name ?? search.marketId}` },
    search.recent && { key: 'recent' as const, label: 'Active in the last 90 days' },
  ];
  return named.filter((criterion) => !!criterion);
}

/**
 * The directory's active criteria as removable chips: the name search is a filter like the others, so it
 * shows (and goes into a saved list) only where the broker sees it.
 */
export function ActiveFilters({ search, onRemove }: { search: Pick<BrokersSearchParams, Criterion>; onRemove: (key: Criterion) => void }) {
  const criteria = criteriaOf(search);
  if (criteria.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {criteria.map(({ key, label }) => (
        <li key={key}>
          <Button type="button" variant="secondary" size="sm" className="h-auto max-w-full rounded-full py-1 whitespace-normal" aria-label={`Remove ${label}`} onClick={() => onRemove(key)}>
            <span className="min-w-0 break-words text-left">{label}</span>
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
