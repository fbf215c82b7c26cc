import { useState } from 'react';

/**
 * True from the first render where `open` is true. A lazily loaded dialog, sheet or drawer mounts then
 * (its code downloads when first opened, not with the page) and stays mounted, so it can animate out.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
