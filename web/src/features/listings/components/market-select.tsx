import type * as React from 'react';
import { marketsGroupedByCounty } from '@shared/rules';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@/components/ui/select';

type TriggerProps = Omit<React.ComponentProps<typeof SelectTrigger>, 'children'>;

export interface MarketSelectProps extends TriggerProps {
  value: string;
  onValueChange: (marketId: string) => void;
  placeholder?: string;
  /** An extra first item (the filters' "All submarkets"). */
  allOption?: { value: string; label: string };
}

/**
 * Submarkets grouped by county, Sutter and Yuba under Miscellaneous (spec 02 §3): the Listings filter
 * and the editor's market field.
 */
export function MarketSelect({ value, onValueChange, placeholder = 'Select a market', allOption, ...trigger }: MarketSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        {allOption && <SelectItem value={allOption.value}>{allOption.label}</SelectItem>}
        {marketsGroupedByCounty().map((group) => (
          <SelectGroup key={group.name}>
            <SelectLabel>{group.name}</SelectLabel>
            {group.markets.map((market) => (
              <SelectItem key={market.id} value={market.id}>
                {market.name}
              </SelectItem>
            ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}
