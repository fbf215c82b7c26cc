import { useSyncExternalStore } from 'react';

/**
 * The broker a delegate works for now, chosen in the header. Every call of a route delegates may
 * use carries it as X-Acting-For (lib/api.ts); the server checks it on each call. Kept per tab (session
 * storage): two tabs may work for two brokers. Null: the account works for itself.
 */
export interface ActingFor {
  brokerId: string;
  name: string;
}

const STORAGE_KEY = 'bisn.actingFor';
const listeners = new Set<() => void>();

function stored(): ActingFor | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as ActingFor | null;
    return value && typeof value.brokerId === 'string' && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

let current: ActingFor | null = typeof sessionStorage === 'undefined' ? null : stored();

export const actingFor = (): ActingFor | null => current;

export function setActingFor(next: ActingFor | null): void {
  current = next;
  if (next) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else sessionStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useActingFor = (): ActingFor | null => useSyncExternalStore(subscribe, actingFor, () => null);
