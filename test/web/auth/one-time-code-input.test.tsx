import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OneTimeCodeInput } from '@/features/auth/components/one-time-code-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [code, setCode] = useState(initial);
  return (
    <>
      <OneTimeCodeInput value={code} onChange={setCode} />
      <output aria-label="code">{code}</output>
    </>
  );
}

const first = () => screen.getByLabelText('Verification code, characters 1 to 3');
const second = () => screen.getByLabelText('Verification code, characters 4 to 6');
const code = () => screen.getByLabelText('code').textContent;

describe('OneTimeCodeInput', () => {
  it('is one labelled group of two boxes of three; typing moves on to the second box', async () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toContainElement(first());
    expect(first()).toHaveAttribute('autocomplete', 'one-time-code');

    await userEvent.type(first(), '123456');

    expect(first()).toHaveValue('123');
    expect(second()).toHaveValue('456');
    expect(second()).toHaveFocus();
    expect(code()).toBe('123456');
  });

  it('fills both boxes from a code pasted or autofilled into either', async () => {
    render(<Harness />);
    await userEvent.click(second());
    await userEvent.paste('654 321');
    expect(code()).toBe('654321');
    expect(first()).toHaveValue('654');

    await userEvent.clear(first());
    await userEvent.clear(second());
    await userEvent.click(first());
    await userEvent.paste('987654');
    expect(first()).toHaveValue('987');
    expect(second()).toHaveValue('654');
  });

  it('editing the first box leaves the second alone, and Backspace at its start goes back', async () => {
    render(<Harness initial="123456" />);
    await userEvent.click(first());
    await userEvent.keyboard('{End}{Backspace}');
    expect(first()).toHaveValue('12');
    expect(second()).toHaveValue('456');
    expect(code()).toBe('12456');

    (second() as HTMLInputElement).setSelectionRange(0, 0);
    second().focus();
    await userEvent.keyboard('{Backspace}');
    expect(first()).toHaveFocus();
  });
});
