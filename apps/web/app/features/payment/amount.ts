import type { Currency, PaymentMethod } from '@croupier/contracts';
import { AmountError, toMinor } from '@croupier/contracts/reference/money';
import { fromDisplayAmount, toDisplayAmount } from '../../shared/money/money.ts';
import type { FieldOption } from './method-fields.ts';

/** Allowed amount range in major units of the account currency. */
export interface AmountLimits {
  min: number;
  max: number;
}

export type AmountCheck =
  | { ok: true; major: number }
  | { ok: false; problem: 'required' | 'format' | 'precision' | 'min' | 'max'; limit?: number };

type NetworkOption = Pick<FieldOption, 'minAmount' | 'maxAmount'>;

/**
 * The method's range, narrowed by the chosen crypto network's own min/max (api-contract §8) and, for a
 * withdrawal, by what the account may pay out now (`withdrawalBalance`).
 */
export function limitsFor(
  method: Pick<PaymentMethod, 'amountMin' | 'amountMax'>,
  network?: NetworkOption | null,
  cap?: number | null,
): AmountLimits {
  let min = method.amountMin;
  let max = method.amountMax;
  if (network) {
    if (network.minAmount > 0) min = Math.max(min, network.minAmount);
    if (network.maxAmount > 0) max = Math.min(max, network.maxAmount);
  }
  if (typeof cap === 'number') max = Math.min(max, cap);
  return { min, max };
}

/**
 * What the player typed (in the display unit: mBTC for BTC) → an exact major amount within the limits.
 * Compared in integer minor units so 0.1 + 0.2 style noise never lets an amount slip past a limit.
 */
export function checkAmount(text: string, currency: Currency, limits: AmountLimits): AmountCheck {
  if (text.trim() === '') return { ok: false, problem: 'required' };
  let major: number;
  try {
    major = fromDisplayAmount(text, currency);
  } catch (error) {
    if (error instanceof AmountError && error.reason === 'precision') return { ok: false, problem: 'precision' };
    return { ok: false, problem: 'format' };
  }
  // Limits are server numbers (exact already); rounding only absorbs noise from the min/max arithmetic above.
  const toUnit = (amount: number) => toMinor(amount, currency.subunitToUnit, { round: true });
  const minor = toUnit(major);
  if (minor <= 0n || minor < toUnit(limits.min)) {
    return { ok: false, problem: 'min', limit: limits.min };
  }
  if (minor > toUnit(limits.max)) return { ok: false, problem: 'max', limit: limits.max };
  return { ok: true, major };
}

export interface AmountPreset {
  major: number;
  /** The value as the input shows it (display unit). */
  text: string;
  isDefault: boolean;
}

/** The method's presets in the display unit; the default one first preselected by the form. */
export function presetsOf(method: Pick<PaymentMethod, 'presets'>, currency: Currency): AmountPreset[] {
  return method.presets.map((p) => ({
    major: p.amount,
    text: String(toDisplayAmount(p.amount, currency)),
    isDefault: p.default,
  }));
}

/** The text the amount input starts with: the default preset, else the first, else empty. */
export function initialAmountText(method: Pick<PaymentMethod, 'presets'>, currency: Currency): string {
  const presets = presetsOf(method, currency);
  return (presets.find((p) => p.isDefault) ?? presets[0])?.text ?? '';
}
