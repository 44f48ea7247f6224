/**
 * The single definition of "no value" (spec §5: every rule passes on it; requiredness is a separate rule).
 * Whitespace and empty arrays are deliberately not empty here: only `required` looks deeper.
 */
export const isEmpty = (value: unknown): value is undefined | null | '' =>
  value === undefined || value === null || value === '';
