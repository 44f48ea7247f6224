import type { Currency } from '@croupier/contracts';
import { divRound, parseDecimal } from '@croupier/contracts/reference/decimal';
import { toMajor, toMinor } from '@croupier/contracts/reference/money';
import { useSyncExternalStore } from 'react';
import { browserApi } from '../session/runtime.ts';

/**
 * Money on the client (api-contract §1.5, docs/decisions/0004). Amounts arrive as major-unit numbers;
 * every conversion goes through integer minor units (bigint) so no float drift reaches the screen or
 * the API. BTC and ETH are shown in their 1/1000 sub-unit (mBTC, mETH; spec §9).
 */

/** The display factor of a sub-currency (1 BTC = 1000 mBTC). */
const SUB_UNIT_FACTOR = 1000;

/** The unit an amount is shown in: the currency itself or its 1/1000 sub-unit. */
export interface DisplayUnit {
  code: string;
  /** Minor units of the currency per display unit (1e5 for mBTC, subunitToUnit otherwise). */
  minorPerUnit: number;
  /** Decimals the display unit can carry exactly. */
  decimals: number;
  isSubUnit: boolean;
}

const decimalsOf = (minorPerUnit: number) => Math.max(0, Math.round(Math.log10(minorPerUnit)));

/** The 1/1000 sub-currency when the currency has one whose factor divides its minor units exactly. */
export function subUnitOf(currency: Currency): Currency | null {
  const sub = currency.subCurrencies?.find((s) => s.subunitToUnit === SUB_UNIT_FACTOR);
  if (!sub || currency.subunitToUnit % SUB_UNIT_FACTOR !== 0) return null;
  return sub;
}

export function displayUnit(currency: Currency, subUnit = true): DisplayUnit {
  const sub = subUnit ? subUnitOf(currency) : null;
  const minorPerUnit = sub ? currency.subunitToUnit / SUB_UNIT_FACTOR : currency.subunitToUnit;
  return {
    code: sub?.code ?? currency.code,
    minorPerUnit,
    decimals: decimalsOf(minorPerUnit),
    isSubUnit: Boolean(sub),
  };
}

/**
 * A major-unit amount in the unit it is displayed in (mBTC for BTC), exact to the minor unit. Rounded to the
 * currency's step on the way in: a value the server sent is exact already, rounding only absorbs float noise.
 */
export function toDisplayAmount(amountMajor: number, currency: Currency, subUnit = true): number {
  const unit = displayUnit(currency, subUnit);
  return toMajor(toMinor(amountMajor, currency.subunitToUnit, { round: true }), unit.minorPerUnit);
}

/**
 * A display-unit amount (what the player typed, e.g. '1.5' mBTC) back to major units for the API.
 * Exact; throws AmountError ('format', 'precision' beyond the currency's minor unit, 'range').
 */
export function fromDisplayAmount(displayAmount: number | string, currency: Currency, subUnit = true): number {
  const unit = displayUnit(currency, subUnit);
  const text = typeof displayAmount === 'string' ? displayAmount.trim().replace(',', '.') : displayAmount;
  return toMajor(toMinor(text, unit.minorPerUnit), currency.subunitToUnit);
}

/**
 * A formatted amount: fiat with the locale's currency format and the currency's own decimals, crypto as
 * a number plus its display code ("1.23 mBTC"), at most the unit's exact decimals.
 */
export function formatMoney(
  amountMajor: number,
  currency: Currency,
  locale: string,
  opts: { subUnit?: boolean } = {},
): string {
  const unit = displayUnit(currency, opts.subUnit ?? true);
  const value = toDisplayAmount(amountMajor, currency, opts.subUnit ?? true);
  if (currency.type === 'fiat' && !unit.isSubUnit) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currency.code,
        minimumFractionDigits: unit.decimals,
        maximumFractionDigits: unit.decimals,
      }).format(value);
    } catch {
      // An unknown locale or code: the plain form below.
    }
  }
  const number = new Intl.NumberFormat(safeLocale(locale), {
    minimumFractionDigits: Math.min(2, unit.decimals),
    maximumFractionDigits: unit.decimals,
  }).format(value);
  return `${number} ${unit.code}`;
}

function safeLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : 'en';
  } catch {
    return 'en';
  }
}

/** Exact decimal → bigint numerator over 10^scale, for rates. */
function rateParts(rate: number): { num: bigint; den: bigint } {
  const dec = parseDecimal(String(rate));
  if (!dec || dec.num <= 0n) throw new RangeError(`Bad rate ${rate}`);
  return { num: dec.num, den: 10n ** BigInt(dec.scale) };
}

/**
 * An amount in another currency through the base (api-contract §1.5, decision 0004): rate.rate is the
 * price of one base unit in a currency's minor units, so target minor = source minor × rateTo ÷ rateFrom.
 * Rounded once, to the target's minor unit.
 */
export function convertAmount(amountMajor: number, from: Currency, to: Currency): number {
  const minor = toMinor(amountMajor, from.subunitToUnit, { round: true }); // float noise only, as above
  const rFrom = rateParts(from.rate.rate);
  const rTo = rateParts(to.rate.rate);
  return toMajor(divRound(minor * rTo.num * rFrom.den, rFrom.num * rTo.den), to.subunitToUnit);
}

export const findCurrency = (currencies: readonly Currency[], code: string | null | undefined) =>
  code ? (currencies.find((c) => c.code === code) ?? null) : null;

// Currencies (all of them: an account may be in a currency hidden from new sign-ups) are loaded once per
// page in the browser and shared by every component; SSR renders without them.
const EMPTY: Currency[] = [];
let currencies: Currency[] = EMPTY;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadCurrencies(): void {
  if (loading) return;
  loading = browserApi()
    .settings.currencies()
    .then(({ data }) => {
      currencies = data.filter((c) => c.isEnabled);
      for (const listener of listeners) listener();
    })
    .catch(() => {
      loading = null; // next subscriber tries again
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  loadCurrencies();
  return () => listeners.delete(listener);
}

/** The enabled settings currencies with rates (empty until loaded, and during SSR). */
export function useCurrencies(): Currency[] {
  return useSyncExternalStore(
    subscribe,
    () => currencies,
    () => EMPTY,
  );
}
