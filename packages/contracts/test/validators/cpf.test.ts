import { describe, expect, it } from 'vitest';
import { isCpf, validateValue } from '../../src/validators/index.ts';

describe('cpf', () => {
  it.each([
    '529.982.247-25',
    '52998224725',
    '111.444.777-35',
    '11144477735',
    '529982247-25',
    '012.345.678-90',
  ])('accepts %s', (value) => {
    expect(isCpf(value)).toBe(true);
  });

  it.each([
    ['529.982.247-24', 'second check digit off'],
    ['529.982.247-15', 'first check digit off'],
    ['111.444.777-53', 'check digits swapped'],
    ['529.982.248-25', 'body digit changed'],
    ['111.111.111-11', 'all digits the same'],
    ['000.000.000-00', 'all zeros'],
    ['99999999999', 'all nines'],
    ['5299822472', 'ten digits'],
    ['529982247255', 'twelve digits'],
    ['529 982 247 25', 'spaces instead of punctuation'],
    ['529.982.247.25', 'dot before the check digits'],
    ['529-982-247-25', 'hyphens between groups'],
    ['abc.def.ghi-jk', 'letters'],
  ])('refuses %s (%s)', (value) => {
    expect(isCpf(value)).toBe(false);
  });

  it('runs as the cpf rule', () => {
    expect(validateValue([{ name: 'cpf' }], '529.982.247-25')).toBeNull();
    expect(validateValue([{ name: 'cpf' }], '529.982.247-24')).toEqual({ rule: 'cpf', key: 'cpf', params: {} });
    // A number would have lost any leading zero, so it is not taken.
    expect(validateValue([{ name: 'cpf' }], 52998224725)?.rule).toBe('cpf');
  });
});
