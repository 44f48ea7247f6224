// PHP is_numeric without its whitespace tolerance: "1.", ".5" and "1e3" count, " 1" does not.
const NUMERIC_PATTERN = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// filter_var(FILTER_VALIDATE_INT) refuses leading zeros, which would otherwise read as octal to PHP.
const INTEGER_PATTERN = /^[+-]?(?:0|[1-9]\d*)$/;

export const isNumeric = (value: unknown): boolean =>
  typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && NUMERIC_PATTERN.test(value);

export const isInteger = (value: unknown): boolean => {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'string' && INTEGER_PATTERN.test(value) && Number.isSafeInteger(Number(value));
};

/** The digits of a digits-only value, or null. Numbers count when they are non-negative integers. */
export function digitsOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  return typeof value === 'string' && /^\d+$/.test(value) ? value : null;
}
