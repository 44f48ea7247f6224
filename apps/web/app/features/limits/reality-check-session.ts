import type { RealityCheck as Check } from '@croupier/contracts';
import { useEffect, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { findCurrency, formatMoney, useCurrencies } from '../../shared/money/money.ts';

/**
 * What the game bar's session meter (reality-check.tsx, eager) and the reality check modal
 * (reality-check-modal.tsx, loaded lazily by app/modal-registry.ts) share: one module, so both read the
 * same `lastShown` (decision 0100: a lazily loaded module is never re-exported by a face).
 */
export const K = 'global-components.limits.realityCheck';

/** When the last reality check was shown (ms), so "continue" counts the next interval from there. */
let lastShown: number | null = null;
export const lastShownAt = () => lastShown;
export const markShown = (at: number) => {
  lastShown = at;
};

/** A clock ticking every second while mounted. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export const startOf = (check: Check | null) => (check ? Date.parse(check.sessionStartedAt) : null);

/** The session's totals in one currency (zeros before any play in it). */
export const totalsIn = (check: Check | null, currency: string | undefined) =>
  check?.totals.find((x) => x.currency === currency) ?? { currency: currency ?? '', stakes: 0, wins: 0, net: 0 };

export function useFormat() {
  const { locale } = useI18n();
  const currencies = useCurrencies();
  return (amount: number, code: string, signed = false) => {
    const currency = findCurrency(currencies, code);
    const text = currency ? formatMoney(Math.abs(amount), currency, locale) : `${Math.abs(amount)} ${code}`;
    return signed ? `${amount < 0 ? '−' : '+'}${text}` : text;
  };
}
