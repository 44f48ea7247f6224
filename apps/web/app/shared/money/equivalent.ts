import { useCallback } from 'react';
import { setWalletPreference, useWalletPreference } from '../preferences/local-preferences.ts';

/** The currency crypto balances are also shown in (spec §3, §4), kept in local preferences. */
export function useEquivalentCurrency(): { code: string | null; set(code: string): void; remove(): void } {
  const code = useWalletPreference('equivalentCurrency');
  const set = useCallback((next: string) => setWalletPreference('equivalentCurrency', next), []);
  const remove = useCallback(() => setWalletPreference('equivalentCurrency', null), []);
  return { code, set, remove };
}
