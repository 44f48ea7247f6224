import { describe, expect, it } from 'vitest';
import { checkPhone, isCallingCode, isPhone, validateValue } from '../../src/validators/index.ts';

describe('phone', () => {
  it.each([
    ['4915123456789', '49', 'DE', '15123456789'],
    ['380501234567', '380', 'UA', '501234567'],
    ['5511987654321', '55', 'BR', '11987654321'],
    ['447400123456', '44', 'GB', '7400123456'],
    ['12015550123', '1', 'US', '2015550123'],
    ['33612345678', '33', 'FR', '612345678'],
    ['79161234567', '7', 'RU', '9161234567'],
  ])('accepts %s (%s, %s)', (input, callingCode, country, nationalNumber) => {
    expect(checkPhone(input)).toEqual({
      valid: true,
      digits: input,
      callingCode,
      nationalNumber,
      country,
      extension: undefined,
    });
    expect(checkPhone(`+${input}`)).toMatchObject({ valid: true, digits: input });
  });

  it('accepts 447911123456, a UK mobile range the metadata files under Guernsey', () => {
    expect(checkPhone('447911123456')).toMatchObject({ valid: true, callingCode: '44', country: 'GG' });
  });

  it('returns the digits-only wire form for formatted input', () => {
    expect(checkPhone('+380 50 123 4567')).toMatchObject({ valid: true, digits: '380501234567' });
  });

  it('recognises extensions', () => {
    expect(checkPhone('4915123456789 ext. 123')).toMatchObject({
      valid: true,
      digits: '4915123456789',
      extension: '123',
    });
    expect(checkPhone('+4915123456789#45')).toMatchObject({ valid: true, extension: '45' });
    expect(checkPhone('4915123456789 ext. 12345678901234567890')).toMatchObject({ extension: '12345678901234567890' });
    // 21 digits is beyond the longest extension style, so the tail is not read as an extension.
    expect(checkPhone('4915123456789 ext. 123456789012345678901')).toEqual({ valid: false, reason: 'NOT_A_NUMBER' });
  });

  it.each([
    ['491234', 'INVALID'],
    ['+491234', 'INVALID'],
    ['551187654321', 'INVALID'],
    ['1', 'TOO_SHORT'],
    ['+49', 'TOO_SHORT'],
    ['4915123456789012345678', 'TOO_LONG'],
    ['999123456', 'INVALID_COUNTRY'],
    ['0123456789', 'INVALID_COUNTRY'],
    ['abc', 'NOT_A_NUMBER'],
    ['++4915123456789', 'NOT_A_NUMBER'],
    ['4915123456789abc', 'NOT_A_NUMBER'],
    ['call +4915123456789 now', 'NOT_A_NUMBER'],
  ])('refuses %s as %s', (input, reason) => {
    expect(checkPhone(input)).toEqual({ valid: false, reason });
    expect(isPhone(input)).toBe(false);
  });

  it('refuses raw input over 250 characters even when the number inside is valid', () => {
    const number = '+4915123456789';
    expect(checkPhone(number.padEnd(250, ' '))).toMatchObject({ valid: true });
    expect(checkPhone(number.padEnd(251, ' '))).toEqual({ valid: false, reason: 'TOO_LONG' });
  });

  it('reports the failure kind as the rule reason', () => {
    expect(validateValue([{ name: 'phone' }], '+491234')).toEqual({
      rule: 'phone',
      key: 'phone',
      params: { reason: 'INVALID' },
    });
    expect(validateValue([{ name: 'phone' }], '1')?.params).toEqual({ reason: 'TOO_SHORT' });
    expect(validateValue([{ name: 'phone' }], ['4915123456789'])?.params).toEqual({ reason: 'NOT_A_NUMBER' });
    expect(validateValue([{ name: 'phone' }], 4915123456789)).toBeNull();
    expect(validateValue([{ name: 'phone' }], '4915123456789')).toBeNull();
  });
});

describe('calling code', () => {
  it.each(['1', '7', '44', '49', '55', '380', '995'])('accepts %s', (code) => {
    expect(isCallingCode(code)).toBe(true);
  });

  it.each([
    ['+49', 'has a plus sign'],
    ['999', 'is unassigned'],
    ['0', 'is not a calling code'],
    ['4910', 'has four digits'],
    ['', 'is empty'],
    ['4a', 'is not digits'],
  ])('refuses %s, which %s', (code) => {
    expect(isCallingCode(code)).toBe(false);
  });

  it('fails the rule for non-string values', () => {
    expect(validateValue([{ name: 'callingCode' }], 49)?.rule).toBe('callingCode');
  });
});
