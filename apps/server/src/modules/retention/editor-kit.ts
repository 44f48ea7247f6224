import { ApiError, ErrorCode, type RetentionListQuery } from '@croupier/contracts';
import { toMajor, toMinor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { assertIssuableBonus } from './bonus-prizes.ts';

// What the four retention editors share: field errors, amounts between the editor's major units and the
// tables' minor units, and the refusals (backoffice-api.md §1.1).

/** 422 with one field's message (the same envelope as a schema's refusal). */
export const fieldError = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

export const notFound = (what: string) => ApiError.of(ErrorCode.notFound, `No such ${what}.`);

/** 409 20005: the object is in a state that does not allow this. */
export const notNow = (message: string, fields: Record<string, string[]> = {}) =>
  ApiError.of(ErrorCode.alreadyDecided, message, fields);

/** Currency → major amount, to currency → minor units as decimal strings (exact, or a 422 on `field`). */
export function minorAmounts(amounts: Record<string, number>, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [currency, amount] of Object.entries(amounts)) {
    out[currency] = String(minorOf(amount, currency, `${field}.${currency}`));
  }
  return out;
}

export function minorOf(amount: number, currency: string, field: string): bigint {
  try {
    return toMinor(amount, currency);
  } catch {
    throw fieldError(field, `Not an amount of ${currency} (too many decimals, or an unknown currency).`);
  }
}

export function majorAmounts(amounts: Record<string, string>): Record<string, number> {
  return Object.fromEntries(Object.entries(amounts).map(([c, minor]) => [c, toMajor(BigInt(minor), c)]));
}

/** Points as the API shows them (two decimals) to hundredths, exactly, or a 422 on `field`. */
export function hundredthsOf(points: number, field: string): bigint {
  const hundredths = Math.round(points * 100);
  if (Math.abs(hundredths - points * 100) > 1e-6) throw fieldError(field, 'Two decimals at most.');
  return BigInt(hundredths);
}

/** A prize's bonus definition must exist and be of a kind a retention prize can issue (decision 0077). */
export async function assertBonusField(tx: Db, bonusId: string, field: string): Promise<void> {
  try {
    await assertIssuableBonus(tx, bonusId);
  } catch {
    throw fieldError(field, 'No bonus definition a prize can issue has this id.');
  }
}

/** The page's offset and the `q` filter as a LIKE pattern. */
export const pageOf = (q: RetentionListQuery) => ({ limit: q.perPage, offset: (q.page - 1) * q.perPage });

/** Postgres' unique violation: an identity taken (raced past the check). */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** JSON with keys sorted at every level (jsonb gives keys back in its own order): for "did this change?". */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
