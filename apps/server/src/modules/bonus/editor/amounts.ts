import { ApiError, ErrorCode } from '@croupier/contracts';
import { currencies, toMajor, toMinor } from '@croupier/contracts/reference/index';
import type { AmountMap } from '../schema.ts';

// Definitions keep amounts per currency in minor units (decision 0055); staff edit them in major units. Each
// amount must be exact to its currency's subunit (backoffice-api.md §1): never rounded behind staff's back.

const subunitOf = (code: string) => currencies.find((c) => c.code === code)?.subunitToUnit ?? 100;
const placesOf = (subunit: number) => Math.max(0, Math.round(Math.log10(subunit)));

/** Major units per currency → minor units; an inexact amount is a 422 on `field`. */
export function toMinorMap(field: string, map: Record<string, number>): AmountMap {
  const out: AmountMap = {};
  for (const [currency, amount] of Object.entries(map)) {
    const text = amount.toFixed(placesOf(subunitOf(currency)));
    if (Math.abs(Number(text) - amount) > Math.abs(amount) * 1e-12) {
      const message = `${currency} ${amount} is finer than the currency's smallest unit.`;
      throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });
    }
    out[currency] = String(toMinor(text, currency));
  }
  return out;
}

export function toMajorMap(map: AmountMap): Record<string, number> {
  return Object.fromEntries(Object.entries(map).map(([c, minor]) => [c, toMajor(BigInt(minor), c)]));
}
