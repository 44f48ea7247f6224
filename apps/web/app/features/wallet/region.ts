import { useCallback } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { setWalletPreference, useWalletPreference } from '../../shared/preferences/local-preferences.ts';

/**
 * The payment region (spec §3 local preferences, api-contract §8): the country whose payment methods the
 * player sees. Stored locally under the payment geo key; without a choice it is the visitor's geo country.
 */
export function usePaymentRegion(): {
  region: string | null;
  geoCountry: string | null;
  setRegion(code: string | null): void;
} {
  const { root } = useI18n();
  const stored = useWalletPreference('paymentGeo');
  const geoCountry = root.geo.country;
  const setRegion = useCallback((code: string | null) => setWalletPreference('paymentGeo', code), []);
  return { region: stored ?? geoCountry, geoCountry, setRegion };
}

/** The `country` query parameter: sent only when the chosen region differs from geo (api-contract §8). */
export const countryParam = (region: string | null, geoCountry: string | null): string | undefined =>
  region && region !== geoCountry ? region : undefined;
