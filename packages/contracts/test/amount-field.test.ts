import { describe, expect, it } from 'vitest';
import { minorOfRequest } from '../src/amount-field.ts';
import { ApiError, ErrorCode } from '../src/errors.ts';
import { type AmountRefusal, amountRefusalText, toMajor, toMinor } from '../src/reference/money.ts';

// The money pair's adapter for the player API (decision 0102): toMinor's refusals as the 422 the client reads,
// in the one wording every caller uses.

/** The 422's status, code and `amount` message of a refused request amount. */
function refusal(fn: () => unknown): { status: number; code: number; message: string | undefined } | undefined {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { status: e.status, code: e.code, message: e.fields.amount?.[0] };
  }
  return undefined;
}

const answer = (why: AmountRefusal, currency = 'EUR') => ({
  status: 422,
  code: ErrorCode.validation,
  message: amountRefusalText(why, currency),
});

describe('minorOfRequest', () => {
  it('converts exactly, numbers and decimal strings alike, as toMinor does', () => {
    expect(minorOfRequest(10.5, 'EUR')).toBe(1050n);
    expect(minorOfRequest('10.50', 'EUR')).toBe(1050n);
    expect(minorOfRequest(1234, 'JPY')).toBe(1234n);
    expect(minorOfRequest('0.00000001', 'BTC')).toBe(1n);
    expect(minorOfRequest(0, 'EUR')).toBe(0n); // a limit of zero is allowed
    expect(toMajor(minorOfRequest(0.3, 'EUR'), 'EUR')).toBe(0.3);
  });

  it('refuses more decimals than the currency has, naming the currency', () => {
    expect(refusal(() => minorOfRequest(0.001, 'EUR'))).toEqual(answer('precision'));
    expect(refusal(() => minorOfRequest(1.5, 'JPY'))).toEqual(answer('precision', 'JPY'));
    expect(refusal(() => minorOfRequest('0.000000001', 'BTC'))).toEqual(answer('precision', 'BTC'));
    expect(refusal(() => minorOfRequest(0.1 + 0.2, 'EUR'))).toEqual(answer('precision'));
    expect(amountRefusalText('precision', 'EUR')).toBe('Has more decimals than EUR allows.');
  });

  it('refuses what is not a number', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 'ten', '', '1,5', '0x10']) {
      expect(refusal(() => minorOfRequest(bad, 'EUR'))).toEqual(answer('format'));
    }
  });

  it('refuses huge values, inside PostgreSQL bigint by far', () => {
    expect(refusal(() => minorOfRequest(1e300, 'EUR'))).toEqual(answer('range'));
    expect(refusal(() => minorOfRequest('100000000', 'BTC'))).toEqual(answer('range'));
    expect(refusal(() => minorOfRequest(2 ** 53, 'JPY'))).toEqual(answer('range'));
  });

  it('refuses zero and below only when asked for a positive amount', () => {
    expect(minorOfRequest(-5, 'EUR')).toBe(-500n);
    expect(refusal(() => minorOfRequest(-5, 'EUR', { positive: true }))).toEqual(answer('notPositive'));
    expect(refusal(() => minorOfRequest(0, 'EUR', { positive: true }))).toEqual(answer('notPositive'));
    expect(refusal(() => minorOfRequest('-0.00', 'EUR', { positive: true }))).toEqual(answer('notPositive'));
    expect(minorOfRequest(0.01, 'EUR', { positive: true })).toBe(1n);
  });

  it('answers a missing amount as required', () => {
    expect(refusal(() => minorOfRequest(undefined, 'EUR'))).toEqual(answer('required'));
  });

  it('leaves an unknown currency a programming error, not a 422', () => {
    expect(() => minorOfRequest(1, 'XXX')).toThrow(RangeError);
    expect(() => toMinor(1, 'XXX')).toThrow(RangeError);
  });
});

describe('amountRefusalText', () => {
  it('has one sentence per refusal, none naming its field', () => {
    const all: AmountRefusal[] = ['required', 'format', 'precision', 'range', 'notPositive', 'negative'];
    const texts = all.map((r) => amountRefusalText(r, 'EUR'));
    expect(new Set(texts).size).toBe(all.length);
    for (const text of texts) expect(text).toMatch(/^[A-Z][^.]*\.$/);
    for (const text of texts) expect(text.toLowerCase()).not.toContain('amount');
  });
});
