// Bare digits or the usual 000.000.000-00 punctuation; each separator is optional on its own.
const CPF_PATTERN = /^(\d{3})\.?(\d{3})\.?(\d{3})-?(\d{2})$/;

// Weights run from length+1 down to 2; a remainder of 10 becomes 0.
const checkDigit = (digits: readonly number[], length: number): number => {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += (digits[i] ?? 0) * (length + 1 - i);
  return ((sum * 10) % 11) % 10;
};

/** Brazilian CPF. Strings only: a CPF may start with 0, which a number would lose. */
export function isCpf(value: string): boolean {
  const match = CPF_PATTERN.exec(value);
  if (!match) return false;
  const digits = match.slice(1).join('').split('').map(Number);
  // 000.000.000-00, 111.111.111-11 ... satisfy the checksum but are never issued.
  if (digits.every((digit) => digit === digits[0])) return false;
  return checkDigit(digits, 9) === digits[9] && checkDigit(digits, 10) === digits[10];
}
