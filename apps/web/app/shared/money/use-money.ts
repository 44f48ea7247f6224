import type { Account, Currency } from '@croupier/contracts';
import { useCallback } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { useEquivalentCurrency } from './equivalent.ts';
import { convertAmount, findCurrency, formatMoney, useCurrencies } from './money.ts';

/** The "real" part shown to players is free plus locked real money (api-contract §7). */
export const realPart = (account: Account) => account.realBalance + account.lockedBalance;

/**
 * Formatting bound to the page locale and the loaded currencies. Before the currencies arrive an
 * amount is shown plainly with its code rather than not at all.
 */
export function useMoney() {
  const { locale } = useI18n();
  const currencies = useCurrencies();
  const format = useCallback(
    (amountMajor: number, code: string, opts?: { subUnit?: boolean }) => {
      const currency = findCurrency(currencies, code);
      return currency ? formatMoney(amountMajor, currency, locale, opts) : `${amountMajor} ${code}`;
    },
    [currencies, locale],
  );
  return { currencies, format, currencyOf: (code: string) => findCurrency(currencies, code) };
}

/**
 * The equivalent of a crypto account's balance in the chosen currency (spec §4: only for crypto
 * accounts, only when an equivalent currency is chosen); null otherwise.
 */
export function useEquivalentOf(): (account: Account) => string | null {
  const { locale } = useI18n();
  const currencies = useCurrencies();
  const { code } = useEquivalentCurrency();
  return useCallback(
    (account: Account) => {
      const from = findCurrency(currencies, account.currency);
      const to: Currency | null = findCurrency(currencies, code);
      if (!from || !to || from.type !== 'crypto' || from.code === to.code) return null;
      return formatMoney(convertAmount(account.balance, from, to), to, locale);
    },
    [currencies, code, locale],
  );
}
