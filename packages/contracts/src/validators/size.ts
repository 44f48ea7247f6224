import { isNumeric } from './numeric.ts';

/**
 * The measure min/max compare against, as in Laravel: a number's value, an array's length, a string's
 * length in code points. A numeric string is measured by value only when the field is declared
 * numeric (numeric or integer rule), so "123456" passes `min:6` as a password but not as an amount.
 */
export function sizeOf(value: unknown, declaredNumeric: boolean): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return declaredNumeric && isNumeric(value) ? Number(value) : [...value].length;
  return null;
}
