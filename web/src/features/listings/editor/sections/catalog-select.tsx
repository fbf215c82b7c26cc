import type * as React from 'react';
import type { CatalogItem } from '@shared/catalog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type TriggerProps = Omit<React.ComponentProps<typeof SelectTrigger>, 'children'>;

/** A select over one catalogue (listing types, property types, lease terms, states). */
export function CatalogSelect({
  items,
  value,
  onValueChange,
  placeholder,
  ...trigger
}: TriggerProps & {
  items: readonly CatalogItem[];
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-80">
        {items.map((item) => (
          <SelectItem key={item.id} value={item.id}>
            {item.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
