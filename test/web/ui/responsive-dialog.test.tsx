import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';

const desktopWidth = window.innerWidth;
function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function EditDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <ResponsiveDialog open={open} onOpenChange={setOpen} title="Notes" description="What to remember.">
        <label>
          Note
          <input />
        </label>
      </ResponsiveDialog>
    </>
  );
}

const isSheet = () => document.querySelector('[data-slot="sheet-content"]') !== null;

describe('ResponsiveDialog', () => {
  afterEach(() => resizeTo(desktopWidth));

  it('keeps what was typed when the window crosses the phone breakpoint while it is open, and takes the new layout when next opened', async () => {
    const user = userEvent.setup();
    render(<EditDialog />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Note'), 'call the landlord');
    expect(isSheet()).toBe(false);

    resizeTo(500);
    expect(screen.getByLabelText('Note')).toHaveValue('call the landlord');
    expect(isSheet()).toBe(false);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(isSheet()).toBe(true);
  });
});
