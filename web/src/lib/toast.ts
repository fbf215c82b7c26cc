import { useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
let raised = false;
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  return sonner;
}

/**
 * sonner's `toast`, loaded on first use: pages that never raise one do not download it. The Toaster
 * mounts then (root-route.tsx) and shows what is still active.
 */
export const toast = {
  success: (message: string) => void load().then((m) => m.toast.success(message)),
  error: (message: string) => void load().then((m) => m.toast.error(message)),
};

/** Whether a toast has been raised on this page (the Toaster is not mounted before). */
export function useToastRaised(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => raised,
  );
}
