/**
 * The settings forms' amounts (decision 0115): major units of the base currency (EUR). A blank "four-eyes
 * above" means never (null); a blank "auto-approve below" is 0 (every withdrawal waits for a person).
 */
export type AmountField = { ok: true; value: number | null } | { ok: false; message: string };

export function amountField(raw: string, blank: 'never' | 'zero'): AmountField {
  const text = raw.trim().replace(/\s+/g, '');
  if (text === '') return { ok: true, value: blank === 'never' ? null : 0 };
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    return { ok: false, message: 'An amount in EUR, at most 2 decimals, 0 or more.' };
  const value = Number(text);
  if (value > 1e9) return { ok: false, message: 'At most 1,000,000,000 EUR.' };
  return { ok: true, value };
}

/** How a threshold reads back: "Never" for null, else the amount in EUR. */
export const thresholdText = (value: number | null, never = 'Never'): string =>
  value === null ? never : `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(value)} EUR`;
