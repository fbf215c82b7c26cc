import { useId } from 'react';
import type { SearchTotal } from '@shared/api/schemas/search';
import type { BrowseSort } from '@shared/rules/search';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { SearchKind } from '../criteria-url';

const sortLabels: Record<SearchKind, Partial<Record<BrowseSort, string>>> = {
  listings: {
    newest: 'Newest first',
    daysOnBisn: 'Longest listed first',
    priceAsc: 'Price: low to high',
    priceDesc: 'Price: high to low',
    rateAsc: 'Lease rate: low to high',
    rateDesc: 'Lease rate: high to low',
    sizeAsc: 'Size: small to large',
    sizeDesc: 'Size: large to small',
  },
  requirements: {
    newest: 'Newest first',
    daysOnBisn: 'Longest active first',
    sizeAsc: 'Size: small to large',
    sizeDesc: 'Size: large to small',
    priceDesc: 'Budget: highest first',
    rateDesc: 'Lease budget: highest first',
  },
};

const nouns: Record<SearchKind, [string, string]> = { listings: ['listing', 'listings'], requirements: ['requirement', 'requirements'] };

/** "43 listings" (or "500+ listings" where the count stopped at its bound), and the order of the results. */
export function ResultControls({ kind, total, sort, onSort }: { kind: SearchKind; total: SearchTotal | undefined; sort: BrowseSort; onSort: (sort: BrowseSort) => void }) {
  const id = useId();
  const [one, many] = nouns[kind];
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <p role="status" className="text-sm font-medium">
        {total && `${total.count.toLocaleString('en-US')}${total.exact ? '' : '+'} ${total.count === 1 && total.exact ? one : many}`}
      </p>
      <div className="grid w-full max-w-xs gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect id={`${id}-sort`} value={sort} onChange={(event) => onSort(event.target.value as BrowseSort)}>
          {Object.entries(sortLabels[kind]).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
