import { useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export const CODE_LENGTH = 6;
const GROUP = CODE_LENGTH / 2;

const clean = (value: string) => value.replace(/[^0-9a-z]/gi, '').slice(0, CODE_LENGTH);
const split = (value: string): [string, string] => {
  const code = clean(value);
  return [code.slice(0, GROUP), code.slice(GROUP)];
};

/**
 * The 6-character verification code shown as two groups of 3 (spec 01 §2). Two text boxes in one
 * labelled group: typing past the third character moves on, Backspace at the start of the second moves
 * back, and a pasted or autofilled code (autocomplete="one-time-code") fills both.
 */
export function OneTimeCodeInput({
  value,
  onChange,
  label = 'Verification code',
  invalid,
  describedBy,
  autoFocus,
}: {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
}) {
  const labelId = useId();
  const second = useRef<HTMLInputElement>(null);
  const first = useRef<HTMLInputElement>(null);
  // The groups are kept apart so editing the first never shifts characters out of the second.
  const [groups, setGroups] = useState(() => split(value));
  const [head, tail] = groups;
  if (clean(value) !== head + tail) setGroups(split(value)); // changed by the parent (e.g. cleared)
  const update = (next: [string, string]) => {
    setGroups(next);
    onChange(next[0] + next[1]);
  };

  const box = cn('h-11 w-[5.5rem] text-center font-mono text-lg tracking-[0.5em]', invalid && 'border-destructive');

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="grid gap-2">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex items-center gap-3">
        <Input
          ref={first}
          aria-label={`${label}, characters 1 to 3`}
          aria-invalid={invalid || undefined}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus={autoFocus}
          className={box}
          value={head}
          onChange={(event) => {
            const typed = clean(event.target.value);
            // A whole code pasted or autofilled into the first box fills both.
            update(typed.length > GROUP ? split(typed) : [typed, tail]);
            if (typed.length >= GROUP) second.current?.focus();
          }}
        />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <Input
          ref={second}
          aria-label={`${label}, characters 4 to 6`}
          aria-invalid={invalid || undefined}
          inputMode="numeric"
          maxLength={GROUP}
          className={box}
          value={tail}
          onChange={(event) => update([head, clean(event.target.value).slice(0, GROUP)])}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && event.currentTarget.selectionStart === 0) first.current?.focus();
          }}
          onPaste={(event) => {
            const pasted = clean(event.clipboardData.getData('text'));
            if (pasted.length === CODE_LENGTH) {
              event.preventDefault();
              update(split(pasted));
            }
          }}
        />
      </div>
    </div>
  );
}
