import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountError, currencies, maxExactMinor, toMajor, toMinor } from '../../src/reference/index.ts';

const units = [...new Set(currencies.flatMap((c) => [c, ...(c.subCurrencies ?? [])]).map((c) => c.subunitToUnit))];

/** Exact decimal text of minor / 10^k, trailing zeros trimmed: the string JSON should show. */
function decimalOf(minor: bigint, subunitToUnit: number): string {
  const digits = String(subunitToUnit).length - 1;
  const abs = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, '0');
  const int = abs.slice(0, abs.length - digits);
  const frac = abs.slice(abs.length - digits).replace(/0+$/, '');
  return `${minor < 0n ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof AmountError) return e.reason;
    throw e;
  }
  return undefined;
}

describe('toMinor', () => {
  it('adds decimals exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toMinor('0.1', 100) + toMinor('0.2', 100)).toBe(toMinor('0.3', 100));
    expect(toMinor(0.1, 100) + toMinor(0.2, 100)).toBe(30n);
    // The float sum is not 0.30 and is refused instead of being silently rounded.
    expect(reason(() => toMinor(0.1 + 0.2, 100))).toBe('precision');
  });

  it('converts common amounts', () => {
    expect(toMinor(10.5, 100)).toBe(1050n);
    expect(toMinor('10.50', 100)).toBe(1050n);
    expect(toMinor('1.500', 100)).toBe(150n); // trailing zeros carry no value
    expect(toMinor('-1.25', 100)).toBe(-125n);
    expect(toMinor(-0, 100)).toBe(0n);
    expect(toMinor(0, 1)).toBe(0n);
    expect(toMinor(1234, 1)).toBe(1234n); // JPY
    expect(toMinor('21000000', 1e8)).toBe(2_100_000_000_000_000n); // every bitcoin there will ever be
    expect(toMinor(1e-8, 1e8)).toBe(1n); // String(1e-8) is '1e-8'
    expect(toMinor(0.00000123, 1e8)).toBe(123n);
    expect(toMinor('1.5e3', 100)).toBe(150000n);
  });

  it.each(units.map((u) => [u]))('subunit %d: accepts the smallest unit and refuses one digit more', (unit) => {
    const digits = String(unit).length - 1;
    const smallest = digits === 0 ? '1' : `0.${'0'.repeat(digits - 1)}1`;
    const finer = (d: string) => (digits === 0 ? `${smallest}.${d}` : `${smallest}${d}`);
    expect(toMinor(smallest, unit)).toBe(1n);
    expect(toMinor(Number(smallest), unit)).toBe(1n);
    expect(reason(() => toMinor(finer('1'), unit))).toBe('precision');
    expect(reason(() => toMinor(finer('5'), unit))).toBe('precision');
    expect(reason(() => toMinor(Number(finer('5')), unit))).toBe('precision');
  });

  it('refuses too many decimals for JPY and EUR', () => {
    expect(reason(() => toMinor('0.5', 1))).toBe('precision');
    expect(reason(() => toMinor(100.1, 1))).toBe('precision');
    expect(reason(() => toMinor('1.005', 100))).toBe('precision');
    expect(reason(() => toMinor(1.005, 100))).toBe('precision');
  });

  it('refuses malformed input', () => {
    for (const bad of [
      '',
      'abc',
      '1,5',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '5.',
      '0x10',
      '1e',
      '--1',
      '1e99999',
      '9'.repeat(101),
    ]) {
      expect(
        reason(() => toMinor(bad, 100)),
        bad,
      ).toBe('format');
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(reason(() => toMinor(bad, 100))).toBe('format');
    }
  });

  it('refuses amounts beyond maxExactMinor', () => {
    expect(toMinor(maxExactMinor.toString(), 1)).toBe(maxExactMinor);
    expect(toMinor((-maxExactMinor).toString(), 1)).toBe(-maxExactMinor);
    expect(reason(() => toMinor((maxExactMinor + 1n).toString(), 1))).toBe('range');
    expect(reason(() => toMinor('100000000', 1e8))).toBe('range'); // 1e16 sats
    expect(reason(() => toMinor(1e21, 1))).toBe('range'); // String(1e21) is '1e+21'
    expect(reason(() => toMinor(1e300, 100))).toBe('range');
  });

  it('rejects a nonsensical subunit as a programming error', () => {
    expect(() => toMinor('1', 0)).toThrow(RangeError);
    expect(() => toMinor('1', 2.5)).toThrow(RangeError);
  });

  it('throws a typed error', () => {
    try {
      toMinor('1.234', 100);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AmountError);
      expect(e).toMatchObject({ name: 'AmountError', reason: 'precision', amount: '1.234', subunitToUnit: 100 });
    }
  });
});

describe('toMajor', () => {
  it('converts common amounts', () => {
    expect(toMajor(1050n, 100)).toBe(10.5);
    expect(toMajor(1n, 1e8)).toBe(0.00000001);
    expect(toMajor(100_000_000n, 1e8)).toBe(1);
    expect(toMajor(1234n, 1)).toBe(1234);
    expect(toMajor(-125n, 100)).toBe(-1.25);
    expect(Object.is(toMajor(0n, 100), 0)).toBe(true);
    expect(toMajor(1n, 1e6)).toBe(0.000001);
    expect(toMajor(1n, 1000)).toBe(0.001);
  });

  const near = (edge: bigint) => [edge, edge - 1n, edge - 7n, edge - 12_345_678n, -edge, -(edge - 1n)];
  const samples = [0n, 1n, 5n, 99n, 10n ** 15n + 1n, 123_456_789_012_345n, ...near(maxExactMinor)];

  it.each(units.map((u) => [u]))('subunit %d: exact and JSON-stable up to maxExactMinor', (unit) => {
    const check = (minor: bigint) => {
      const major = toMajor(minor, unit);
      // The same double JSON.parse gives for the exact decimal text.
      expect(major).toBe(Number(decimalOf(minor, unit)));
      expect(toMinor(JSON.parse(JSON.stringify(major)) as number, unit)).toBe(minor);
    };
    for (const minor of samples) check(minor);
    fc.assert(fc.property(fc.bigInt({ min: -maxExactMinor, max: maxExactMinor }), check), { numRuns: 2000 });
  });

  it('is exact up to 2^53 for whole units (JPY)', () => {
    expect(toMajor(2n ** 53n, 1)).toBe(2 ** 53);
    expect(toMajor(2n ** 53n - 1n, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(toMajor(-(2n ** 53n), 1)).toBe(-(2 ** 53));
  });

  it('returns the nearest double between 2^52 and 2^53 minor units', () => {
    const minor = 2n ** 53n - 1n; // 90071992.54740991 BTC
    expect(toMajor(minor, 1e8)).toBe(Number('90071992.54740991'));
    // Why toMinor stops at 2^52: here one double stands for two neighbouring sat amounts.
    expect(toMajor(minor, 1e8)).toBe(toMajor(minor - 1n, 1e8));
  });

  it('refuses minor amounts beyond 2^53', () => {
    expect(() => toMajor(2n ** 53n + 1n, 1)).toThrow(RangeError);
    expect(() => toMajor(-(2n ** 53n) - 1n, 100)).toThrow(RangeError);
  });
});
