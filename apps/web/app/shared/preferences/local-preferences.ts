import { useSyncExternalStore } from 'react';
import { PREFERENCES_KEY, type Preferences, readPreferences, writePreferences } from './preferences.ts';

/**
 * The wallet's local preferences (spec §3: equivalent currency, payment region) as a store every component
 * reads the same way: a change in one place, or in another tab, re-renders all readers.
 */
type WalletPreference = 'equivalentCurrency' | 'paymentGeo';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PREFERENCES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** One preference: null when unset, and always null during SSR (local storage lives in the browser). */
export function useWalletPreference(key: WalletPreference): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readPreferences()[key] ?? null,
    () => null,
  );
}

/** Sets (a code) or removes (null) one preference. */
export function setWalletPreference(key: WalletPreference, value: string | null): void {
  const patch: Partial<Preferences> = { [key]: value ?? undefined };
  writePreferences(patch);
  notify();
}
