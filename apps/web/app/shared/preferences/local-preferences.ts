import { useSyncExternalStore } from 'react';
import { createStorageListeners } from '../live/storage-listeners.ts';
import { PREFERENCES_KEY, type Preferences, readPreferences, writePreferences } from './preferences.ts';

/**
 * The wallet's local preferences (spec §3: equivalent currency, payment region) as a store every component
 * reads the same way: a change in one place, or in another tab, re-renders all readers.
 */
type WalletPreference = 'equivalentCurrency' | 'paymentGeo';

const readers = createStorageListeners(PREFERENCES_KEY);

/** One preference: null when unset, and always null during SSR (local storage lives in the browser). */
export function useWalletPreference(key: WalletPreference): string | null {
  return useSyncExternalStore(
    readers.subscribe,
    () => readPreferences()[key] ?? null,
    () => null,
  );
}

/** Sets (a code) or removes (null) one preference. */
export function setWalletPreference(key: WalletPreference, value: string | null): void {
  const patch: Partial<Preferences> = { [key]: value ?? undefined };
  writePreferences(patch);
  readers.notify();
}
