import { describe, expect, it } from 'vitest';
import { applyPatternMask, formatNumberMask, numberSeparators, unmaskNumber } from '../../src/validators/index.ts';

describe('applyPatternMask', () => {
  it.each([
    ['+7 (###) ###-##-##', '79161234567', '+7 (916) 123-45-67'],
    ['+7 (###) ###-##-##', '9161234567', '+7 (916) 123-45-67'],
    ['###.###.###-##', '52998224725', '529.982.247-25'],
    ['#####-###', '01310-100', '01310-100'],
    ['@@-####', 'ab1234', 'ab-1234'],
    ['***-***', 'a1!b2c3d', 'a1b-2c3'],
    ['####', '12ab34', '1234'],
    ['@@@', 'a1b2c3', 'abc'],
  ])('%s with %s gives %s', (pattern, raw, expected) => {
    expect(applyPatternMask(pattern, raw)).toBe(expected);
  });

  it('stops with the input, without a dangling literal', () => {
    expect(applyPatternMask('##/##', '1')).toBe('1');
    expect(applyPatternMask('##/##', '12')).toBe('12');
    expect(applyPatternMask('##/##', '123')).toBe('12/3');
    expect(applyPatternMask('(###)', '')).toBe('');
  });

  it('drops what does not fit and cuts what overflows', () => {
    expect(applyPatternMask('##/##', 'ab')).toBe('');
    expect(applyPatternMask('##/##', '123456')).toBe('12/34');
  });

  it('is stable when applied to its own output', () => {
    const once = applyPatternMask('+7 (###) ###-##-##', '79161234');
    expect(once).toBe('+7 (916) 123-4');
    expect(applyPatternMask('+7 (###) ###-##-##', once)).toBe(once);
  });
});

describe('formatNumberMask', () => {
  it.each([
    ['1234567.891', { fractionDigits: 2 }, '1,234,567.89'],
    ['1234567,891', { fractionDigits: 2, locale: 'de' }, '1.234.567,89'],
    ['1.234.567,5', { fractionDigits: 2, locale: 'pt-BR' }, '1.234.567,5'],
    ['-1234', {}, '-1,234'],
    ['-1234', { unsigned: true }, '1,234'],
    ['12.', { fractionDigits: 2 }, '12.'],
    ['0.50', { fractionDigits: 2 }, '0.50'],
    ['.5', { fractionDigits: 2 }, '0.5'],
    ['12.75', {}, '12'],
    ['0007', {}, '7'],
    ['', {}, ''],
    ['abc', {}, ''],
    ['-', {}, '-'],
    ['-', { unsigned: true }, ''],
    ['12345678901234567890', {}, '12,345,678,901,234,567,890'],
    ['1234567', { locale: 'en-IN' }, '12,34,567'],
    ['1,234.5', { fractionDigits: 1 }, '1,234.5'],
  ] as const)('%j with %j gives %j', (raw, options, expected) => {
    expect(formatNumberMask(raw, options)).toBe(expected);
  });

  it('uses the locale grouping separator', () => {
    const { group, decimal } = numberSeparators('fr');
    expect(decimal).toBe(',');
    expect(formatNumberMask('1234,5', { fractionDigits: 1, locale: 'fr' })).toBe(`1${group}234,5`);
    expect(numberSeparators('en')).toEqual({ decimal: '.', group: ',' });
    expect(numberSeparators('de')).toEqual({ decimal: ',', group: '.' });
  });

  it('keeps Latin digits in locales with their own numerals', () => {
    expect(formatNumberMask('1234', { locale: 'ar-EG' })).toMatch(/^1.234$/u);
  });

  it('reads a masked value back as a number', () => {
    expect(unmaskNumber('1.234.567,89', 'de')).toBe(1234567.89);
    expect(unmaskNumber('-1,234.5')).toBe(-1234.5);
    expect(unmaskNumber('12.')).toBe(12);
    expect(unmaskNumber('')).toBeNull();
    expect(unmaskNumber('-')).toBeNull();
  });
});
