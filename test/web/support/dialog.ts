import { screen, waitFor, type ByRoleOptions, type waitForOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open dialog, once it takes pointer events. Radix makes the page behind a modal inert (the body's
 * pointer-events: none) and gives the dialog `pointer-events: auto` a render later; a click or upload in
 * between fails as a user's could not land (it did, on a busy machine).
 */
export async function openedDialog(role: 'dialog' | 'alertdialog' = 'dialog', query: ByRoleOptions = {}, wait?: waitForOptions): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, query, wait);
  await waitFor(() => expect(document.body.style.pointerEvents !== 'none' || dialog.style.pointerEvents === 'auto').toBe(true), wait);
  return dialog;
}
