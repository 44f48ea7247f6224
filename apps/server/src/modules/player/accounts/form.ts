import { ApiError, ErrorCode, parseDateString } from '@croupier/contracts';
import { currencies, timeZones } from '@croupier/contracts/reference/index';

// What the account forms share: the 422 they answer, the text reading of a form key, and the sets they check.

export type Fields = Record<string, string[]>;

export const invalid = (fields: Fields) => ApiError.of(ErrorCode.validation, 'The given data was invalid.', fields);

export const addError = (fields: Fields, name: string, message: string) => {
  fields[name] = [...(fields[name] ?? []), message];
};

/** One neutral answer for an e-mail or phone that cannot be used, whatever the reason (0009). */
export const IDENTIFIER_REFUSED = {
  email: 'This e-mail address cannot be used to register. If it is yours, sign in or reset your password.',
  phone: 'This phone number cannot be used. If it is yours, sign in or reset your password.',
};

export const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.cause ?? e;
  return c?.code === '23505' && (c.constraint === undefined || c.constraint === constraint);
};

export const enabledCurrencies = new Set(currencies.filter((c) => c.isEnabled).map((c) => c.code));
export const timeZoneIds = new Set(timeZones.map((z) => z.id));
export const MAX_PASSWORD = 128;

/** Text value of a form key: trimmed string, null when empty, or a type error recorded on `fields`. */
export function text(
  values: Record<string, unknown>,
  name: string,
  fields: Fields,
  max = 200,
): string | null | undefined {
  if (!Object.hasOwn(values, name)) return undefined;
  const v = values[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') {
    addError(fields, name, 'This value must be text.');
    return undefined;
  }
  const t = v.trim();
  if (t.length > max) addError(fields, name, `Must be at most ${max} characters.`);
  return t === '' ? null : t;
}

export const isoDate = (value: string): string | null => {
  const d = parseDateString(value);
  return d ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : null;
};
