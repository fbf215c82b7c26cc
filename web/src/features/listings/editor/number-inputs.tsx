import type * as React from 'react';
import { formatThousands, parseDecimalInput, sanitizeDecimalInput } from '@shared/rules/format';
import { Input } from '@/components/ui/input';

type TextInputProps = Omit<React.ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur'> & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
};

/** Square feet: digits only, shown with thousands separators while typing ("12,500"). */
export function SqftInput({ value, onChange, ...props }: TextInputProps) {
  return (
    <Input
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(formatThousands(event.target.value))}
    />
  );
}

/** A price: digits and one decimal point while typing; the number it stands for on blur ("1250.50" → "1250.5"). */
export function PriceInput({ value, onChange, onBlur, ...props }: TextInputProps) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground" aria-hidden="true">
        $
      </span>
      <Input
        {...props}
        className="pl-6"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(sanitizeDecimalInput(event.target.value))}
        onBlur={() => {
          const number = parseDecimalInput(value);
          const normalised = number === null ? '' : String(number);
          if (normalised !== value) onChange(normalised);
          onBlur?.();
        }}
      />
    </div>
  );
}

/** A fixed number of digits (ZIP, ZIP+4). */
export function DigitsInput({ value, onChange, maxLength, ...props }: TextInputProps) {
  return (
    <Input
      {...props}
      inputMode="numeric"
      maxLength={maxLength}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, maxLength))}
    />
  );
}
