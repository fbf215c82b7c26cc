import { useId } from 'react';
import { counties } from '@shared/catalog';
import { countyState, toggleCounty, toggleSubmarket } from '@shared/rules/market-tree';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * Counties and their submarkets as a checkbox tree (spec 02 §4 "Market tree rules", shared/rules/market-tree):
 * checking a county selects all its submarkets, checking all of them checks the county, unchecking one
 * clears it. Sutter and Yuba are counties without submarkets: the county itself is the market.
 */
export function MarketTree({
  value,
  onChange,
  invalid,
  describedBy,
  label = 'Target markets',
}: {
  value: readonly string[];
  onChange: (marketIds: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
  /** The group's accessible name. */
  label?: string;
}) {
  const id = useId();
  const withSubmarkets = counties.filter((county) => county.submarkets.length > 0);
  const standalone = counties.filter((county) => county.submarkets.length === 0);

  const countyBox = (countyId: string, name: string, className?: string) => {
    const state = countyState(value, countyId);
    return (
      <div key={countyId} className={cn('flex items-center gap-2', className)}>
        <Checkbox
          id={`${id}-${countyId}`}
          checked={state === 'indeterminate' ? 'indeterminate' : state === 'checked'}
          onCheckedChange={(checked) => onChange(toggleCounty(value, countyId, checked === true))}
          aria-invalid={invalid || undefined}
        />
        <Label htmlFor={`${id}-${countyId}`} className="font-semibold">
          {name}
        </Label>
      </div>
    );
  };

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="grid gap-4 rounded-lg border p-4">
      {withSubmarkets.map((county) => (
        <fieldset key={county.id} className="grid gap-2">
          <legend className="sr-only">{county.name} County</legend>
          {countyBox(county.id, county.name)}
          <ul className="grid gap-x-4 gap-y-2 pl-6 sm:grid-cols-2 lg:grid-cols-3">
            {county.submarkets.map((market) => (
              <li key={market.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${market.id}`}
                  checked={value.includes(market.id)}
                  onCheckedChange={(checked) => onChange(toggleSubmarket(value, market.id, checked === true))}
                  aria-invalid={invalid || undefined}
                />
                <Label htmlFor={`${id}-${market.id}`} className="font-normal">
                  {market.name}
                </Label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-x-8 gap-y-2">{standalone.map((county) => countyBox(county.id, county.name))}</div>
    </div>
  );
}
