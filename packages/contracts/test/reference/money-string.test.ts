import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountError,
  currencies,
  isCurrencyCode,
  maxExactMinor,
  subCurrencyFactor,
  subunitOf,
  toMajor,
  toMajorString,
  toMinor,
} from '../../src/reference/index.ts';

// The pair as the seamless API uses it (decimal strings, currency codes), beyond what money.test.ts covers.

const codes = currencies.map((c) => c.code);
const minorInRange = fc.bigInt({ min: -maxExactMinor, max: maxExactMinor });
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AmountError) return e.reason;
    throw e;
  }
  return undefined;
};

describe('subunitOf', () => {
  it('reads the reference currencies: 0, 2, 6 and 8 decimals', () => {
    expect(subunitOf('JPY')).toBe(1);
    expect(subunitOf('EUR')).toBe(100);
    expect(subunitOf('USDT')).toBe(1e6);
    expect(subunitOf('BTC')).toBe(1e8);
    for (const c of currencies) expect(subunitOf(c.code)).toBe(c.subunitToUnit);
  });

  it('knows account currencies only: a display sub-unit or an unknown code is an error', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('mBTC')).toBe(false);
    expect(() => subunitOf('mBTC')).toThrow(RangeError);
    expect(() => subunitOf('eur')).toThrow(RangeError);
    expect(() => toMinor('1', 'XXX')).toThrow(RangeError);
    expect(() => toMajorString(1n, 'XXX')).toThrow(RangeError);
  });
});

describe('toMajorString', () => {
  it('prints every decimal of the currency', () => {
    expect(toMajorString(1050n, 'EUR')).toBe('10.50');
    expect(toMajorString(5n, 'EUR')).toBe('0.05');
    expect(toMajorString(0n, 'EUR')).toBe('0.00');
    expect(toMajorString(-1n, 'EUR')).toBe('-0.01');
    expect(toMajorString(-150n, 100)).toBe('-1.50');
    expect(toMajorString(1234n, 'JPY')).toBe('1234');
    expect(toMajorString(-7n, 'JPY')).toBe('-7');
    expect(toMajorString(1n, 'BTC')).toBe('0.00000001');
    expect(toMajorString(2_100_000_000_000_000n, 'BTC')).toBe('21000000.00000000');
    expect(toMajorString(1_000_001n, 'USDT')).toBe('1.000001');
  });

  it('shows satoshis in mBTC exactly (1 mBTC = 1e5 sat)', () => {
    const satsPerMilli = subunitOf('BTC') / subCurrencyFactor;
    expect(toMajorString(123_456_789n, satsPerMilli)).toBe('1234.56789');
    expect(toMinor('1234.56789', satsPerMilli)).toBe(123_456_789n);
    expect(reason(() => toMinor('0.000001', satsPerMilli))).toBe('precision');
  });

  it('is exact far beyond 2^53, where a double is not', () => {
    const huge = 2n ** 63n - 1n; // the largest PostgreSQL bigint
    expect(toMajorString(huge, 'EUR')).toBe('92233720368547758.07');
    expect(toMajorString(-huge, 'BTC')).toBe('-92233720368.54775807');
    expect(toMajorString(2n ** 53n + 1n, 'JPY')).toBe('9007199254740993');
    expect(String(Number(2n ** 53n + 1n))).toBe('9007199254740992'); // what a number would have said
    expect(() => toMajor(2n ** 53n + 1n, 'JPY')).toThrow(RangeError);
  });

  it('handles a subunit that is not a power of ten, when its step is a finite decimal', () => {
    expect(toMajorString(3n, 8)).toBe('0.375');
    expect(toMajorString(7n, 5)).toBe('1.4');
    expect(toMinor('1.4', 5)).toBe(7n);
    expect(() => toMajorString(1n, 3)).toThrow(RangeError);
  });

  it('property: digits are the minor amount with a decimal point, for any size', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }), fc.constantFrom(...codes), (minor, code) => {
        const text = toMajorString(minor, code);
        const places = String(subunitOf(code)).length - 1;
        expect(text).toMatch(places === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${places}}$`));
        expect(BigInt(text.replace('.', ''))).toBe(minor);
      }),
    );
  });
});

describe('the pair', () => {
  it('round trips through the string for every currency', () => {
    fc.assert(
      fc.property(minorInRange, fc.constantFrom(...codes), (minor, code) => {
        expect(toMinor(toMajorString(minor, code), code)).toBe(minor);
      }),
    );
  });

  it('round trips through the number (the player API) and agrees with the string', () => {
    fc.assert(
      fc.property(minorInRange, fc.constantFrom(...codes), (minor, code) => {
        const major = toMajor(minor, code);
        expect(toMinor(major, code)).toBe(minor);
        expect(major).toBe(Number(toMajorString(minor, code)));
      }),
    );
  });

  it('no float drift: summing in minor units is exact where summing numbers is not', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { maxLength: 50 }), (parts) => {
        const sum = parts.reduce((a, b) => a + b, 0n);
        const viaStrings = parts.map((m) => toMinor(toMajorString(m, 'EUR'), 'EUR')).reduce((a, b) => a + b, 0n);
        expect(viaStrings).toBe(sum);
        expect(toMajorString(sum, 'EUR')).toBe(toMajorString(viaStrings, 'EUR'));
      }),
    );
  });

  it('property: one digit finer than the currency is refused, never rounded', () => {
    fc.assert(
      fc.property(minorInRange, fc.integer({ min: 1, max: 9 }), fc.constantFrom(...codes), (minor, digit, code) => {
        const text = toMajorString(minor, code);
        const finer = text.includes('.') ? `${text}${digit}` : `${text}.${digit}`;
        expect(reason(() => toMinor(finer, code))).toBe('precision');
      }),
    );
  });

  it('refuses beyond maxExactMinor in either sign', () => {
    expect(toMinor(toMajorString(maxExactMinor, 'EUR'), 'EUR')).toBe(maxExactMinor);
    expect(toMinor(toMajorString(-maxExactMinor, 'BTC'), 'BTC')).toBe(-maxExactMinor);
    expect(reason(() => toMinor(toMajorString(maxExactMinor + 1n, 'EUR'), 'EUR'))).toBe('range');
    expect(reason(() => toMinor(toMajorString(-maxExactMinor - 1n, 'JPY'), 'JPY'))).toBe('range');
  });

  it('negative amounts and zero keep their sign rules', () => {
    expect(toMinor('-10.50', 'EUR')).toBe(-1050n);
    expect(toMinor('-0.00', 'EUR')).toBe(0n);
    expect(toMajorString(toMinor('-0', 'BTC'), 'BTC')).toBe('0.00000000');
  });
});

describe('toMinor with round', () => {
  it('absorbs float noise half away from zero', () => {
    expect(toMinor(0.1 + 0.2, 'EUR', { round: true })).toBe(30n);
    expect(toMinor('0.005', 'EUR', { round: true })).toBe(1n);
    expect(toMinor('-0.005', 'EUR', { round: true })).toBe(-1n);
    expect(toMinor('0.0049', 'EUR', { round: true })).toBe(0n);
    expect(toMinor('2.5', 'JPY', { round: true })).toBe(3n);
  });

  it('still refuses what is not an amount or too large', () => {
    expect(reason(() => toMinor(Number.NaN, 'EUR', { round: true }))).toBe('format');
    expect(reason(() => toMinor('1e40', 'EUR', { round: true }))).toBe('range');
  });

  it('property: equals the exact conversion whenever that one succeeds', () => {
    fc.assert(
      fc.property(minorInRange, fc.constantFrom(...codes), (minor, code) => {
        expect(toMinor(toMajorString(minor, code), code, { round: true })).toBe(minor);
      }),
    );
  });
});
